package dev.pollbridge.benchmarks;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntFunction;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.EmptyCoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;
import kotlin.coroutines.jvm.internal.ContinuationImpl;
import kotlinx.coroutines.BuildersKt;
import kotlinx.coroutines.future.FutureKt;

/**
 * The kotlinx-coroutines anchor of {@link AsyncAwaitContinuation}: {@code runBlocking} around a
 * loop of {@code future.await()} ({@code kotlinx.coroutines.future}), the same awaits a Pollbridge
 * body makes. Written in Java against the coroutine ABI that kotlinc emits for
 * <pre>{@code
 * runBlocking { var sum = 0L; for (i in 0 until n) sum += source(i).await(); sum }
 * }</pre>
 * (a {@link ContinuationImpl} state machine whose {@code invokeSuspend} resumes after each
 * suspension), so the benchmarks module needs no Kotlin compiler; it uses the Kotlin runtime
 * libraries, which only this unpublished module may (the root pom's enforcer keeps every published
 * module Kotlin-free).
 */
final class KotlinxAwait {

    private KotlinxAwait() {}

    /** {@code runBlocking} of {@code n} awaits of {@code source(i)}; the sum of the values. */
    static long awaitEach(int n, IntFunction<CompletionStage<Integer>> source) throws InterruptedException {
        return (Long) BuildersKt.runBlocking(EmptyCoroutineContext.INSTANCE,
                (scope, completion) -> new AwaitLoop(n, source, completion).invokeSuspend(Unit.INSTANCE));
    }

    /** Awaits of futures that are already complete: a coroutine's await of a ready value. */
    static long awaitCompleted(int n) throws InterruptedException {
        return awaitEach(n, CompletableFuture::completedFuture);
    }

    /** Awaits of {@code supplyAsync} on {@code pool}: a round trip through another thread each. */
    static long awaitSupplyAsync(int n, ForkJoinPool pool) throws InterruptedException {
        return awaitEach(n, i -> CompletableFuture.supplyAsync(() -> i, pool));
    }

    /** The state machine kotlinc makes of the loop above: label 1 = resumed after an await suspended. */
    private static final class AwaitLoop extends ContinuationImpl {
        private final int n;
        private final IntFunction<CompletionStage<Integer>> source;
        private int label;
        private int i;
        private long sum;

        @SuppressWarnings("unchecked")
        AwaitLoop(int n, IntFunction<CompletionStage<Integer>> source, Continuation<?> completion) {
            super((Continuation<Object>) completion);
            this.n = n;
            this.source = source;
        }

        @Override
        protected Object invokeSuspend(Object result) {
            kotlin.ResultKt.throwOnFailure(result);
            if (label == 1) {
                sum += (Integer) result;
                i++;
                label = 0;
            }
            Object suspended = IntrinsicsKt.getCOROUTINE_SUSPENDED();
            while (i < n) {
                Object value = FutureKt.await(source.apply(i), this);
                if (value == suspended) {
                    label = 1;
                    return suspended;
                }
                sum += (Integer) value;
                i++;
            }
            return sum;
        }
    }
}
