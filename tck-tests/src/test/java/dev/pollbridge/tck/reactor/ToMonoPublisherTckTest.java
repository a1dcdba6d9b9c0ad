package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.api.Futures;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK against {@code MonoBridge.toMono}: a publisher of at most one item
 * (a future of {@code 42L}, or of {@code null} for the empty case).
 *
 * <p>The TCK skips every test that needs more than {@code maxElementsFromPublisher() = 1}
 * element, the three rule-3.9 tests among them; the fault catalogue's
 * {@code FutureToMonoFaultsTest} checks rule 3.9 for {@code toMono} and {@code mono} directly. (A plain {@code Subscriber} such as the TCK's is wrapped by Reactor in its
 * {@code StrictSubscriber}, which answers {@code request(n <= 0)} with
 * {@code onError(IllegalArgumentException)}.)
 */
public class ToMonoPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = ReactorTck.runtime();

    public ToMonoPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        Long value = elements == 0 ? null : 42L;
        return MonoBridge.toMono(() -> Futures.ready(value), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return MonoBridge.toMono(ReactorTck::refusingFactory, runtime);
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
