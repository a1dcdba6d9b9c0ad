package dev.pollbridge.tck;

import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;

/**
 * {@code ReactiveStreamsBridge.toPublisher} over an {@code Async.stream} body that emits
 * {@code 0 .. elements - 1} from its own thread (rendezvous backpressure), on the shared runtime.
 */
public class AsyncStreamPublisherTckTest extends PublisherVerification<Long> {

    public AsyncStreamPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactiveStreamsBridge.toPublisher(() -> Async.<Long>stream(emitter -> {
            for (long i = 0; i < elements; i++) {
                emitter.emit(i);
            }
        }));
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return ReactiveStreamsBridge.toPublisher(TckSettings::refusingFactory);
    }
}
