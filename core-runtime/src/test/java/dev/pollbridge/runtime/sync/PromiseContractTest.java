package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Waker;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import java.lang.reflect.Field;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Nested;

/**
 * {@link Promise}'s two futures keep the contract: the read end {@link Promise#future()} (closing it
 * cancels the promise) and the writer's {@link Promise#closed()} (closing it takes its waker back).
 */
class PromiseContractTest {

    /** The read end: a value or a failure completes it; the writer's close without a value fails it. */
    @Nested
    class Future extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Promise<String> promise = new Promise<>();
            return FutureSubject.of(promise.future())
                    .completesWith("value", () -> promise.complete("value"))
                    .failsWith(promise::fail)
                    .upstream(Upstream.counting("promise", () -> 0, () -> promise.isCancelled() ? 1 : 0).ownedFromBuild());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Promise<AutoCloseable> promise = new Promise<>();
            return FutureSubject.of(promise.future()).completesWith(value, () -> promise.complete(value));
        }
    }

    /** The read end when the writer closes without a value: it fails with {@link ChannelClosedException}. */
    @Nested
    class FutureOfAClosedPromise extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Promise<String> promise = new Promise<>();
            return FutureSubject.of(promise.future())
                    .fails(promise::close, ChannelClosedException.class)
                    .upstream(Upstream.counting("promise", () -> 0, () -> promise.isCancelled() ? 1 : 0).ownedFromBuild());
        }
    }

    /** {@code closed()}: the reader's close completes it; it waits with the promise's one waker. */
    @Nested
    class Closed extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Promise<String> promise = new Promise<>();
            PromiseFuture<String> reader = promise.future();
            return FutureSubject.of(promise.closed())
                    .completesWith(null, reader::close)
                    .upstream(Upstream.queued("the promise's closed() waker", waiting(promise)))
                    .closing(reader);
        }
    }

    /** True while the promise holds a {@code closed()} waker (its private reader state is a waker). */
    private static BooleanSupplier waiting(Promise<?> promise) {
        try {
            Field state = Promise.class.getDeclaredField("readerState");
            state.setAccessible(true);
            return () -> {
                try {
                    return state.get(promise) instanceof Waker;
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            };
        } catch (NoSuchFieldException e) {
            throw new AssertionError("Promise has no field readerState any more: update PromiseContractTest", e);
        }
    }
}
