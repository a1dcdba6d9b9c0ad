package dev.pollbridge.test;

import dev.pollbridge.api.FusedFuture;
import dev.pollbridge.api.PollFuture;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A future under test and the handles {@link PollFutureContract} drives it with: how to make it
 * complete or fail, what it waits on, and what to release afterwards. A fresh subject is built for
 * every check; unless told how, it is expected to stay pending.
 *
 * <pre>{@code
 * ProbeFuture<String> source = new ProbeFuture<>();
 * return FutureSubject.of(source.map(String::length))
 *         .completesWith(5, () -> source.complete("hello"))
 *         .failsWith(source::fail)
 *         .upstream(Upstream.of(source));
 * }</pre>
 *
 * Triggers run at most once per subject, on the test thread or on another thread (the checks of
 * rules 6 and 10 race them against a poll), so they must be thread-safe. A trigger only makes the
 * outcome possible; the contract then waits, as a task would, for the subject's wake.
 *
 * @param <T> the subject's value type
 */
public final class FutureSubject<T> {

    final PollFuture<T> future;
    final SubjectParts parts = new SubjectParts();
    Runnable completion;
    Consumer<? super T> valueCheck;
    boolean endsAtOnce;
    Consumer<? super RuntimeException> injectedFailure;
    Runnable ownFailure;
    Class<? extends Throwable> ownFailureType;

    private FutureSubject(PollFuture<T> future) {
        this.future = Objects.requireNonNull(future, "future");
        parts.fused = future instanceof FusedFuture;
    }

    /**
     * The subject: a future as built by the code under test, not yet polled.
     *
     * @param <T> the future's value type
     * @param future the future under test
     * @return a subject that stays pending until told how to end
     */
    public static <T> FutureSubject<T> of(PollFuture<T> future) {
        return new FutureSubject<>(future);
    }

    /**
     * How to complete it: after {@code trigger} runs, the subject becomes ready with a value equal
     * to {@code expected}.
     *
     * @param expected the value the subject must be ready with ({@code null} allowed)
     * @param trigger makes the subject's source complete; thread-safe
     * @return this subject
     */
    public FutureSubject<T> completesWith(T expected, Runnable trigger) {
        return completes(trigger, value -> ContractSupport.assertEqual(expected, value));
    }

    /**
     * How to complete it: after {@code trigger} runs, the subject becomes ready with a value that
     * {@code check} accepts (it throws {@link AssertionError} otherwise; it may also release the
     * value, a permit say).
     *
     * @param trigger makes the subject's source complete; thread-safe
     * @param check checks the value the subject is ready with
     * @return this subject
     */
    public FutureSubject<T> completes(Runnable trigger, Consumer<? super T> check) {
        this.completion = Objects.requireNonNull(trigger, "trigger");
        this.valueCheck = Objects.requireNonNull(check, "check");
        this.endsAtOnce = false;
        return this;
    }

    /**
     * The subject needs no trigger: its first poll is ready with {@code expected} (a ready future,
     * a lazy value). The checks that need it pending are skipped.
     *
     * @param expected the value of its first poll
     * @return this subject
     */
    public FutureSubject<T> readyAtOnce(T expected) {
        completes(() -> {}, value -> ContractSupport.assertEqual(expected, value));
        this.endsAtOnce = true;
        return this;
    }

    /**
     * The subject needs no trigger: its first poll fails with an error of {@code type} (a failed
     * future). The checks that need it pending are skipped.
     *
     * @param type the type of the failure (or of a cause of it)
     * @return this subject
     */
    public FutureSubject<T> failsAtOnce(Class<? extends Throwable> type) {
        fails(() -> {}, type);
        this.endsAtOnce = true;
        return this;
    }

    /**
     * How to fail it with an error the contract chooses: {@code trigger} receives a fresh
     * {@link RuntimeException}, after which the subject must fail with that error (or with a
     * failure caused by it).
     *
     * @param trigger makes the subject's source fail with the error it is given; thread-safe
     * @return this subject
     */
    public FutureSubject<T> failsWith(Consumer<? super RuntimeException> trigger) {
        this.injectedFailure = Objects.requireNonNull(trigger, "trigger");
        return this;
    }

    /**
     * How to fail it when it chooses the error itself (a timeout): after {@code trigger} runs, the
     * subject fails with an error of {@code type} (or one caused by it).
     *
     * @param trigger makes the subject fail; thread-safe
     * @param type the type of the failure (or of a cause of it)
     * @return this subject
     */
    public FutureSubject<T> fails(Runnable trigger, Class<? extends Throwable> type) {
        this.ownFailure = Objects.requireNonNull(trigger, "trigger");
        this.ownFailureType = Objects.requireNonNull(type, "type");
        return this;
    }

    /**
     * What the subject waits on, for the laziness and cancellation checks.
     *
     * @param upstreams more upstreams of the subject
     * @return this subject
     */
    public FutureSubject<T> upstream(Upstream... upstreams) {
        parts.addUpstreams(upstreams);
        return this;
    }

    /**
     * The work starts when the subject is built, not at its first poll (the handle of a task that
     * was spawned already): the laziness check is skipped.
     *
     * @return this subject
     */
    public FutureSubject<T> startsEagerly() {
        parts.startsEagerly = true;
        return this;
    }

    /**
     * Closing the subject detaches from the work instead of cancelling it (a {@code JoinHandle},
     * rule 13): the close checks expect no cancellation.
     *
     * @return this subject
     */
    public FutureSubject<T> closeDetaches() {
        parts.closeDetaches = true;
        return this;
    }

    /**
     * The subject may be polled after it completed and then answers {@code pending} (a
     * {@link FusedFuture} is taken as fused without this).
     *
     * @return this subject
     */
    public FutureSubject<T> fused() {
        parts.fused = true;
        return this;
    }

    /**
     * Something to close once the check is over (a runtime, a scheduler), last added first.
     *
     * @param resource closed after the subject, when the check ends
     * @return this subject
     */
    public FutureSubject<T> closing(AutoCloseable resource) {
        parts.addResource(resource);
        return this;
    }

    /**
     * The future under test.
     *
     * @return the future this subject was built with
     */
    public PollFuture<T> future() {
        return future;
    }

    boolean canComplete() {
        return completion != null;
    }

    boolean canFail() {
        return injectedFailure != null || ownFailure != null;
    }
}
