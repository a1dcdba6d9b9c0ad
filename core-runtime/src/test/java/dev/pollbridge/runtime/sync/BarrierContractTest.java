package dev.pollbridge.runtime.sync;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Waker;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * {@link Barrier#arriveAndWait()} keeps the contract while it waits for the other party; the
 * other party's arrival completes it (as a follower), and a closed wait withdraws its arrival.
 */
class BarrierContractTest {

    @Nested
    class ArriveAndWait extends PollFutureContract<Boolean> {
        @Override
        protected FutureSubject<Boolean> subject() {
            Barrier barrier = new Barrier(2);
            return FutureSubject.of(barrier.arriveAndWait())
                    .completesWith(false, () -> {
                        // The other party completes the round only after the subject arrived (its
                        // first poll): a trigger racing that poll (the contract's race rounds
                        // without a poll before) waits for the arrival instead of arriving first.
                        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(1))
                                .until(() -> barrier.waiting() > 0);
                        if (!barrier.arriveAndWait().poll(Context.of(Waker.noop())).isReady()) {
                            throw new AssertionError("the second arrival did not complete the round");
                        }
                    })
                    .upstream(Upstream.queued("arrival at the barrier", () -> barrier.waiting() > 0))
                    .closing(() -> assertEquals(0, barrier.waiting(), "no arrival left behind"));
        }
    }
}
