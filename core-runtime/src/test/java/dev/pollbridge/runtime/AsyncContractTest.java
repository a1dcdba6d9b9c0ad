package dev.pollbridge.runtime;

import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;

/**
 * {@link Async#run} and {@link Async#stream} keep the contract: the body starts at the first poll,
 * and closing the future or stream cancels it (its pending await throws on the body's thread, so
 * the cancellation reaches the body asynchronously); each has one owner, and a value or item
 * nobody reads is closed exactly once.
 */
class AsyncContractTest {

    /** A body that awaits a promise: its value completes the future, its failure fails it. */
    @Nested
    class Run extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Promise<String> promise = new Promise<>();
            AtomicInteger started = new AtomicInteger();
            AtomicInteger cancelled = new AtomicInteger();
            return FutureSubject.of(Async.run(() -> {
                started.incrementAndGet();
                try {
                    return Async.await(promise.future()) + "!";
                } catch (CancellationException e) {
                    cancelled.incrementAndGet();
                    throw e;
                }
            }))
                    .completesWith("value!", () -> promise.complete("value"))
                    .failsWith(promise::fail)
                    .upstream(Upstream.counting("body", started::get, cancelled::get).reachedAsynchronously());
        }

        /** The body returns what it awaited: a value the reader never takes is dropped by the promise, or by the body's end. */
        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Promise<AutoCloseable> promise = new Promise<>();
            return FutureSubject.of(Async.run(() -> Async.await(promise.future())))
                    .completesWith(value, () -> promise.complete(value));
        }
    }

    /** A body that passes on a source stream's items, its end and its failure. */
    @Nested
    class Stream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            ProbeStream<String> source = new ProbeStream<>();
            AtomicBoolean taken = new AtomicBoolean();
            return StreamSubject.of(Async.<String>stream(emitter -> {
                taken.set(true);
                try (ProbeStream<String> in = source) {
                    for (String item = Async.next(in); item != null; item = Async.next(in)) {
                        emitter.emit(item.toUpperCase());
                    }
                }
            }))
                    .emits(i -> source.emit("item" + i), i -> "ITEM" + i)
                    .completes(source::complete)
                    .failsWith(source::fail)
                    .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
        }

        /** The body passes on a source's items: those it never took are dropped by the source it closes. */
        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            ProbeStream<AutoCloseable> source = new ProbeStream<>();
            return StreamSubject.of(Async.<AutoCloseable>stream(emitter -> {
                try (ProbeStream<AutoCloseable> in = source) {
                    for (AutoCloseable item = Async.next(in); item != null; item = Async.next(in)) {
                        emitter.emit(item);
                    }
                }
            }))
                    .emits(i -> source.emit(items.get(i)), items::get);
        }
    }
}
