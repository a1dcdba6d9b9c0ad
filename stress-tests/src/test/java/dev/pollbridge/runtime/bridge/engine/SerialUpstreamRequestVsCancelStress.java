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
 * {@code SerialUpstream}: a request (the poller replenishing demand) races with a cancel (the
 * consumer's {@code close()}) on another thread. Both record their wish and the one that moves
 * the work-in-progress count from 0 forwards: the cancel reaches the subscription exactly once,
 * no request follows it, and the two calls never overlap.
 * <ul>
 *   <li>the request is forwarded before the cancel is recorded: request(5), then cancel;
 *   <li>the cancel is recorded first (by either drainer's loop): the demand is dropped.
 * </ul>
 * Outcome: (demand forwarded; cancels forwarded; a request after the cancel; overlapping calls).
 */
@JCStressTest
@Outcome(id = "5, 1, 0, 0", expect = ACCEPTABLE, desc = "request forwarded, then the cancel")
@Outcome(id = "0, 1, 0, 0", expect = ACCEPTABLE, desc = "cancel first: the demand was dropped")
@Outcome(expect = FORBIDDEN, desc = "cancel lost or doubled, a request after the cancel, or overlapping calls")
@State
public class SerialUpstreamRequestVsCancelStress {

    private final SerialUpstream serial = new SerialUpstream(UnexpectedFailures.INSTANCE);
    private final RecordingUpstream upstream = new RecordingUpstream();

    public SerialUpstreamRequestVsCancelStress() {
        serial.set(upstream);
    }

    @Actor
    public void requester() {
        serial.request(5);
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
