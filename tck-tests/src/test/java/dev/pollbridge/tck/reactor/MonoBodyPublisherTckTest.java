package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK against {@code MonoBridge.mono}: an {@code Async} body that returns
 * {@code 42L} (or {@code null}, for the empty case), a publisher of at most one item. The failed
 * publisher's body throws at once: its task starts at subscribe, so the error arrives without
 * any request (rules 1.4 and 1.9).
 */
public class MonoBodyPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = ReactorTck.runtime();

    public MonoBodyPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        Long value = elements == 0 ? null : 42L;
        return MonoBridge.mono(() -> value, runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return MonoBridge.mono(() -> {
            throw new IllegalStateException("this body fails at once");
        }, runtime);
    }

    @Override
    public long maxElementsFromPublisher() {
        return 1;
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
