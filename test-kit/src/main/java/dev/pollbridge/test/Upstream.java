package dev.pollbridge.test;

import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * What a contract test can see of the work a subject waits on: a child future or stream, a
 * subscription, a place in a wait queue, a timer, a task. {@link PollFutureContract} and
 * {@link PollStreamContract} use it to check laziness (nothing started before the first poll) and
 * cancellation (closing the subject cancels each started upstream exactly once, and closing it
 * after it finished cancels nothing).
 *
 * <p>Build one with a factory:
 * <ul>
 *   <li>{@link #of(ProbeFuture)}, {@link #of(ProbeStream)}: a child the subject owns from the moment
 *       it is built (a combinator's input). It must be closed exactly once however the subject
 *       ends, even if it was never polled, and that close must be a cancellation if the child had
 *       not finished.
 *   <li>{@link #handedOver(ProbeFuture)}, {@link #handedOver(ProbeStream)}: a child the subject
 *       gets later (the future a {@code flatMap} function returns). The same, once the subject
 *       polled it.
 *   <li>{@link #counting(String, IntSupplier, IntSupplier)}: a push source that counts
 *       subscriptions and cancellations (a {@code Mono} with {@code doOnSubscribe} and
 *       {@code doOnCancel}, a {@code CompletableFuture} that counts {@code cancel} calls).
 *   <li>{@link #queued(String, BooleanSupplier)}: a place in a wait queue or a timer wheel, seen
 *       only as "is the subject queued now".
 * </ul>
 * and add {@link #ownedFromBuild()} when closing the subject must cancel the work even before the
 * first poll (a promise's read end cancels the promise).
 *
 * <p>The contract asks {@link #started()} after every poll and close it makes, so a snapshot
 * predicate (such as "is queued now") is enough: the answer is remembered once true.
 * Not thread-safe: the contract calls it from the test thread.
 */
public final class Upstream {

    private final String name;
    private final BooleanSupplier startedNow;
    private final IntSupplier cancellations;   // null for a queued upstream: derived from started
    private final IntSupplier closes;          // null for a source: its cancellations
    private final boolean child;
    private boolean ownedFromBuild;
    private boolean asynchronous;
    private BooleanSupplier takenWhen;
    private boolean startedSeen;

    private Upstream(String name, BooleanSupplier startedNow, IntSupplier cancellations, IntSupplier closes,
            boolean child) {
        this.name = Objects.requireNonNull(name, "name");
        this.startedNow = Objects.requireNonNull(startedNow, "started");
        this.cancellations = cancellations;
        this.closes = closes;
        this.child = child;
    }

    /**
     * A child future the subject owns from build time.
     *
     * @param child the probe the subject was built over
     * @return the upstream, owned from build
     */
    public static Upstream of(ProbeFuture<?> child) {
        return child("child future", child).ownedFromBuild();
    }

    /**
     * A child stream the subject owns from build time.
     *
     * @param child the probe the subject was built over
     * @return the upstream, owned from build
     */
    public static Upstream of(ProbeStream<?> child) {
        return child("child stream", child).ownedFromBuild();
    }

    /**
     * A child stream the subject takes over later (when it first polls it), not at build time.
     *
     * @param child the probe the subject will be handed
     * @return the upstream
     */
    public static Upstream handedOver(ProbeStream<?> child) {
        return child("handed-over child stream", child);
    }

    private static Upstream child(String name, ProbeStream<?> child) {
        Objects.requireNonNull(child, "child");
        return new Upstream(name, () -> child.polls() > 0,
                () -> child.isCancelled() ? child.closes() : 0, child::closes, true);
    }

    /**
     * A child future the subject is handed later (by a function it calls), not at build time.
     *
     * @param child the probe the subject will be handed
     * @return the upstream
     */
    public static Upstream handedOver(ProbeFuture<?> child) {
        return child("handed-over child future", child);
    }

    private static Upstream child(String name, ProbeFuture<?> child) {
        Objects.requireNonNull(child, "child");
        return new Upstream(name, () -> child.polls() > 0,
                () -> child.isCancelled() ? child.closes() : 0, child::closes, true);
    }

    /**
     * A push source that counts what the subject did to it.
     *
     * @param name what it is, for failure messages
     * @param subscriptions how many times the subject subscribed to it (or started it)
     * @param cancellations how many times the subject cancelled or disposed it
     * @return the upstream
     */
    public static Upstream counting(String name, IntSupplier subscriptions, IntSupplier cancellations) {
        Objects.requireNonNull(subscriptions, "subscriptions");
        Objects.requireNonNull(cancellations, "cancellations");
        return new Upstream(name, () -> subscriptions.getAsInt() > 0, cancellations, null, false);
    }

    /**
     * A place in a wait queue (a semaphore's waiters, a timer wheel) that the contract sees only as
     * "queued now". It counts as started once seen queued, and as cancelled (once) when it left the
     * queue again. A queue cannot tell a cancel from a grant, so after the subject finished the
     * count only has to stay as it was.
     *
     * @param name what it is, for failure messages
     * @param queued true while the subject is queued
     * @return the upstream
     */
    public static Upstream queued(String name, BooleanSupplier queued) {
        return new Upstream(name, queued, null, null, false);
    }

    /**
     * Marks this upstream as owned by the subject from build time: closing the subject must cancel
     * it even if no poll ever started it (a promise whose read end is closed is cancelled).
     *
     * @return this upstream
     */
    public Upstream ownedFromBuild() {
        ownedFromBuild = true;
        return this;
    }

    /**
     * Marks this child as taken over when {@code taken} turns true, polled or not: the subject
     * hands it to something that owns it from then on (a factory whose result a spawned task
     * polls, an {@code Async} body that took it into a try-with-resources), which must close it
     * exactly once even if it never polls it. Without this a handed-over child counts as taken
     * only once polled.
     *
     * @param taken true once the child was handed over
     * @return this upstream
     */
    public Upstream takenWhen(BooleanSupplier taken) {
        takenWhen = Objects.requireNonNull(taken, "taken");
        return this;
    }

    /**
     * Marks this upstream as reached on another thread: the subject's close (or end) is passed
     * to it asynchronously, by code that unwinds on its own thread (an {@code Async} body whose
     * pending {@code await} throws). The contract then waits, up to its wait limit, for the
     * expected count before checking it.
     *
     * @return this upstream
     */
    public Upstream reachedAsynchronously() {
        asynchronous = true;
        return this;
    }

    /**
     * The name given at creation, for failure messages.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Whether the subject was seen to start this work, or to take it over (remembered once seen).
     *
     * @return true once started
     */
    public boolean started() {
        if (!startedSeen && (startedNow.getAsBoolean() || takenWhen != null && takenWhen.getAsBoolean())) {
            startedSeen = true;
        }
        return startedSeen;
    }

    /**
     * How many times the subject cancelled this work: closed or cancelled it before it finished.
     *
     * @return the count of cancellations
     */
    public int cancellations() {
        if (cancellations == null) {
            return started() && !startedNow.getAsBoolean() ? 1 : 0;
        }
        return cancellations.getAsInt();
    }

    /**
     * How many times the subject closed this child, finished or not; for sources, which have no
     * close of their own, the cancellations.
     *
     * @return the count of closes
     */
    public int closes() {
        return closes != null ? closes.getAsInt() : cancellations();
    }

    /**
     * Whether closing the subject must cancel this work even before it started.
     *
     * @return true if owned from build
     */
    public boolean isOwnedFromBuild() {
        return ownedFromBuild;
    }

    /**
     * True for child futures and streams: the subject owns them as resources and closes each
     * exactly once however it ends (after they finished too). Sources are only cancelled.
     *
     * @return true for a child
     */
    public boolean isChild() {
        return child;
    }

    /**
     * Whether the subject passes its close to this upstream on another thread.
     *
     * @return true if reached asynchronously
     */
    public boolean isReachedAsynchronously() {
        return asynchronous;
    }

    /** True if the subject is responsible for this work now: owned from build, or started. */
    boolean taken() {
        return ownedFromBuild || started();
    }

    @Override
    public String toString() {
        return name;
    }
}
