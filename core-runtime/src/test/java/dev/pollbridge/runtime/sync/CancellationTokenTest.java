package dev.pollbridge.runtime.sync;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.ProbeFuture;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * tokio-util's {@code tokio-util/tests/sync_cancellation_token.rs}, ported in our own words: each
 * test names the Tokio test it ports. A Tokio token clone is the same Java object, and the
 * {@code _owned} variants are the plain ones (a Java future holds its token). Tokio's
 * {@code run_until_cancelled} returns {@code None} when cancelled; ours fails with
 * {@link CancellationException}. Not ported: {@code derives_send_sync} (every method here is
 * thread-safe) and the pinning of {@code cancel_token_owned_drop_test} beyond dropping a pending
 * future.
 */
class CancellationTokenTest {

    private static Poll<Void> poll(PollFuture<Void> future, CountingWaker waker) {
        return future.poll(Context.of(waker));
    }

    /** Tokio: {@code cancel_token} (and {@code cancel_token_owned}). */
    @Test
    void cancelWakesTheWaitingFutureAndCompletesAll() {
        CountingWaker waker = new CountingWaker();
        CancellationToken token = new CancellationToken();
        assertFalse(token.isCancelled());
        PollFuture<Void> waiting = token.cancelled();
        assertPending(poll(waiting, waker));
        assertEquals(0, waker.count());
        PollFuture<Void> createdBefore = token.cancelled();
        token.cancel();
        assertEquals(1, waker.count());
        assertTrue(token.isCancelled());
        assertReady(poll(waiting, waker));
        assertReady(poll(createdBefore, waker));
    }

    /** Tokio: {@code cancel_token_owned_drop_test}: a pending future dropped leaves the token clean. */
    @Test
    void aPendingFutureClosedLeavesTheQueue() throws ReflectiveOperationException {
        CountingWaker waker = new CountingWaker();
        CancellationToken token = new CancellationToken();
        PollFuture<Void> waiting = token.cancelled();
        assertPending(poll(waiting, waker));
        assertTrue(queued(token));
        waiting.close();
        assertFalse(queued(token));
        token.cancel();
        assertEquals(0, waker.count());
    }

    /** Tokio: {@code cancel_child_token_through_parent}. */
    @Test
    void cancellingTheParentCancelsTheChild() {
        CountingWaker waker = new CountingWaker();
        CancellationToken token = new CancellationToken();
        CancellationToken child = token.childToken();
        assertFalse(child.isCancelled());
        PollFuture<Void> childWait = child.cancelled();
        PollFuture<Void> parentWait = token.cancelled();
        assertPending(poll(childWait, waker));
        assertPending(poll(parentWait, waker));
        assertEquals(0, waker.count());
        token.cancel();
        assertEquals(2, waker.count());
        assertTrue(token.isCancelled());
        assertTrue(child.isCancelled());
        assertReady(poll(childWait, waker));
        assertReady(poll(parentWait, waker));
    }

    /**
     * Tokio: {@code cancel_grandchild_token_through_parent_if_child_was_dropped}. Here "dropped"
     * is "no longer referenced": the intermediate token is collected only if its child does not
     * hold it, and it does (a child holds its parent), so the cancel still reaches the grandchild.
     */
    @Test
    void cancellingReachesAGrandchildWhoseParentNobodyHolds() {
        CountingWaker waker = new CountingWaker();
        CancellationToken token = new CancellationToken();
        CancellationToken child = grandchildOfUnheldChild(token);
        System.gc();
        assertFalse(child.isCancelled());
        PollFuture<Void> childWait = child.cancelled();
        PollFuture<Void> parentWait = token.cancelled();
        assertPending(poll(childWait, waker));
        assertPending(poll(parentWait, waker));
        token.cancel();
        assertEquals(2, waker.count());
        assertTrue(child.isCancelled());
        assertReady(poll(childWait, waker));
        assertReady(poll(parentWait, waker));
    }

    private static CancellationToken grandchildOfUnheldChild(CancellationToken token) {
        return token.childToken().childToken();
    }

    /** Tokio: {@code cancel_child_token_without_parent}. */
    @Test
    void cancellingAChildLeavesTheParent() {
        CountingWaker waker = new CountingWaker();
        CancellationToken token = new CancellationToken();
        CancellationToken child1 = token.childToken();
        PollFuture<Void> childWait = child1.cancelled();
        PollFuture<Void> parentWait = token.cancelled();
        assertPending(poll(childWait, waker));
        assertPending(poll(parentWait, waker));
        child1.cancel();
        assertEquals(1, waker.count());
        assertFalse(token.isCancelled());
        assertTrue(child1.isCancelled());
        assertReady(poll(childWait, waker));
        assertPending(poll(parentWait, waker));

        CancellationToken child2 = token.childToken();
        PollFuture<Void> child2Wait = child2.cancelled();
        assertPending(poll(child2Wait, waker));
        assertPending(poll(parentWait, waker));
        token.cancel();
        assertEquals(3, waker.count());
        assertTrue(token.isCancelled());
        assertTrue(child2.isCancelled());
        assertReady(poll(child2Wait, waker));
        assertReady(poll(parentWait, waker));
    }

    /** Tokio: {@code create_child_token_after_parent_was_cancelled}. */
    @Test
    void aChildOfACancelledTokenIsBornCancelled() {
        CountingWaker waker = new CountingWaker();
        CancellationToken token = new CancellationToken();
        token.cancel();
        CancellationToken child = token.childToken();
        assertTrue(child.isCancelled());
        assertReady(poll(child.cancelled(), waker));
        assertReady(poll(token.cancelled(), waker));
        assertEquals(0, waker.count());
    }

    /** Tokio: {@code drop_multiple_child_tokens}: children nobody holds leave the parent's list. */
    @Test
    void childrenNobodyHoldsAreCollected() throws ReflectiveOperationException {
        CancellationToken token = new CancellationToken();
        List<WeakReference<CancellationToken>> children = List.of(
                new WeakReference<>(token.childToken()), new WeakReference<>(token.childToken()),
                new WeakReference<>(token.childToken()));
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10)).until(() -> {
            System.gc();
            return children.stream().allMatch(child -> child.get() == null);
        });
        for (int batch = 0; batch < 10; batch++) {
            for (int i = 0; i < 1000; i++) {
                token.childToken(); // nobody holds it; a later add prunes it once collected
            }
            System.gc();
        }
        assertTrue(childLinks(token) < 5000, "the parent kept " + childLinks(token) + " links of 10,003 children");
        assertFalse(token.isCancelled());
    }

    /** Tokio: {@code cancel_only_all_descendants}. */
    @Test
    void cancelReachesOnlyTheDescendants() {
        CountingWaker waker = new CountingWaker();
        CancellationToken parent = new CancellationToken();
        CancellationToken token = parent.childToken();
        CancellationToken sibling = parent.childToken();
        CancellationToken child1 = token.childToken();
        CancellationToken child2 = token.childToken();
        CancellationToken grandchild = child1.childToken();
        CancellationToken grandchild2 = child1.childToken();
        CancellationToken greatGrandchild = grandchild.childToken();
        List<CancellationToken> all = List.of(parent, token, sibling, child1, child2, grandchild, grandchild2,
                greatGrandchild);
        all.forEach(t -> assertFalse(t.isCancelled()));
        List<PollFuture<Void>> waits = all.stream().map(CancellationToken::cancelled).toList();
        waits.forEach(wait -> assertPending(poll(wait, waker)));
        assertEquals(0, waker.count());

        token.cancel();

        assertEquals(6, waker.count());
        assertFalse(parent.isCancelled());
        assertFalse(sibling.isCancelled());
        for (int i = 0; i < all.size(); i++) {
            boolean descendant = all.get(i) != parent && all.get(i) != sibling;
            assertEquals(descendant, all.get(i).isCancelled());
            if (descendant) {
                assertReady(poll(waits.get(i), waker));
            }
        }
        assertEquals(6, waker.count());
    }

    /** Tokio: {@code drop_parent_before_child_tokens}: a child outlives its parent's holders. */
    @Test
    void aChildOutlivesItsParentsHolders() {
        CancellationToken child1 = new CancellationToken().childToken();
        System.gc();
        assertFalse(child1.isCancelled());
    }

    /** Tokio: {@code run_until_cancelled_test} (and {@code run_until_cancelled_owned_test}). */
    @Test
    void runUntilCancelled() {
        CountingWaker waker = new CountingWaker();
        Context cx = Context.of(waker);

        CancellationToken token = new CancellationToken();
        try (PollFuture<Void> never = token.runUntilCancelled(Futures.pending())) {
            assertPending(never.poll(cx));
            token.cancel();
            assertFailed(never.poll(cx), CancellationException.class);
        }

        CancellationToken token2 = new CancellationToken();
        Promise<Integer> tx = Promise.create();
        try (PollFuture<Integer> work = token2.runUntilCancelled(tx.future().map(ignored -> 42))) {
            assertPending(work.poll(cx));
            tx.complete(0);
            assertReady(work.poll(cx), 42);
        }

        // the future is not polled when the token is already cancelled
        CancellationToken token3 = new CancellationToken();
        ProbeFuture<Integer> unpolled = new ProbeFuture<>();
        try (PollFuture<Integer> work = token3.runUntilCancelled(unpolled)) {
            token3.cancel();
            assertFailed(work.poll(cx), CancellationException.class);
        }
        assertEquals(0, unpolled.polls());
        assertEquals(1, unpolled.closes());
    }

    /**
     * Tokio: {@code cloned_cancellation_tokens_are_considered_equal},
     * {@code child_cancellation_tokens_are_not_considered_equal},
     * {@code independent_cancellation_tokens_are_not_considered_equal} and the two hash tests: a
     * Java token is shared by reference and compares by identity.
     */
    @Test
    void tokensCompareByIdentity() {
        CancellationToken token = new CancellationToken();
        CancellationToken sameToken = token;
        assertSame(token, sameToken);
        assertEquals(token.hashCode(), sameToken.hashCode());
        assertNotEquals(token, token.childToken());
        assertNotEquals(new CancellationToken(), new CancellationToken());
    }

    // ---- beyond the Tokio file -----------------------------------------------------------------

    @Test
    void aDropGuardCancelsWhenClosedUnlessDisarmed() {
        CancellationToken armed = new CancellationToken();
        try (DropGuard guard = armed.dropGuard()) {
            assertTrue(guard.isArmed());
        }
        assertTrue(armed.isCancelled());

        CancellationToken kept = new CancellationToken();
        DropGuard guard = kept.dropGuard();
        assertSame(kept, guard.disarm());
        guard.close();
        assertFalse(kept.isCancelled());
        assertThrows(IllegalStateException.class, guard::disarm);
    }

    @Test
    void runUntilCancelledPassesOnTheWorksFailureAndClosesItOnce() {
        CancellationToken token = new CancellationToken();
        ProbeFuture<Integer> work = new ProbeFuture<>();
        try (PollFuture<Integer> run = token.runUntilCancelled(work)) {
            assertPending(run.poll(Context.of(new CountingWaker())));
            IllegalStateException failure = new IllegalStateException("work failed");
            work.fail(failure);
            assertSame(failure, assertFailed(run.poll(Context.of(new CountingWaker())), IllegalStateException.class));
            assertThrows(IllegalStateException.class, () -> run.poll(Context.of(new CountingWaker())));
        }
        assertEquals(1, work.closes());
        token.cancel(); // nothing left to close
        assertEquals(1, work.closes());
    }

    @Test
    void cancelIsIdempotentAndACancelledFutureIsFinal() {
        CancellationToken token = new CancellationToken();
        CancellationToken child = token.childToken();
        token.cancel();
        token.cancel();
        child.cancel();
        try (PollFuture<Void> wait = child.cancelled()) {
            assertReady(wait.poll(Context.of(new CountingWaker())));
            assertThrows(IllegalStateException.class, () -> wait.poll(Context.of(new CountingWaker())));
        }
    }

    @Test
    void aThrowingWakerDoesNotStopTheCancellationOfTheRest() {
        CancellationToken token = new CancellationToken();
        CancellationToken child = token.childToken();
        IllegalStateException broken = new IllegalStateException("broken waker");
        PollFuture<Void> throwing = token.cancelled();
        assertPending(throwing.poll(Context.of(() -> {
            throw broken;
        })));
        CountingWaker waker = new CountingWaker();
        assertPending(poll(child.cancelled(), waker));
        assertSame(broken, assertThrows(IllegalStateException.class, token::cancel));
        assertTrue(child.isCancelled());
        assertEquals(1, waker.count());
    }

    /** True while the token's wait queue holds a future (read under its lock, by reflection). */
    private static boolean queued(CancellationToken token) {
        return WaitQueues.nonEmpty(token, "waiters").getAsBoolean();
    }

    private static int childLinks(CancellationToken token) throws ReflectiveOperationException {
        Field children = CancellationToken.class.getDeclaredField("children");
        Field lock = CancellationToken.class.getDeclaredField("lock");
        children.setAccessible(true);
        lock.setAccessible(true);
        synchronized (lock.get(token)) {
            List<?> links = (List<?>) children.get(token);
            return links == null ? 0 : links.size();
        }
    }
}
