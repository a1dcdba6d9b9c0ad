package dev.pollbridge.completablefuture;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/** Stages with extra behaviour for the adapter tests. */
final class TestStages {

    private TestStages() {}

    /** A {@code CompletableFuture} that counts how many callbacks were registered with {@code whenComplete}. */
    static final class CountingStage<T> extends CompletableFuture<T> {
        final AtomicInteger whenCompleteCalls = new AtomicInteger();

        @Override
        public CompletableFuture<T> whenComplete(BiConsumer<? super T, ? super Throwable> action) {
            whenCompleteCalls.incrementAndGet();
            return super.whenComplete(action);
        }

        @Override
        public <U> CompletableFuture<U> newIncompleteFuture() {
            return new CompletableFuture<>();
        }
    }

    /**
     * A minimal {@link CompletionStage} over {@code source} whose {@code toCompletableFuture()}
     * throws {@link UnsupportedOperationException}, as the interface allows; every other method
     * delegates to {@code source.minimalCompletionStage()}.
     */
    @SuppressWarnings("unchecked")
    static <T> CompletionStage<T> refusingStage(CompletableFuture<T> source) {
        CompletionStage<T> minimal = source.minimalCompletionStage();
        return (CompletionStage<T>) Proxy.newProxyInstance(
                CompletionStage.class.getClassLoader(),
                new Class<?>[] {CompletionStage.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("toCompletableFuture")) {
                        throw new UnsupportedOperationException("a minimal stage");
                    }
                    try {
                        return method.invoke(minimal, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
