package dev.pollbridge.completablefuture;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Strips the wrappers around a stage's real failure: {@link CompletionException}, which
 * {@code CompletableFuture} itself puts around a failure that passes through a dependent stage,
 * and {@link ExecutionException}, which {@code Future.get()} puts around one.
 *
 * <h2>Why {@code ExecutionException} too</h2>
 * kotlinx's {@code CompletionStage.await()} strips only {@code CompletionException}. We strip
 * both, because a stage completed with an {@code ExecutionException} almost always carries a
 * failure that came out of some {@code Future.get()} (the common bridge code
 * {@code catch (ExecutionException e) { cf.completeExceptionally(e); }}, or a library that adapts
 * a {@code Future} that way): the wrapper says "this came through get()", not what failed. Left
 * on, it would also be wrapped again by the failure rule ({@code docs/runtime.md}, "Failures"):
 * {@code ExecutionException} is checked, so {@code Async.await} and {@code PollRuntime.blockOn} would
 * throw {@code CompletionException(ExecutionException(cause))}, two wrappers around the failure the
 * caller wants to catch. A wrapper without a cause carries no other failure and stays as it is;
 * so does every other exception. Code that really means an {@code ExecutionException} as its
 * domain failure should use an exception type of its own.
 */
final class Unwrap {

    /** Wrappers nested deeper than this are left as they are; it only guards against cause cycles. */
    private static final int MAX_DEPTH = 64;

    private Unwrap() {}

    /**
     * The real cause of {@code error}: every {@link CompletionException} and
     * {@link ExecutionException} around it is removed, nested ones too. A wrapper without a cause
     * is itself the error and stays as it is.
     */
    static Throwable cause(Throwable error) {
        Throwable current = error;
        for (int depth = 0; depth < MAX_DEPTH && isWrapper(current) && current.getCause() != null; depth++) {
            current = current.getCause();
        }
        return current;
    }

    private static boolean isWrapper(Throwable error) {
        return error instanceof CompletionException || error instanceof ExecutionException;
    }
}
