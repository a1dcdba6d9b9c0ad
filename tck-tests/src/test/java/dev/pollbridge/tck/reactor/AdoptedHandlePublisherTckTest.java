package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * The Reactive Streams TCK against {@code MonoBridge.toMono(JoinHandle)}: each publisher
 * adopts a freshly spawned task that computes {@code 42L} (or {@code null}, for the empty case).
 * The failed publisher adopts a task that fails at once. A handle delivers its result once, so
 * such a Mono serves one subscriber; the TCK's multi-subscriber rule (1.11) is optional and
 * reports that as not supported.
 */
public class AdoptedHandlePublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = ReactorTck.runtime();

    public AdoptedHandlePublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        Long value = elements == 0 ? null : 42L;
        return MonoBridge.toMono(runtime.spawn(cx -> Poll.ready(value)), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return MonoBridge.toMono(runtime.spawn(Futures.<Long>failed(
                new IllegalStateException("the adopted task failed"))), runtime);
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
