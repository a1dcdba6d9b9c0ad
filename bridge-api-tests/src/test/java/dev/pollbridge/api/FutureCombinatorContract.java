package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kit's {@link PollFutureContract} for a combinator over {@link ProbeFuture} children, plus
 * what every combinator owes its children beyond it: a partial completion wakes the task, ready at
 * the first poll when the children are, each finished child closed as soon as the combinator is
 * done with it, and a poll after close rejected. A subclass says how to build the combinator and
 * what it produces.
 *
 * <p>A child "taken" by the combinator is one it owned from build time ({@link #ownedFromBuild})
 * or one it polled (a future handed over later, like flatMap's second). Every other child must be
 * left untouched.
 */
abstract class FutureCombinatorContract extends PollFutureContract<Object> {

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

    /**
     * The outcome when {@link #failingChild()} fails with {@code error}: the same failure, unless
     * the combinator recovers (then its failure checks are skipped: it cannot fail this way).
     */
    protected Poll<?> expectedOnFailure(Throwable error) {
        return Poll.failed(error);
    }

    /**
     * The children the contract's completion trigger completes, racing the combinator's polls:
     * all of them, unless only some can decide the value under a race (a select).
     */
    protected int completedByTrigger() {
        return childCount();
    }

    /** True if child {@code index} belongs to the combinator from build time. */
    protected boolean ownedFromBuild(int index) {
        return true;
    }

    /** What a poll after close must do: throw. */
    protected void assertPollAfterClose(PollFuture<?> closed) {
        assertThrows(IllegalStateException.class, () -> closed.poll(Context.of(Waker.noop())));
    }

    @Override
    protected FutureSubject<Object> subject() {
        List<ProbeFuture<Object>> children = probes();
        FutureSubject<Object> subject = FutureSubject.of(built(children))
                .completesWith(expectedValue(), () -> completeAll(children.subList(0, completedByTrigger())));
        if (expectedOnFailure(new RuntimeException()).isFailed()) {
            subject.failsWith(error -> failOne(children, error));
        }
        for (int i = 0; i < children.size(); i++) {
            subject.upstream(ownedFromBuild(i) ? Upstream.of(children.get(i)) : Upstream.handedOver(children.get(i)));
        }
        return subject;
    }

    /**
     * For the dropped-value checks: the combinator, its first child completing with
     * {@code value} (the others with their {@link #input}). Nobody reading the result, the value is
     * closed once, by the child that still holds it (a probe drops what it holds when closed) or by
     * the combinator that collected it; read, it is the reader's (in the result, or consumed by
     * the combinator's function), whatever the combinator made of it.
     */
    @Override
    protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
        List<ProbeFuture<Object>> children = probes();
        return FutureSubject.of(built(children)).completes(() -> {
            children.get(0).complete(value);
            completeAll(children.subList(1, completedByTrigger()), 1);
        }, result -> { });
    }

    private List<ProbeFuture<Object>> probes() {
        List<ProbeFuture<Object>> children = new ArrayList<>();
        for (int i = 0; i < childCount(); i++) {
            children.add(new ProbeFuture<>());
        }
        return children;
    }

    @SuppressWarnings("unchecked")
    private PollFuture<Object> built(List<ProbeFuture<Object>> children) {
        return (PollFuture<Object>) build(children);
    }

    private void completeAll(List<ProbeFuture<Object>> children) {
        completeAll(children, 0);
    }

    /** Completes {@code children}, the first of which is child number {@code first}. */
    private void completeAll(List<ProbeFuture<Object>> children, int first) {
        for (int i = 0; i < children.size(); i++) {
            children.get(i).complete(input(first + i));
        }
    }

    private void failOne(List<ProbeFuture<Object>> children, Throwable error) {
        for (int i = 0; i < children.size(); i++) {
            if (i == failingChild()) {
                children.get(i).fail(error);
            } else {
                children.get(i).complete(input(i));
            }
        }
    }

    /** Each child taken is closed exactly once; every other child is untouched. */
    private void assertEachTakenChildClosedOnce(List<ProbeFuture<Object>> children) {
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
    void aChildsWakeReachesThePollingTask() {
        List<ProbeFuture<Object>> children = probes();
        try (MockTask<?> task = MockTask.spawn(build(children))) {
            assertPending(task.poll());
            children.get(0).complete(input(0));
            assertTrue(task.isWoken());
        }
    }

    @Test
    void readyOnTheFirstPollWhenChildrenAreAlreadyComplete() {
        List<ProbeFuture<Object>> children = probes();
        completeAll(children);
        try (MockTask<?> task = MockTask.spawn(build(children))) {
            assertEquals(Poll.ready(expectedValue()), task.poll());
        }
    }

    @Test
    void finishingClosesEveryTakenChildBeforeTheCombinatorIsClosed() {
        List<ProbeFuture<Object>> children = probes();
        completeAll(children);
        try (MockTask<?> task = MockTask.spawn(build(children))) {
            task.poll();
            assertEachTakenChildClosedOnce(children);
        }
        assertEachTakenChildClosedOnce(children);
    }

    @Test
    void aPollAfterCloseIsRejected() {
        PollFuture<?> future = build(probes());
        future.close();
        assertPollAfterClose(future);
    }
}
