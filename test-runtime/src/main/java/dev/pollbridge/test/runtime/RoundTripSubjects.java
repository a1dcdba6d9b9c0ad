package dev.pollbridge.test.runtime;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Contract subjects ({@link dev.pollbridge.test.PollFutureContract},
 * {@link dev.pollbridge.test.PollStreamContract}) for a library type made from pull (Reactor's
 * {@code toMono}, {@code mono(body)}, RxJava's {@code toSingle}, {@code single(body)}, ...) and
 * read back as a future or stream: what is made from (a future or stream factory, a task's join
 * handle, a shared future, an async body) and how the contract drives it are the same for every
 * library; the caller says, in one function, how its library makes its type and reads it back.
 * What the library's subscription polls runs on a runtime thread, so it is reached asynchronously.
 */
public final class RoundTripSubjects {

    private RoundTripSubjects() {}

    /**
     * A future factory's future, handed over when the library subscribes.
     *
     * @param readBack makes the library's type from the factory and reads it back as a future
     * @return a new subject
     */
    public static FutureSubject<String> fromFactory(Function<Supplier<PollFuture<String>>, PollFuture<String>> readBack) {
        ProbeFuture<String> source = new ProbeFuture<>();
        AtomicBoolean taken = new AtomicBoolean();
        return FutureSubject.of(readBack.apply(() -> handOver(source, taken)))
                .completesWith("value", () -> source.complete("value"))
                .failsWith(source::fail)
                .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
    }

    /**
     * For the dropped-value checks: {@link #fromFactory}, completing with {@code value}.
     *
     * @param value the value
     * @param readBack as for {@link #fromFactory}
     * @return a new subject
     */
    public static FutureSubject<AutoCloseable> fromFactoryReadyWith(AutoCloseable value,
            Function<Supplier<PollFuture<AutoCloseable>>, PollFuture<AutoCloseable>> readBack) {
        ProbeFuture<AutoCloseable> source = new ProbeFuture<>();
        return FutureSubject.of(readBack.apply(() -> source)).completesWith(value, () -> source.complete(value));
    }

    /**
     * A task's join handle: the task runs from its spawn, and a cancel detaches from it (rule 13),
     * so closing cancels nothing.
     *
     * @param runtime spawns the task
     * @param readBack makes the library's type from the handle and reads it back as a future
     * @return a new subject
     */
    public static FutureSubject<String> fromHandle(PollRuntime runtime, Function<JoinHandle<String>, PollFuture<String>> readBack) {
        ProbeFuture<String> work = new ProbeFuture<>();
        return FutureSubject.of(readBack.apply(runtime.spawn(work)))
                .completesWith("value", () -> work.complete("value"))
                .failsWith(work::fail)
                .startsEagerly()
                .closeDetaches();
    }

    /**
     * For the dropped-value checks: {@link #fromHandle}, completing with {@code value}; a cancel
     * detaches from the task, which then drops the value nobody joins.
     *
     * @param runtime spawns the task
     * @param value the value
     * @param readBack as for {@link #fromHandle}
     * @return a new subject
     */
    public static FutureSubject<AutoCloseable> fromHandleReadyWith(PollRuntime runtime, AutoCloseable value,
            Function<JoinHandle<AutoCloseable>, PollFuture<AutoCloseable>> readBack) {
        ProbeFuture<AutoCloseable> work = new ProbeFuture<>();
        return FutureSubject.of(readBack.apply(runtime.spawn(work)))
                .completesWith(value, () -> work.complete(value))
                .startsEagerly()
                .closeDetaches();
    }

    /**
     * A shared future: the subscription polls a clone, so the work starts only then; a cancel
     * closes that clone only (the shared future stays open), so closing cancels nothing.
     *
     * @param readBack makes the library's type from the shared future and reads it back
     * @return a new subject
     */
    public static FutureSubject<String> fromShared(Function<SharedFuture<String>, PollFuture<String>> readBack) {
        ProbeFuture<String> work = new ProbeFuture<>();
        SharedFuture<String> shared = Futures.shared(work);
        return FutureSubject.of(readBack.apply(shared))
                .completesWith("value", () -> work.complete("value"))
                .failsWith(work::fail)
                .upstream(Upstream.counting("shared work", work::polls, () -> work.isCancelled() ? 1 : 0))
                .closeDetaches()
                .closing(shared);
    }

    /**
     * A stream factory's stream, handed over when the library subscribes.
     *
     * @param readBack makes the library's type from the factory and reads it back as a stream
     * @return a new subject
     */
    public static StreamSubject<String> streamFromFactory(Function<Supplier<PollStream<String>>, PollStream<String>> readBack) {
        ProbeStream<String> source = new ProbeStream<>();
        AtomicBoolean taken = new AtomicBoolean();
        return StreamSubject.of(readBack.apply(() -> handOver(source, taken)))
                .emits(i -> source.emit("item" + i), i -> "item" + i)
                .completes(source::complete)
                .failsWith(source::fail)
                .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
    }

    /**
     * For the dropped-item checks: {@link #streamFromFactory}, emitting {@code items}.
     *
     * @param items the items
     * @param readBack as for {@link #streamFromFactory}
     * @return a new subject
     */
    public static StreamSubject<AutoCloseable> streamFromFactoryEmitting(List<? extends AutoCloseable> items,
            Function<Supplier<PollStream<AutoCloseable>>, PollStream<AutoCloseable>> readBack) {
        ProbeStream<AutoCloseable> source = new ProbeStream<>();
        return StreamSubject.of(readBack.apply(() -> source)).emits(i -> source.emit(items.get(i)), items::get);
    }

    /**
     * A body that awaits a promise and counts its starts and its cancellations; the subject
     * completes and fails through the promise.
     *
     * @param readBack builds the library's type from the body and reads it back as a future
     * @return a new subject
     */
    public static FutureSubject<String> awaitingAPromise(Function<AsyncBody<String>, PollFuture<String>> readBack) {
        Promise<String> promise = new Promise<>();
        AtomicInteger started = new AtomicInteger();
        AtomicInteger cancelled = new AtomicInteger();
        AsyncBody<String> body = () -> {
            started.incrementAndGet();
            try {
                return Async.await(promise.future());
            } catch (CancellationException e) {
                cancelled.incrementAndGet();
                throw e;
            }
        };
        return FutureSubject.of(readBack.apply(body))
                .completesWith("value", () -> promise.complete("value"))
                .failsWith(promise::fail)
                .upstream(Upstream.counting("body", started::get, cancelled::get).reachedAsynchronously());
    }

    /**
     * A body that takes over a source stream and passes its items on; the subject emits, ends and
     * fails through the source, which the body closes.
     *
     * @param readBack builds the library's type from the body and reads it back as a stream
     * @return a new subject
     */
    public static StreamSubject<String> passingAStreamOn(Function<AsyncStreamBody<String>, PollStream<String>> readBack) {
        ProbeStream<String> source = new ProbeStream<>();
        AtomicBoolean taken = new AtomicBoolean();
        AsyncStreamBody<String> body = emitter -> {
            try (ProbeStream<String> in = handOver(source, taken)) {
                for (String item = Async.next(in); item != null; item = Async.next(in)) {
                    emitter.emit(item);
                }
            }
        };
        return StreamSubject.of(readBack.apply(body))
                .emits(i -> source.emit("item" + i), i -> "item" + i)
                .completes(source::complete)
                .failsWith(source::fail)
                .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
    }

    /** What a factory or body takes over: {@code source}, noting that it was handed over. */
    private static <S> S handOver(S source, AtomicBoolean taken) {
        taken.set(true);
        return source;
    }
}
