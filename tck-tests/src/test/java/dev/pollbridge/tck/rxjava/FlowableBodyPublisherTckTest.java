package dev.pollbridge.tck.rxjava;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.rxjava3.FlowableBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK against {@code FlowableBridge.rxFlowable}: an {@code Async.stream} body
 * that emits {@code 0 .. elements - 1}, one rendezvous per item. The "failed publisher" is a
 * {@code rxFlowable(body)} on a closed runtime, which refuses every subscriber with
 * {@code onSubscribe} and then {@code onError(RejectedExecutionException)}, without a request.
 */
public class FlowableBodyPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = RxTck.runtime();
    private final PollRuntime closed = RxTck.closedRuntime();

    public FlowableBodyPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return FlowableBridge.rxFlowable(emitter -> {
            for (long i = 0; i < elements; i++) {
                emitter.emit(i);
            }
        }, runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return FlowableBridge.<Long>rxFlowable(emitter -> emitter.emit(0L), closed);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
