package dev.pollbridge.test;

import dev.pollbridge.api.PollStream;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * A stream under test and the handles {@link PollStreamContract} drives it with: how to make it
 * emit an item, end or fail, what it waits on, and what to release afterwards. A fresh subject is
 * built for every check; unless told how, it is expected to stay pending.
 *
 * <pre>{@code
 * ProbeStream<String> source = new ProbeStream<>();
 * return StreamSubject.of(source.map(String::length))
 *         .emits(i -> source.emit("x".repeat(i + 1)), i -> i + 1)
 *         .completes(source::complete)
 *         .failsWith(source::fail)
 *         .upstream(Upstream.of(source));
 * }</pre>
 *
 * Triggers must be thread-safe: the checks of rules 6 and 10 run them on another thread. A
 * trigger only makes the item or end possible; the contract then waits, as a task would, for the
 * subject's wake.
 *
 * @param <T> the item type
 */
public final class StreamSubject<T> {

    final PollStream<T> stream;
    final SubjectParts parts = new SubjectParts();
    IntConsumer emission;
    IntFunction<? extends T> expectedItem;
    int maxItems = Integer.MAX_VALUE;
    Runnable completion;
    List<T> itemsAtOnce;
    List<T> firstItems = List.of();
    Consumer<? super RuntimeException> injectedFailure;
    Runnable ownFailure;
    Class<? extends Throwable> ownFailureType;
    boolean endsAtOnce;

    private StreamSubject(PollStream<T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    /**
     * The subject: a stream as built by the code under test, not yet polled.
     *
     * @param <T> the item type
     * @param stream the stream under test
     * @return a subject that stays pending until told how to emit or end
     */
    public static <T> StreamSubject<T> of(PollStream<T> stream) {
        return new StreamSubject<>(stream);
    }

    /**
     * How to make it emit: {@code trigger.accept(i)} makes item number {@code i} (from 0)
     * available, after which the subject yields an item equal to {@code expected.apply(i)}. The
     * contract asks for items in order, at most three per subject.
     *
     * @param trigger makes item {@code i} available; thread-safe
     * @param expected the item the subject yields for item {@code i}
     * @return this subject
     */
    public StreamSubject<T> emits(IntConsumer trigger, IntFunction<? extends T> expected) {
        this.emission = Objects.requireNonNull(trigger, "trigger");
        this.expectedItem = Objects.requireNonNull(expected, "expected");
        return this;
    }

    /**
     * The subject yields {@code items} at once, then stays pending until triggered (an interval's
     * first tick is due when it is built). The contract takes them at the start of every check;
     * {@link #emits} numbers the items after them from 0.
     *
     * @param items the items it yields at once, in order
     * @return this subject
     */
    public StreamSubject<T> readyFirst(List<T> items) {
        this.firstItems = List.copyOf(items);
        return this;
    }

    /**
     * The subject ends by itself after {@code count} items (a {@code take(count)}).
     *
     * @param count how many items it yields before {@code done}
     * @return this subject
     * @throws IllegalArgumentException if {@code count} is below 1
     */
    public StreamSubject<T> endsAfter(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1: " + count);
        }
        this.maxItems = count;
        return this;
    }

    /**
     * How to end it normally: after {@code trigger} runs, the subject yields {@code done}.
     *
     * @param trigger ends the subject's source; thread-safe
     * @return this subject
     */
    public StreamSubject<T> completes(Runnable trigger) {
        this.completion = Objects.requireNonNull(trigger, "trigger");
        return this;
    }

    /**
     * The subject needs no trigger: it yields {@code items} and then {@code done} without ever
     * being pending (a stream over a list). The checks that need it pending are skipped.
     *
     * @param items the items it yields at once
     * @return this subject
     */
    public StreamSubject<T> readyAtOnce(List<T> items) {
        this.itemsAtOnce = List.copyOf(items);
        this.completion = () -> {};
        this.endsAtOnce = true;
        return this;
    }

    /**
     * The subject needs no trigger: its first poll fails with an error of {@code type}. The checks
     * that need it pending are skipped.
     *
     * @param type the type of the failure (or of a cause of it)
     * @return this subject
     */
    public StreamSubject<T> failsAtOnce(Class<? extends Throwable> type) {
        fails(() -> {}, type);
        this.itemsAtOnce = List.of();
        this.endsAtOnce = true;
        return this;
    }

    /**
     * How to fail it with an error the contract chooses: {@code trigger} receives a fresh
     * {@link RuntimeException}, after which the subject must fail with that error (or with a
     * failure caused by it), after the items emitted before.
     *
     * @param trigger makes the subject's source fail with the error it is given; thread-safe
     * @return this subject
     */
    public StreamSubject<T> failsWith(Consumer<? super RuntimeException> trigger) {
        this.injectedFailure = Objects.requireNonNull(trigger, "trigger");
        return this;
    }

    /**
     * How to fail it when it chooses the error itself: it fails with an error of {@code type}.
     *
     * @param trigger makes the subject fail; thread-safe
     * @param type the type of the failure (or of a cause of it)
     * @return this subject
     */
    public StreamSubject<T> fails(Runnable trigger, Class<? extends Throwable> type) {
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
    public StreamSubject<T> upstream(Upstream... upstreams) {
        parts.addUpstreams(upstreams);
        return this;
    }

    /**
     * The work starts when the subject is built, not at its first poll: laziness is not checked.
     *
     * @return this subject
     */
    public StreamSubject<T> startsEagerly() {
        parts.startsEagerly = true;
        return this;
    }

    /**
     * Something to close once the check is over (a runtime, a scheduler), last added first.
     *
     * @param resource closed after the subject, when the check ends
     * @return this subject
     */
    public StreamSubject<T> closing(AutoCloseable resource) {
        parts.addResource(resource);
        return this;
    }

    /**
     * The stream under test.
     *
     * @return the stream this subject was built with
     */
    public PollStream<T> stream() {
        return stream;
    }

    boolean canEmit(int count) {
        return emission != null && count <= maxItems;
    }

    boolean canComplete() {
        return completion != null;
    }

    boolean canFail() {
        return injectedFailure != null || ownFailure != null;
    }
}
