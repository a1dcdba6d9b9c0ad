package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.Runtime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK against {@code ReactorBridge.flux}: an {@code Async.stream} body
 * that emits {@code 0 .. elements - 1}, one rendezvous per item.
 */
public class AsyncFluxPublisherTckTest extends PublisherVerification<Long> {

    private final Runtime runtime = ReactorTck.runtime();

    public AsyncFluxPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactorBridge.flux(emitter -> {
            for (long i = 0; i < elements; i++) {
                emitter.emit(i);
            }
        }, runtime);
    }

    /**
     * None: a body runs only when the stream is polled, and the stream is polled only while the
     * subscriber has demand, so a body that fails at once is reported after the first
     * {@code request}, not right after {@code onSubscribe} as the "failed publisher" tests
     * (rules 1.4 and 1.9, which do not request) expect. Returning {@code null} skips them; the
     * refusing-factory variant of {@link ToFluxPublisherTckTest} covers rule 1.9.
     */
    @Override
    public Publisher<Long> createFailedPublisher() {
        return null;
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
