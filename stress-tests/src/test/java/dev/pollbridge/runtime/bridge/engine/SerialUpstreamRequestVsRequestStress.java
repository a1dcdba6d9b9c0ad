package dev.pollbridge.runtime.bridge.engine;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code SerialUpstream}: two threads request at once (the initial request from
 * {@code onSubscribe} and a replenish from the poller). All demand arrives, in one call or two,
 * and the calls never overlap (rule 2.7); when one drainer sees both wishes, they are coalesced.
 *
 * <p>Outcome: (demand forwarded; request calls; overlapping calls).
 */
@JCStressTest
@Outcome(id = "5, 2, 0", expect = ACCEPTABLE, desc = "two serial calls")
@Outcome(id = "5, 1, 0", expect = ACCEPTABLE_INTERESTING, desc = "one drainer forwarded both wishes in one call")
@Outcome(expect = FORBIDDEN, desc = "demand lost or doubled, or overlapping calls")
@State
public class SerialUpstreamRequestVsRequestStress {

    private final SerialUpstream serial = new SerialUpstream(UnexpectedFailures.INSTANCE);
    private final RecordingUpstream upstream = new RecordingUpstream();

    public SerialUpstreamRequestVsRequestStress() {
        serial.set(upstream);
    }

    @Actor
    public void initial() {
        serial.request(2);
    }

    @Actor
    public void replenish() {
        serial.request(3);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = (int) upstream.requested;
        r.r2 = upstream.requestCalls;
        r.r3 = upstream.overlapped ? 1 : 0;
    }
}
