package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import org.junit.jupiter.api.Test;

class FuseFutureTest extends FutureCombinatorContract {

    @Override
    protected int childCount() {
        return 1;
    }

    @Override
    protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
        return children.get(0).fuse();
    }

    @Override
    protected Object expectedValue() {
        return "v0";
    }

    @Override
    protected void assertPollAfterClose(PollFuture<?> closed) {
        assertPending(closed.poll(Context.of(Waker.noop())));
    }

    @Test
    void isTerminatedOnlyAfterCompletion() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        FusedFuture<String> fused = Futures.fuse(inner);
        try (MockTask<String> task = MockTask.spawn(fused)) {
            assertFalse(fused.isTerminated());
            assertPending(task.poll());
            assertFalse(fused.isTerminated());
            inner.complete("x");
            assertReady(task.poll(), "x");
            assertTrue(fused.isTerminated());
            assertEquals(1, inner.closes());
            assertPending(task.poll());
            assertEquals(2, inner.polls(), "a terminated fuse does not poll its inner future again");
        }
        assertEquals(1, inner.closes());
    }

    @Test
    void aSelectLoopCanKeepPollingEveryFusedMember() {
        ProbeFuture<String> a = new ProbeFuture<>();
        ProbeFuture<String> b = new ProbeFuture<>();
        List<FusedFuture<String>> members = List.of(a.fuse(), b.fuse());
        Context cx = Context.of(Waker.noop());
        a.complete("a");
        StringBuilder order = new StringBuilder();
        for (int round = 0; round < 3; round++) {
            if (round == 1) {
                b.complete("b");
            }
            for (FusedFuture<String> member : members) {
                Poll<String> poll = member.poll(cx);
                if (poll.isReady()) {
                    order.append(poll.value());
                }
            }
        }
        assertEquals("ab", order.toString());
        assertTrue(members.stream().allMatch(FusedFuture::isTerminated));
    }

    @Test
    void nullIsRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Futures.fuse(null));
    }
}
