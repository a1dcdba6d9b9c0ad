package dev.pollbridge.blockhound;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The real BlockHound agent, installed once for this test JVM: every integration found as a
 * service (ours, and reactor-core's), plus {@link Recording}, which keeps a log of every report
 * and marks {@link MarkedThread}s non-blocking.
 */
final class BlockHoundAgent {

    /** "thread name: blocking method" of every report since the last {@link #clearReports()}. */
    private static final Queue<String> REPORTS = new ConcurrentLinkedQueue<>();
    private static boolean installed;

    private BlockHoundAgent() {}

    static synchronized void install() {
        if (!installed) {
            BlockHound.install(new Recording());
            installed = true;
        }
    }

    static void clearReports() {
        REPORTS.clear();
    }

    /** The reports made on threads whose name starts with {@code prefix}. */
    static List<String> reportsOnThreads(String prefix) {
        return REPORTS.stream().filter(report -> report.startsWith(prefix)).collect(Collectors.toList());
    }

    /** A thread that a user's predicate marks non-blocking (think of a name-prefix predicate). */
    static final class MarkedThread extends Thread {
        MarkedThread(Runnable body, String name) {
            super(body, name);
            setDaemon(true);
        }
    }

    /** Logs each report, then throws as BlockHound does by default; marks {@link MarkedThread}s. */
    static final class Recording implements BlockHoundIntegration {
        @Override
        public void applyTo(BlockHound.Builder builder) {
            builder.nonBlockingThreadPredicate(current -> current.or(MarkedThread.class::isInstance));
            builder.blockingMethodCallback(method -> {
                REPORTS.add(Thread.currentThread().getName() + ": " + method);
                throw new BlockingOperationError(method);
            });
        }
    }
}
