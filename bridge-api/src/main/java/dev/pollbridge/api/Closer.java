package dev.pollbridge.api;

import java.util.List;

/**
 * Closes children for their owner. Callers null out (or mark) their reference before calling
 * here, so a child is closed at most once even if its {@code close()} re-enters the owner.
 */
final class Closer {

    private Closer() {}

    /** Closes {@code child} if it is not {@code null}. */
    static void close(AutoCloseable child) {
        if (child != null) {
            closeOne(child);
        }
    }

    /**
     * Closes every non-null element of {@code children} and sets its slot to {@code null}. A
     * child whose {@code close()} breaks the contract by throwing does not stop the others from
     * being closed; the first such exception is rethrown afterwards (a bug is never hidden).
     */
    static <C extends AutoCloseable> void closeAll(List<C> children) {
        RuntimeException first = null;
        for (int i = 0; i < children.size(); i++) {
            C child = children.get(i);
            if (child == null) {
                continue;
            }
            children.set(i, null);
            try {
                closeOne(child);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void closeOne(AutoCloseable child) {
        try {
            child.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            // PollFuture.close() and PollStream.close() declare no checked exception; only a raw
            // AutoCloseable could get here.
            throw new IllegalStateException("close() threw a checked exception", e);
        }
    }
}
