package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK against {@code FluxBridge.flux}: an {@code Async.stream} body
 * that emits {@code 0 .. elements - 1}, one rendezvous per item.
 */
public class AsyncFluxPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = ReactorTck.runtime();

    public AsyncFluxPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return FluxBridge.flux(emitter -> {
            for (long i = 0; i < elements; i++) {
                emitter.emit(i);
            }
        }, runtime);
    }

    /**
     * A body that fails at once: the bridge polls its stream once without demand (its one item of
     * look-ahead), so the failure reaches the subscriber right after {@code onSubscribe}, without
     * a request, as the "failed publisher" tests (rules 1.4 and 1.9) expect.
     */
    @Override
    public Publisher<Long> createFailedPublisher() {
        return FluxBridge.flux(emitter -> {
            throw new IllegalStateException("a failed publisher: the body fails at once");
        }, runtime);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
