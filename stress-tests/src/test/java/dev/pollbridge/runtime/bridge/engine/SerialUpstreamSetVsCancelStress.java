package dev.pollbridge.runtime.bridge.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code SerialUpstream}: demand was recorded before the subscription arrived; now the
 * subscription is set ({@code onSubscribe}) while the consumer cancels on another thread. A
 * cancel that comes before the subscription is remembered and delivered when it is set; either
 * way the subscription is cancelled exactly once, and the early demand is forwarded only if the
 * subscription was drained before the cancel was recorded.
 *
 * <p>Outcome: (demand forwarded; cancels forwarded; a request after the cancel; overlapping calls).
 */
@JCStressTest
@Outcome(id = "3, 1, 0, 0", expect = ACCEPTABLE, desc = "set and drained first: the early demand, then the cancel")
@Outcome(id = "0, 1, 0, 0", expect = ACCEPTABLE, desc = "cancel recorded first: delivered on set, demand dropped")
@Outcome(expect = FORBIDDEN, desc = "cancel lost or doubled, a request after the cancel, or overlapping calls")
@State
public class SerialUpstreamSetVsCancelStress {

    private final SerialUpstream serial = new SerialUpstream(UnexpectedFailures.INSTANCE);
    private final RecordingUpstream upstream = new RecordingUpstream();

    public SerialUpstreamSetVsCancelStress() {
        serial.request(3);
    }

    @Actor
    public void subscriber() {
        if (!serial.set(upstream)) {
            throw new AssertionError("the first set installs the subscription");
        }
    }

    @Actor
    public void canceller() {
        serial.cancel();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        upstream.writeTo(r);
    }
}
