package dev.pollbridge.completablefuture;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Strips the wrappers {@code CompletableFuture} puts around a stage's real failure. */
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
