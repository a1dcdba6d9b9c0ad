package dev.pollbridge.completablefuture;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * Every direction of {@link CompletableFutureBridge} keeps the contract. A stage to a future: the
 * stage is a {@code CompletableFuture} that counts its {@code cancel} calls, and the bridge's
 * callback on it (a dependent) is its start. A future to a {@code CompletableFuture}: spawned at
 * once (not lazy, as documented), checked through a round trip back with {@code toPollFuture}, whose
 * close cancels the {@code CompletableFuture}, which aborts the task, which closes the probe on a
 * runtime thread.
 *
 * <p>The dropped-value checks of the kit do not apply, and no subclass declares a value for them:
 * a {@code CompletableFuture}'s value is kept for any number of readers (any dependent stage,
 * any {@code join()}), so the bridge never knows that nobody reads it and never closes it, in
 * either direction ({@code docs/completablefuture.md}).
 */
class CompletableFutureBridgeContractTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("cf-contract-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** A {@code CompletableFuture} that counts the cancels it receives. */
    static final class CountingStage extends CompletableFuture<String> {
        final AtomicInteger cancels = new AtomicInteger();

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            cancels.incrementAndGet();
            return super.cancel(mayInterruptIfRunning);
        }

        Upstream upstream() {
            return Upstream.counting("stage", () -> getNumberOfDependents() > 0 ? 1 : 0, cancels::get);
        }
    }

    /** Closing before the stage completed cancels it, polled or not. */
    @Nested
    class StageCancelledOnClose extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountingStage stage = new CountingStage();
            return FutureSubject.of(CompletableFutureBridge.toPollFuture(stage))
                    .completesWith("value", () -> stage.complete("value"))
                    .failsWith(stage::completeExceptionally)
                    .upstream(stage.upstream().ownedFromBuild());
        }
    }

    /** {@link CancelPolicy#DETACH}: closing leaves the stage alone. */
    @Nested
    class StageDetachedOnClose extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountingStage stage = new CountingStage();
            return FutureSubject.of(CompletableFutureBridge.toPollFuture(stage, CancelPolicy.DETACH))
                    .completesWith("value", () -> stage.complete("value"))
                    .failsWith(stage::completeExceptionally)
                    .upstream(stage.upstream())
                    .closeDetaches();
        }
    }

    /** {@code toPollFutureFunction(fn)}: the function's stage, awaited (and cancelled on close). */
    @Nested
    class Awaiting extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountingStage stage = new CountingStage();
            return FutureSubject.of(CompletableFutureBridge.<String, String>toPollFutureFunction(key -> stage).apply("key"))
                    .completesWith("value", () -> stage.complete("value"))
                    .failsWith(stage::completeExceptionally)
                    .upstream(stage.upstream().ownedFromBuild());
        }
    }

    /** {@code toCompletableFuture(future, runtime)}, read back with {@code toPollFuture}. */
    @Nested
    class ToCompletableFutureRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            return FutureSubject.of(CompletableFutureBridge.toPollFuture(
                            CompletableFutureBridge.toCompletableFuture(source, runtime)))
                    .completesWith("value", () -> source.complete("value"))
                    .failsWith(source::fail)
                    .startsEagerly()
                    .upstream(Upstream.of(source).reachedAsynchronously());
        }
    }

    /** {@code toCompletableFuture(handle)}, read back: cancelling aborts the adopted task. */
    @Nested
    class FromHandleRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            JoinHandle<String> handle = runtime.spawn(source);
            return FutureSubject.of(CompletableFutureBridge.toPollFuture(CompletableFutureBridge.toCompletableFuture(handle)))
                    .completesWith("value", () -> source.complete("value"))
                    .failsWith(source::fail)
                    .startsEagerly()
                    .upstream(Upstream.of(source).reachedAsynchronously());
        }
    }

    /** {@code toCompletableFutureFunction(fn, runtime)}: the function's future as a stage, read back. */
    @Nested
    class StageRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            CompletableFuture<String> staged = CompletableFutureBridge.<String, String>toCompletableFutureFunction(key -> source, runtime)
                    .apply("key");
            return FutureSubject.of(CompletableFutureBridge.toPollFuture(staged))
                    .completesWith("value", () -> source.complete("value"))
                    .failsWith(source::fail)
                    .startsEagerly()
                    .upstream(Upstream.of(source).reachedAsynchronously());
        }
    }

    /**
     * {@code await(stage)} inside an {@code Async} body; the upstream is the body, which counts its
     * starts and the cancellations its {@code await} throws (that the stage is cancelled with it is
     * {@code AwaitAndFutureBodyTest}'s).
     */
    @Nested
    class AwaitInBody extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CompletableFuture<String> stage = new CompletableFuture<>();
            BodyCounts body = new BodyCounts();
            return FutureSubject.of(Async.run(() -> body.run(() -> CompletableFutureBridge.await(stage))))
                    .completesWith("value", () -> stage.complete("value"))
                    .failsWith(stage::completeExceptionally)
                    .upstream(body.upstream());
        }
    }

    /** {@code future(body, runtime)}, read back with {@code toPollFuture}: the body awaits a probe. */
    @Nested
    class FutureBodyRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            BodyCounts body = new BodyCounts();
            CompletableFuture<String> future = CompletableFutureBridge.future(() -> body.run(() -> Async.await(source)), runtime);
            return FutureSubject.of(CompletableFutureBridge.toPollFuture(future))
                    .completesWith("value", () -> source.complete("value"))
                    .failsWith(source::fail)
                    .startsEagerly()
                    .upstream(body.upstream());
        }
    }

    /** An {@code Async} body's starts and the cancellations it saw, as the contract's upstream. */
    static final class BodyCounts {
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger cancelled = new AtomicInteger();

        String run(java.util.function.Supplier<String> await) {
            started.incrementAndGet();
            try {
                return await.get();
            } catch (java.util.concurrent.CancellationException e) {
                cancelled.incrementAndGet();
                throw e;
            }
        }

        Upstream upstream() {
            return Upstream.counting("body", started::get, cancelled::get).reachedAsynchronously();
        }
    }
}
