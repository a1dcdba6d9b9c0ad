package dev.pollbridge.runtime;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.runtime.internal.time.RetryFuture;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Retries a future with a delay between attempts: exponential back-off with jitter (Reactor's
 * {@code Retry.backoff(max, minBackoff).maxBackoff(..).jitter(..).filter(..)}, Mutiny's
 * {@code retry().withBackOff(initial, max).withJitter(j).atMost(n)}), or a fixed delay. A
 * {@code Retry} is an immutable description: each method returns a new one, and one
 * {@code Retry} may {@link #run} any number of futures.
 *
 * <pre>{@code
 * PollFuture<User> user = Retry.backoff(3, Duration.ofMillis(100))   // up to 3 retries, 100 ms first
 *         .maxBackoff(Duration.ofSeconds(2))
 *         .filter(failure -> failure instanceof IOException)          // retry only these
 *         .run(() -> client.fetchUser(id));                            // a new future per attempt
 * }</pre>
 *
 * <h2>Attempts and delays</h2>
 * The first attempt starts at the first poll. When an attempt fails, it is closed, and if
 * retries are left and the failure passes the {@linkplain #filter filter}, the next attempt
 * starts after a delay; retry {@code n} ({@code n = 0} for the first) waits
 * {@code min(maxBackoff, firstBackoff * 2^n)} for {@link #backoff}, or the same delay every time
 * for {@link #fixedDelay}, then moved by the jitter: a random offset within {@code ± jitter} of
 * that delay, kept within {@code [firstBackoff, maxBackoff]} (Reactor's rule). The first attempt
 * that succeeds gives the value.
 *
 * <p>Delays are sleeps on the timers of the runtime that polls the retry, found through the
 * poll's context as {@link Time#sleep} finds them: on a {@link VirtualClock} (a
 * {@code TestRuntime.withVirtualTime()}) they pass when the test advances the clock, and with
 * {@link #random} fixing the jitter the whole schedule is deterministic. Polled outside a
 * runtime, the retry fails at its first poll with an {@link IllegalStateException} that says so.
 *
 * <h2>The failure</h2>
 * When no retry is left, or the filter refuses a failure, the retry fails with that last
 * failure, the same instance (so {@code catch (IOException e)} and the failure rule of
 * {@code blockOn} see the exception the work threw, not a wrapper), and the earlier attempts'
 * failures are added to it as {@linkplain Throwable#getSuppressed() suppressed}, oldest first:
 * at most the 16 most recent, since a retry may run for ever (an instance is added once, and
 * never to itself). Reactor wraps the last failure in a {@code RetryExhaustedException} instead;
 * here the last failure is what the caller already handles, and the history rides along.
 * A supplier that throws, or returns {@code null}, fails that attempt like a failed future.
 *
 * <h2>Cancellation</h2>
 * Closing the retry closes the attempt in flight, or the pending delay (its timer is removed), at
 * once; no later attempt starts. Each failed attempt is closed as soon as it failed, each
 * successful one as soon as its value was taken. <b>Cancel safety:</b> as cancel-safe as the
 * attempt in flight; an attempt that already did its work (a request sent) stays done (rule 12).
 *
 * <p><b>Threads.</b> The supplier, the filter and the random source run on the thread that polls
 * the retry, inside its poll (they must not block). A delay's waker is called on the runtime's
 * timer thread, or on the thread advancing a {@link VirtualClock}.
 */
public final class Retry {

    private static final Predicate<Throwable> NOT_AN_ERROR = failure -> !(failure instanceof Error);

    private final long maxRetries;
    private final long firstNanos;
    private final long maxNanos;
    private final boolean exponential;
    private final double jitter;
    private final Predicate<? super Throwable> filter;
    /** Null: {@link ThreadLocalRandom}, read on the polling thread at each delay. */
    private final RandomGenerator random;

    private Retry(long maxRetries, long firstNanos, long maxNanos, boolean exponential, double jitter,
            Predicate<? super Throwable> filter, RandomGenerator random) {
        this.maxRetries = maxRetries;
        this.firstNanos = firstNanos;
        this.maxNanos = maxNanos;
        this.exponential = exponential;
        this.jitter = jitter;
        this.filter = filter;
        this.random = random;
    }

    /**
     * Exponential back-off: up to {@code maxRetries} retries after the first attempt, the first
     * after {@code firstBackoff}, each later one twice as long as the one before, up to
     * {@link #maxBackoff} (unbounded by default), with a jitter of 0.5 (Reactor's and Mutiny's
     * default; {@link #jitter} changes it), retrying every failure that is not an {@link Error}.
     *
     * @param maxRetries how many attempts may follow the first; 0 runs it once
     * @param firstBackoff the delay before the first retry, zero or more
     * @return a retry description
     * @throws IllegalArgumentException if {@code maxRetries} or {@code firstBackoff} is negative
     */
    public static Retry backoff(long maxRetries, Duration firstBackoff) {
        return new Retry(checkRetries(maxRetries), nanos(firstBackoff, "firstBackoff"), Long.MAX_VALUE, true, 0.5,
                NOT_AN_ERROR, null);
    }

    /**
     * The same delay before every retry (Reactor's {@code Retry.fixedDelay}): up to
     * {@code maxRetries} retries, each {@code delay} after the failure before it, no jitter
     * (unless {@link #jitter} adds some, which then only lengthens the delay, up to
     * {@link #maxBackoff}), retrying every failure that is not an {@link Error}.
     *
     * @param maxRetries how many attempts may follow the first; 0 runs it once
     * @param delay the delay before each retry, zero or more
     * @return a retry description
     * @throws IllegalArgumentException if {@code maxRetries} or {@code delay} is negative
     */
    public static Retry fixedDelay(long maxRetries, Duration delay) {
        return new Retry(checkRetries(maxRetries), nanos(delay, "delay"), Long.MAX_VALUE, false, 0.0, NOT_AN_ERROR,
                null);
    }

    /**
     * This retry with no delay longer than {@code maxBackoff}, jitter included.
     *
     * @param maxBackoff the longest delay, at least the first one
     * @return a new retry description
     * @throws IllegalArgumentException if {@code maxBackoff} is shorter than the first delay
     */
    public Retry maxBackoff(Duration maxBackoff) {
        long max = nanos(maxBackoff, "maxBackoff");
        if (max < firstNanos) {
            throw new IllegalArgumentException("maxBackoff " + maxBackoff + " is shorter than the first delay "
                    + Duration.ofNanos(firstNanos));
        }
        return new Retry(maxRetries, firstNanos, max, exponential, jitter, filter, random);
    }

    /**
     * This retry with a jitter of {@code factor}: each delay moves by a random offset of at most
     * {@code factor} times itself, either way, within the first and the longest delay. 0 turns
     * jitter off (every delay exactly as computed); 0.5 is the default of {@link #backoff}.
     *
     * @param factor from 0 to 1
     * @return a new retry description
     * @throws IllegalArgumentException if {@code factor} is not within {@code [0, 1]}
     */
    public Retry jitter(double factor) {
        if (!(factor >= 0.0 && factor <= 1.0)) {
            throw new IllegalArgumentException("jitter must be within [0, 1]: " + factor);
        }
        return new Retry(maxRetries, firstNanos, maxNanos, exponential, factor, filter, random);
    }

    /**
     * This retry, retrying only the failures {@code retryIf} accepts (Reactor's {@code filter});
     * a failure it refuses ends the retry at once with that failure. Replaces the default, which
     * retries every failure that is not an {@link Error}. If {@code retryIf} throws, the retry
     * fails with what it threw (the attempt's failure added as suppressed).
     *
     * @param retryIf true for a failure worth another attempt; runs on the polling thread
     * @return a new retry description
     * @throws NullPointerException if {@code retryIf} is null
     */
    public Retry filter(Predicate<? super Throwable> retryIf) {
        Objects.requireNonNull(retryIf, "retryIf");
        return new Retry(maxRetries, firstNanos, maxNanos, exponential, jitter, retryIf, random);
    }

    /**
     * This retry, drawing its jitter from {@code source} (by default
     * {@link ThreadLocalRandom}): for tests that need the schedule fixed, a seeded
     * {@code new SplittableRandom(42)}, or {@code () -> 0L}, which always picks the shortest
     * delay the jitter allows. Each delay reads one {@link RandomGenerator#nextDouble()}, on the
     * polling thread; share a source between retries polled on several threads only if it is
     * thread-safe.
     *
     * @param source where the jitter comes from
     * @return a new retry description
     * @throws NullPointerException if {@code source} is null
     */
    public Retry random(RandomGenerator source) {
        Objects.requireNonNull(source, "source");
        return new Retry(maxRetries, firstNanos, maxNanos, exponential, jitter, filter, source);
    }

    /**
     * A future that runs {@code attempts} as this retry describes: calls the supplier for each
     * attempt (on the polling thread, the first at the first poll) and awaits its future. Each
     * attempt must be a new future: a future runs once and has one owner (rule 11), so the retry
     * claims each attempt ({@link dev.pollbridge.api.SingleUse}), and one that returns a future
     * with another owner (the same one again) fails that attempt with an
     * {@code IllegalStateException} that names the fix. The returned future owns every attempt
     * and closes each one.
     *
     * @param <T> the value type
     * @param attempts builds one attempt per call
     * @return a lazy future of the first successful attempt's value, or of the last failure
     * @throws NullPointerException if {@code attempts} is null
     */
    public <T> PollFuture<T> run(Supplier<? extends PollFuture<? extends T>> attempts) {
        Objects.requireNonNull(attempts, "attempts");
        return new RetryFuture<T>(attempts, maxRetries, filter, this::delayNanos);
    }

    /** The delay before retry {@code n} ({@code 0} for the first), in nanoseconds. */
    long delayNanos(long n) {
        long base = firstNanos;
        if (exponential && firstNanos > 0) { // firstNanos * 2^n, saturating: the shift overflows past 62 bits
            base = n >= Long.numberOfLeadingZeros(firstNanos) ? Long.MAX_VALUE : firstNanos << n;
        }
        base = Math.min(base, maxNanos);
        if (jitter == 0.0 || base == 0) {
            return base;
        }
        long offset = (long) (base * jitter);
        long low = Math.max(firstNanos - base, -offset);
        long high = Math.min(maxNanos - base, offset);
        RandomGenerator source = random != null ? random : ThreadLocalRandom.current();
        return base + low + (long) (source.nextDouble() * ((double) high - low));
    }

    private static long checkRetries(long maxRetries) {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be 0 or more: " + maxRetries);
        }
        return maxRetries;
    }

    private static long nanos(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or more: " + duration);
        }
        return Nanos.saturated(duration);
    }

    @Override
    public String toString() {
        return "Retry[" + (exponential ? "backoff" : "fixedDelay") + ", maxRetries=" + maxRetries + ", first="
                + Duration.ofNanos(firstNanos) + ", max=" + Duration.ofNanos(maxNanos) + ", jitter=" + jitter + "]";
    }
}
