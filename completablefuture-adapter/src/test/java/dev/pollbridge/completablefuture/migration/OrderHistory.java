package dev.pollbridge.completablefuture.migration;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.migration.Shop.Customer;
import dev.pollbridge.completablefuture.migration.Shop.History;
import dev.pollbridge.completablefuture.migration.Shop.Order;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

/**
 * Stage 4's service: a remote call answered by another thread (think an HTTP client). It has
 * the legacy push API ({@link #fetchAsync}, a {@code CompletableFuture}) and the migrated pull
 * API ({@link #fetch}, a {@code PollFuture}). {@link #hold()} makes every later call wait until
 * cancelled, and records it, so tests can check that cancelling the outer result stops it.
 */
final class OrderHistory {

    private static final Map<String, List<Order>> ORDERS = Map.of(
            "42", List.of(new Order("book", 1), new Order("pen", 3), new Order("book", 2)),
            "7", List.of(new Order("pen", 1)));

    /** One remote call in flight while held. */
    interface Call {
        /** True once the caller stopped the call before it answered. */
        boolean stopped();

        /** How many stop signals reached the call (a correct chain sends exactly one). */
        int stopSignals();
    }

    private final Executor network;
    private final List<Call> heldCalls = new CopyOnWriteArrayList<>();
    private volatile boolean held;

    OrderHistory(Executor network) {
        this.network = network;
    }

    /** From now on calls never answer by themselves. */
    void hold() {
        held = true;
    }

    List<Call> heldCalls() {
        return List.copyOf(heldCalls);
    }

    /** The legacy API: the call is sent at once and answered on a network thread. */
    CompletableFuture<History> fetchAsync(Customer customer) {
        CompletableFuture<History> reply = new CompletableFuture<>();
        if (held) {
            heldCalls.add(new Call() {
                @Override
                public boolean stopped() {
                    return reply.isCancelled();
                }

                @Override
                public int stopSignals() {
                    return reply.isCancelled() ? 1 : 0; // a CompletableFuture completes at most once
                }
            });
            return reply;
        }
        network.execute(() -> reply.complete(historyOf(customer)));
        return reply;
    }

    /** The migrated API: the same call as a {@code PollFuture}; closing it abandons the call. */
    PollFuture<History> fetch(Customer customer) {
        ProbeFuture<History> reply = new ProbeFuture<>();
        if (held) {
            heldCalls.add(new Call() {
                @Override
                public boolean stopped() {
                    return reply.isCancelled();
                }

                @Override
                public int stopSignals() {
                    return reply.closes();
                }
            });
            return reply;
        }
        network.execute(() -> reply.complete(historyOf(customer)));
        return reply;
    }

    private static History historyOf(Customer customer) {
        return new History(customer, ORDERS.getOrDefault(customer.user().id(), List.of()));
    }
}
