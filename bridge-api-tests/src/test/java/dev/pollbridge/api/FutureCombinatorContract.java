package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every future combinator over {@link ProbeFuture} children must keep: laziness, wake
 * propagation, no lost wake, ready is final, and ownership (each child it took is closed exactly
 * once, whether it finished, failed or was cancelled). A subclass only says how to build the
 * combinator and what it should produce.
 *
 * <p>A child "taken" by the combinator is one it owned from build time ({@link #ownedFromBuild})
 * or one it polled (a future handed over later, like flatMap's second). Every other child must be
 * left untouched.
 */
abstract class FutureCombinatorContract {

    protected List<ProbeFuture<Object>> children;
    protected PollFuture<?> future;

    /** How many probe children the combinator is built over. */
    protected abstract int childCount();

    /** Builds the combinator under test over {@code children}. */
    protected abstract PollFuture<?> build(List<ProbeFuture<Object>> children);

    /** What the combinator is ready with once every child completed with {@link #input}. */
    protected abstract Object expectedValue();

    /** The value child {@code index} completes with. */
    protected Object input(int index) {
        return "v" + index;
    }

    /** The child that fails in the failure scenario; the others complete with their input. */
    protected int failingChild() {
        return 0;
    }

    /** The outcome when {@link #failingChild()} fails with {@code error}. */
    protected Poll<?> expectedOnFailure(Throwable error) {
        return Poll.failed(error);
    }

    /** True if child {@code index} belongs to the combinator from build time. */
    protected boolean ownedFromBuild(int index) {
        return true;
    }

    /** What a poll after the combinator completed must do: throw (rule 9). */
    protected void assertPollAfterCompletion(MockTask<?> task) {
        assertThrows(IllegalStateException.class, task::poll);
    }

    /** What a poll after close must do: throw. */
    protected void assertPollAfterClose(PollFuture<?> closed) {
        assertThrows(IllegalStateException.class, () -> closed.poll(Context.of(Waker.noop())));
    }

    @BeforeEach
    void buildCombinator() {
        children = new ArrayList<>();
        for (int i = 0; i < childCount(); i++) {
            children.add(new ProbeFuture<>());
        }
        future = build(children);
    }

    private MockTask<?> spawn() {
        return MockTask.spawn(future);
    }

    private void completeAll() {
        for (int i = 0; i < children.size(); i++) {
            children.get(i).complete(input(i));
        }
    }

    private void failOne(Throwable error) {
        for (int i = 0; i < children.size(); i++) {
            if (i == failingChild()) {
                children.get(i).fail(error);
            } else {
                children.get(i).complete(input(i));
            }
        }
    }

    /** Each child taken is closed exactly once; every other child is untouched. */
    protected void assertEachTakenChildClosedOnce() {
        for (int i = 0; i < children.size(); i++) {
            ProbeFuture<Object> child = children.get(i);
            if (ownedFromBuild(i) || child.polls() > 0) {
                assertEquals(1, child.closes(), "closes of child " + i);
            } else {
                assertEquals(0, child.closes(), "closes of child " + i + " (never handed over)");
            }
            assertEquals(0, child.pollsAfterReady(), "polls after ready of child " + i);
        }
    }

    @Test
    void buildingPollsNoChild() {
        for (ProbeFuture<Object> child : children) {
            assertEquals(0, child.polls());
            assertEquals(0, child.closes());
        }
    }

    @Test
    void pendingWhileChildrenArePendingAndAChildHoldsTheWaker() {
        MockTask<?> task = spawn();
        assertPending(task.poll());
        assertTrue(children.stream().anyMatch(ProbeFuture::hasWaker), "some child holds the task's waker");
        assertTrue(children.stream().noneMatch(ProbeFuture::isClosed), "no child closed while needed");
    }

    @Test
    void aChildsWakeReachesThePollingTask() {
        MockTask<?> task = spawn();
        assertPending(task.poll());
        children.get(0).complete(input(0));
        assertTrue(task.isWoken());
    }

    @Test
    void completionBetweenTwoPollsIsNotLost() {
        MockTask<?> task = spawn();
        assertPending(task.poll());
        completeAll();
        assertTrue(task.isWoken());
        assertEquals(Poll.ready(expectedValue()), task.poll());
        assertEachTakenChildClosedOnce();
    }

    @Test
    void readyOnTheFirstPollWhenChildrenAreAlreadyComplete() {
        completeAll();
        MockTask<?> task = spawn();
        assertEquals(Poll.ready(expectedValue()), task.poll());
    }

    @Test
    void failure() {
        RuntimeException error = new RuntimeException("boom");
        MockTask<?> task = spawn();
        assertPending(task.poll());
        failOne(error);
        assertTrue(task.isWoken());
        assertEquals(expectedOnFailure(error), task.poll());
        assertEachTakenChildClosedOnce();
    }

    @Test
    void finishingClosesEveryChildExactlyOnce() {
        completeAll();
        MockTask<?> task = spawn();
        task.poll();
        assertEachTakenChildClosedOnce();
        task.close();
        future.close();
        assertEachTakenChildClosedOnce();
    }

    @Test
    void pollAfterReadyIsRejected() {
        completeAll();
        MockTask<?> task = spawn();
        task.poll();
        assertPollAfterCompletion(task);
    }

    @Test
    void pollAfterFailureIsRejected() {
        failOne(new RuntimeException("boom"));
        MockTask<?> task = spawn();
        task.poll();
        assertPollAfterCompletion(task);
    }

    @Test
    void closeBeforeTheFirstPollClosesEachOwnedChildOnce() {
        future.close();
        future.close();
        assertEachTakenChildClosedOnce();
        for (int i = 0; i < children.size(); i++) {
            if (ownedFromBuild(i)) {
                assertTrue(children.get(i).isCancelled(), "child " + i + " cancelled");
            }
        }
        assertPollAfterClose(future);
    }

    @Test
    void closeWhilePendingCancelsEachChildOnce() {
        MockTask<?> task = spawn();
        assertPending(task.poll());
        task.close();
        future.close();
        assertEachTakenChildClosedOnce();
        for (ProbeFuture<Object> child : children) {
            if (child.isClosed()) {
                assertTrue(child.isCancelled());
            }
        }
    }
}
