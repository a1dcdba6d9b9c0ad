package dev.pollbridge.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Rule 11, checked: a future (or a stream) has one owner, which polls it and closes it. A future
 * handed to two owners (spawned twice, awaited from two tasks, put into two combinators, returned
 * again by a {@code Supplier} that was meant to build a new one per subscription) would have two
 * pollers: one of them steals the other's wake-ups and its task hangs, or a poll after the end
 * fails, or a data race hands the value out twice. A future that extends this class refuses the
 * second owner loudly, with an {@link IllegalStateException} that names the first owner, the rule
 * and the fix.
 *
 * <h2>How it is checked: at the hand-over, not in {@code poll}</h2>
 * A future changes hands at a few places: {@code PollRuntime.spawn} and {@code blockOn}, a combinator
 * that takes it as a child ({@code map}, {@code join}, {@code select}, {@code timeout}, ...), an
 * adapter's subscription ({@code toMono}, {@code toFlux}, {@code toSingle}, ...), an
 * {@code Async.await}. Each of them calls {@link #claim} on the future it takes: one CAS of the
 * {@code owner} field from {@code null} to the new owner's name, once in the future's life. The
 * second claim finds the field set and throws, before anything was polled. {@code poll} itself is
 * not touched: a poll costs what it did, and only the hand-over pays, once.
 *
 * <p>What this does not see: a future that does not extend this class (a lambda, a future of
 * your own that did not opt in; {@link #claim} lets those through), and a future polled by hand
 * from two places without being handed over. A poll after the end, which is what a second owner
 * usually causes in those cases, fails with {@link #polledAfter}, whose message says the same
 * fix.
 *
 * <h2>Opting in</h2>
 * A future or stream opts in by extending this class ({@code final class MyFuture<T> extends
 * SingleUse implements PollFuture<T>}); one field, no other code. Code that takes a future to
 * poll it and close it (a combinator, a runtime, an adapter) claims it with one line where it
 * takes it:
 *
 * <pre>{@code
 * MyCombinator(PollFuture<? extends T> child) {
 *     this.child = SingleUse.claim(child, "MyCombinator");
 * }
 * }</pre>
 *
 * An adapter that calls a {@code Supplier} of futures per subscription claims what it returns, so
 * a supplier that returns the same future twice ({@code toMono(() -> fetched)}) is refused at the
 * second subscription, with the same message: it names the fix, a supplier that builds a new
 * future on each call.
 *
 * <p>Thread safety: {@link #claim} may be called from any thread; of two racing claims exactly
 * one wins (the CAS).
 */
public abstract class SingleUse {

    private static final String FIX = " A future (or stream) has one owner, which polls it and closes it "
            + "(rule 11, docs/concepts.md#rule-11). To run the same work for several owners, give each one a "
            + "new future: keep a Supplier<PollFuture<T>> and call it once per spawn, await or subscription "
            + "(toMono(() -> client.fetch(id)), not toMono(() -> fetched)); to share one outcome, use "
            + "Futures.shared or cache the publisher (mono.cache()).";

    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(SingleUse.class, "owner", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Who took this future: null until the first {@link #claim}; set once, by CAS. */
    @SuppressWarnings("unused")
    private volatile String owner;

    /** For futures and streams that opt in. */
    protected SingleUse() {}

    /**
     * Hands {@code future} to {@code newOwner}: if it extends {@code SingleUse}, it is marked as
     * owned (once in its life), and a future that already has an owner is refused. Any other
     * future is let through unchecked.
     *
     * @param <F> the future's (or stream's) type
     * @param future the future or stream being handed over; not {@code null}
     * @param newOwner who takes it, for the message of a later refusal ("PollRuntime.spawn",
     *     "Futures.join")
     * @return {@code future}
     * @throws IllegalStateException if {@code future} already has an owner (rule 11)
     * @throws NullPointerException if {@code future} is null
     */
    public static <F extends AutoCloseable> F claim(F future, String newOwner) {
        Objects.requireNonNull(future, "future");
        if (future instanceof SingleUse) {
            String previous = (String) OWNER.compareAndExchange((SingleUse) future, (String) null, newOwner);
            if (previous != null) {
                throw new IllegalStateException(describe(future) + " was handed to " + newOwner
                        + " but is already owned by " + previous + "." + FIX);
            }
        }
        return future;
    }

    /**
     * {@linkplain #claim Claims} every element of {@code children} for {@code newOwner} (a
     * combinator of several children). All or nothing: if one is refused, the ones claimed by
     * this call are given back before the exception is thrown, so the caller still owns them all.
     *
     * @param children the futures or streams being handed over; no element {@code null}
     * @param newOwner who takes them
     * @throws IllegalStateException if one of them already has an owner, or appears twice
     */
    public static void claimAll(List<? extends AutoCloseable> children, String newOwner) {
        claimAll(children, newOwner, Void.class);
    }

    /**
     * {@link #claimAll(List, String)}, which also tells whether every child is a {@code kind}, in
     * the same walk: a large combinator's children are often cold in the cache when it is built
     * (the handles of 100,000 tasks just spawned), and each walk over them misses once per child.
     *
     * <p>The walk goes from the last child back. A join built right after its tasks were spawned
     * finds the last handles still in its own cache, and reaches the first ones last: by then the
     * other workers, which run the tasks roughly in spawn order, are done writing the tasks that
     * share cache lines with those handles (each claim is a CAS, so it waits for its line).
     * Measured on {@code JoinPhases spawned 100000}: the join phase went from 51.5 to 45.1 ns per
     * child (medians of 6 alternated JVM pairs, faster in all 6).
     *
     * @return true if every child is an instance of {@code kind} (so true for no children)
     */
    static boolean claimAll(List<? extends AutoCloseable> children, String newOwner, Class<?> kind) {
        boolean allOfKind = true;
        for (int i = children.size() - 1; i >= 0; i--) {
            AutoCloseable child = children.get(i);
            try {
                claim(child, newOwner);
            } catch (RuntimeException refused) {
                release(children.subList(i + 1, children.size()), newOwner);
                throw refused;
            }
            allOfKind &= kind.isInstance(child);
        }
        return allOfKind;
    }

    /**
     * Gives {@code futures} back: each one {@code owner} had claimed has no owner again, so its
     * caller may hand it to a new one (a combinator that returns children it did not consume,
     * as {@code selectAllWithRest} returns the rest).
     */
    static void release(List<? extends AutoCloseable> futures, String owner) {
        for (AutoCloseable future : futures) {
            if (future instanceof SingleUse) {
                OWNER.compareAndSet((SingleUse) future, owner, (String) null);
            }
        }
    }

    /**
     * A supplier that hands out {@code future} to its first caller and refuses every later call:
     * for a publisher built around one existing future (a task's handle), which only its first
     * subscriber can own.
     *
     * @param <F> the future's (or stream's) type
     * @param future the one future
     * @param what names the publisher in the refusal ("a Mono of a JoinHandle")
     * @return a supplier of {@code future}, once
     */
    public static <F extends AutoCloseable> Supplier<F> once(F future, String what) {
        return once(future, what, null);
    }

    /**
     * {@link #once(AutoCloseable, String)} for a conversion that also has a {@code Supplier}
     * form ({@code toMono(future)} beside {@code toMono(() -> ...)}): the refusal names that form
     * as the fix, to subscribe more than once.
     *
     * @param <F> the future's (or stream's) type
     * @param future the one future
     * @param what names the publisher in the refusal ("a Mono of one PollFuture (MonoBridge.toMono(future))")
     * @param supplierForm the same conversion from a supplier, as the user would write it
     *     ("MonoBridge.toMono(() -> buildTheFuture())"); or {@code null}
     * @return a supplier of {@code future}, once
     */
    public static <F extends AutoCloseable> Supplier<F> once(F future, String what, String supplierForm) {
        Objects.requireNonNull(future, "future");
        Objects.requireNonNull(what, "what");
        AtomicBoolean taken = new AtomicBoolean();
        return () -> {
            if (!taken.compareAndSet(false, true)) {
                throw new IllegalStateException(what + " can be subscribed to only once: it hands its one "
                        + describe(future) + " to its first subscriber."
                        + (supplierForm == null ? "" : " To subscribe more than once, convert a Supplier that builds"
                                + " a new one per subscription: " + supplierForm + ".")
                        + FIX);
            }
            return future;
        };
    }

    /**
     * The name of this future's owner, if it was handed over.
     *
     * @return who claimed it, or empty
     */
    public final Optional<String> owner() {
        return Optional.ofNullable((String) OWNER.getVolatile(this));
    }

    /**
     * The error for a poll of a future or stream that already ended or was closed (rule 9: ready
     * is final; rule 11: its owner closes it once and never polls it again). Its message names the
     * usual cause, a second owner, and the fix.
     *
     * @param what names the future or stream ("flatMap", "a future of a Mono")
     * @param when what came before the poll: "it completed", "it ended", "close()", "it
     *     completed or was closed"
     * @return the exception to throw
     */
    public static IllegalStateException polledAfter(String what, String when) {
        return new IllegalStateException(what + " polled after " + when + ": a future that is ready, failed or "
                + "closed (a stream that ended or was closed) is never polled again (rule 9). A poll after the "
                + "end usually means a second owner: the same future spawned, awaited or subscribed twice." + FIX);
    }

    private static String describe(Object future) {
        return "the " + (future instanceof PollStream ? "stream " : "future ") + future.getClass().getName();
    }
}
