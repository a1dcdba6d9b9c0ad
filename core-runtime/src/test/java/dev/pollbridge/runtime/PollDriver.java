package dev.pollbridge.runtime;

import static org.awaitility.Awaitility.await;

import dev.pollbridge.api.Poll;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import org.awaitility.core.ConditionFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Drives a {@link MockTask} the way an executor would: polls, and after {@code pending} polls
 * again only once the waker was called. A lost wake-up therefore shows up as a timeout.
 * Polls run on the calling thread (task-locals are per thread).
 */
final class PollDriver {

    static final Duration PATIENCE = Duration.ofSeconds(20);

    private PollDriver() {}

    /** Awaitility that checks at once and then every millisecond, for up to {@link #PATIENCE}. */
    static ConditionFactory soon() {
        return await().atMost(PATIENCE).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
    }

    /** Polls until the result is not pending, waiting for a wake between polls. */
    static <T> Poll<T> pollToCompletion(MockTask<T> task) {
        Poll<T> first = task.poll();
        if (!first.isPending()) {
            return first;
        }
        AtomicReference<Poll<T>> result = new AtomicReference<>();
        soon().pollInSameThread().until(() -> {
            if (!task.isWoken()) {
                return false;
            }
            Poll<T> poll = task.poll();
            if (poll.isPending()) {
                return false;
            }
            result.set(poll);
            return true;
        });
        return result.get();
    }

    /**
     * Polls {@code task} each time it is woken (never otherwise) until {@code condition} holds,
     * as an executor would; fails if a poll is not pending or the condition does not come within
     * {@link #PATIENCE}. The caller makes the first poll.
     */
    static void pollUntil(MockTask<?> task, BooleanSupplier condition) {
        soon().pollInSameThread().until(() -> {
            if (condition.getAsBoolean()) {
                return true;
            }
            if (task.isWoken()) {
                assertPendingPoll(task);
            }
            return condition.getAsBoolean();
        });
    }

    /**
     * Fails if {@code violations} is not empty, with {@code what} (which says how many of how
     * many rounds broke the property) and the first few rounds that did.
     */
    static void assertNoViolations(List<String> violations, String what) {
        if (!violations.isEmpty()) {
            throw new AssertionError(what + "; first: " + violations.subList(0, Math.min(5, violations.size())));
        }
    }

    /** {@link #pollUntil(MockTask, BooleanSupplier)} for a stream. */
    static void pollNextUntil(MockStreamTask<?> task, BooleanSupplier condition) {
        soon().pollInSameThread().until(() -> {
            if (condition.getAsBoolean()) {
                return true;
            }
            if (task.isWoken()) {
                assertPending(task.pollNext());
            }
            return condition.getAsBoolean();
        });
    }

    private static void assertPendingPoll(MockTask<?> task) {
        assertPending(task.poll());
    }

    private static void assertPending(Poll<?> poll) {
        if (!poll.isPending()) {
            throw new AssertionError("expected pending while driving, got " + poll);
        }
    }

    /** Polls the stream until it yields something other than pending, waiting for wakes. */
    static <T> Poll<T> pollNextToCompletion(MockStreamTask<T> task) {
        Poll<T> first = task.pollNext();
        if (!first.isPending()) {
            return first;
        }
        AtomicReference<Poll<T>> result = new AtomicReference<>();
        soon().pollInSameThread().until(() -> {
            if (!task.isWoken()) {
                return false;
            }
            Poll<T> poll = task.pollNext();
            if (poll.isPending()) {
                return false;
            }
            result.set(poll);
            return true;
        });
        return result.get();
    }
}
