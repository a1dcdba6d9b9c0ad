package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@code Retry.run}: attempts built by a supplier, one at a time, with a delay on the runtime's
 * timers between a failed attempt and the next. A state machine of two children, at most one of
 * them alive: the attempt in flight, or the delay before the next one.
 *
 * <ul>
 *   <li>An attempt that succeeds ends the retry with its value; it is closed right away.
 *   <li>An attempt that fails is closed right away. If retries are left and the failure passes
 *       the filter, a delay of {@code backoff(retriesMade)} starts (a sleep of the runtime that
 *       polls, found through the context), then the next attempt. Otherwise the retry fails with
 *       that failure, the earlier failures added to it as suppressed (oldest first, at most
 *       {@link #KEPT_FAILURES}; never the failure itself, never one instance twice).
 *   <li>A supplier that throws, or returns {@code null} ({@link NullPointerException}), fails
 *       that attempt like a failed future; so does one that returns a future with another owner
 *       ({@link SingleUse#claim}: the same future twice), whose refusal names the fix.
 *   <li>Every value is forwarded in the poll that produced it, so the retry never holds one
 *       that nobody reads: an unread value is its attempt's to drop ({@code Dropped}).
 *   <li>{@link #close()} closes the attempt in flight or the pending delay (rule 11).
 * </ul>
 * Every delay is a sleep, zero ones included, and a sleep spends the task's poll budget
 * (rule 16), so attempts that fail at once cannot keep a task polling for ever.
 *
 * <p>A {@link SingleUse}: whoever takes the retry claims it. Owner-thread only, like any future. The supplier, the filter and the back-off run on the
 * polling thread, inside its poll.
 *
 * @param <T> the value type
 */
public final class RetryFuture<T> extends SingleUse implements PollFuture<T> {

    /** How many earlier failures the final one carries, at most: a retry may run for ever. */
    public static final int KEPT_FAILURES = 16;

    private final Supplier<? extends PollFuture<? extends T>> attempts;
    private final long maxRetries;
    private final Predicate<? super Throwable> retryIf;
    private final LongUnaryOperator backoffNanos;
    /** Owner-thread only. */
    private TimeDriver timers;
    private PollFuture<? extends T> attempt;
    private PollFuture<Void> delay;
    private long retries;
    private ArrayDeque<Throwable> earlier;
    private boolean finished;
    private boolean closed;

    /**
     * @param attempts builds each attempt, on the polling thread
     * @param maxRetries how many attempts may follow the first one
     * @param retryIf which failures are retried
     * @param backoffNanos the delay before retry {@code n} (0 for the first retry), in nanoseconds
     */
    public RetryFuture(Supplier<? extends PollFuture<? extends T>> attempts, long maxRetries,
            Predicate<? super Throwable> retryIf, LongUnaryOperator backoffNanos) {
        this.attempts = attempts;
        this.maxRetries = maxRetries;
        this.retryIf = retryIf;
        this.backoffNanos = backoffNanos;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (closed || finished) {
            throw SingleUse.polledAfter("a retry", closed ? "close()" : "it completed");
        }
        if (timers == null) {
            timers = ContextTimers.of(cx);
            if (timers == null) {
                finished = true;
                return Poll.failed(ContextTimers.outsideRuntime("Retry.run(attempts)", null));
            }
        }
        for (;;) {
            if (delay != null) {
                Poll<Void> waited = delay.poll(cx);
                if (waited.isPending()) {
                    return Poll.pending();
                }
                closeDelay();
                if (waited.isFailed()) { // the runtime closed its timers
                    return finish(Poll.failed(waited.error()));
                }
            }
            if (attempt == null) {
                try {
                    // Each attempt is this retry's own: a supplier that hands out the same future
                    // twice (or one owned elsewhere) is refused with the fix, a new future per call.
                    attempt = SingleUse.claim(
                            Objects.requireNonNull(attempts.get(), "the retry's supplier returned null"), "Retry.run");
                } catch (Throwable failure) {
                    Poll<T> retried = failed(failure);
                    if (retried != null) {
                        return retried;
                    }
                    continue;
                }
            }
            Poll<? extends T> outcome = attempt.poll(cx);
            if (outcome.isPending()) {
                return Poll.pending();
            }
            closeAttempt();
            if (outcome.isReady()) {
                return finish(Poll.ready(outcome.value()));
            }
            Poll<T> retried = failed(outcome.error());
            if (retried != null) {
                return retried;
            }
        }
    }

    /**
     * An attempt failed with {@code failure}: starts the delay before the next one and returns
     * null, or returns the retry's final outcome.
     */
    private Poll<T> failed(Throwable failure) {
        boolean again;
        try {
            again = retries < maxRetries && retryIf.test(failure);
        } catch (Throwable filterFailure) {
            filterFailure.addSuppressed(failure);
            return finish(Poll.failed(filterFailure));
        }
        if (!again) {
            return finish(Poll.failed(failure));
        }
        long nanos;
        try {
            nanos = backoffNanos.applyAsLong(retries);
        } catch (Throwable backoffFailure) { // a broken random source
            backoffFailure.addSuppressed(failure);
            return finish(Poll.failed(backoffFailure));
        }
        keep(failure);
        retries++;
        delay = timers.sleep(Duration.ofNanos(nanos));
        return null;
    }

    private void keep(Throwable failure) {
        if (earlier == null) {
            earlier = new ArrayDeque<>();
        }
        if (earlier.size() == KEPT_FAILURES) {
            earlier.removeFirst();
        }
        earlier.addLast(failure);
    }

    /** The end: a failure carries the earlier ones as suppressed. */
    private Poll<T> finish(Poll<T> outcome) {
        finished = true;
        if (outcome.isFailed() && earlier != null) {
            Throwable last = outcome.error();
            Set<Throwable> added = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Throwable failure : earlier) {
                if (failure != last && added.add(failure)) {
                    last.addSuppressed(failure);
                }
            }
            earlier = null;
        }
        return outcome;
    }

    private void closeAttempt() {
        PollFuture<? extends T> closing = attempt;
        attempt = null;
        closing.close();
    }

    private void closeDelay() {
        PollFuture<Void> closing = delay;
        delay = null;
        closing.close();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        earlier = null;
        if (attempt != null) {
            closeAttempt();
        }
        if (delay != null) {
            closeDelay();
        }
    }

    @Override
    public String toString() {
        return "Retry[retries=" + retries + "/" + maxRetries + ", "
                + (attempt != null ? "attempt " + attempt : delay != null ? "delay " + delay : "idle") + "]";
    }
}
