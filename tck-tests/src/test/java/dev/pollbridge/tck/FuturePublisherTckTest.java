package dev.pollbridge.tck;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * {@code ReactiveStreamsBridge.toOneItemPublisher}: each subscription's future is the join handle of a
 * task that computes the value (or {@code null}, for the empty publisher). At most one item.
 */
public class FuturePublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = TckSettings.runtime();

    public FuturePublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactiveStreamsBridge.toOneItemPublisher(() -> TckSettings.valueTask(runtime, elements), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return ReactiveStreamsBridge.toOneItemPublisher(TckSettings::refusingFactory, runtime);
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
