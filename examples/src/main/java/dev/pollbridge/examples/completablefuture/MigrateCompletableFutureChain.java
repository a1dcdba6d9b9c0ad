package dev.pollbridge.examples.completablefuture;

import static dev.pollbridge.completablefuture.CompletableFutureBridge.toCompletableFutureFunction;
import static dev.pollbridge.completablefuture.CompletableFutureBridge.toCompletableFuture;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.examples.Story;
import dev.pollbridge.runtime.PollRuntime;
import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * User story 3: one {@code CompletableFuture} chain before, half-way through and after its
 * migration, with the same result each time; then what {@code cancel} reaches before and after.
 * The output is in docs/examples.md.
 */
public final class MigrateCompletableFutureChain {

    record Order(String item, int quantity) {}

    record Priced(Order order, long cents) {}

    private MigrateCompletableFutureChain() {}

    static Order parse(String raw) {
        String[] parts = raw.split(" x ");
        return new Order(parts[1], Integer.parseInt(parts[0]));
    }

    static Priced addTax(Priced priced) {
        return new Priced(priced.order(), priced.cents() * 119 / 100);
    }

    static String format(Priced priced) {
        return priced.order().quantity() + " x " + priced.order().item() + ": " + priced.cents() + " cents incl. VAT";
    }

    public static void main(String[] args) throws InterruptedException {
        run(System.out);
    }

    public static void run(PrintStream out) throws InterruptedException {
        Story story = new Story(out, "MigrateCompletableFutureChain: one chain, migrated one stage at a time");
        ScheduledExecutorService legacyThread = LegacyPricing.thread();
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(Story.RUNTIME_PREFIX).build()) {
            LegacyPricing legacy = new LegacyPricing(story, legacyThread);
            MigratedPricing migrated = new MigratedPricing(story, runtime);

            // Before: every stage is a CompletableFuture.
            Supplier<CompletableFuture<String>> before = () -> CompletableFuture.completedFuture("2 x keyboard")
                    .thenApply(MigrateCompletableFutureChain::parse)
                    .thenCompose(legacy::price)
                    .thenApply(MigrateCompletableFutureChain::addTax)
                    .thenApply(MigrateCompletableFutureChain::format);
            // Half-way: the price stage is a PollFuture; the chain around it is unchanged.
            Supplier<CompletableFuture<String>> halfWay = () -> CompletableFuture.completedFuture("2 x keyboard")
                    .thenApply(MigrateCompletableFutureChain::parse)
                    .thenCompose(toCompletableFutureFunction(migrated::price, runtime))
                    .thenApply(MigrateCompletableFutureChain::addTax)
                    .thenApply(MigrateCompletableFutureChain::format);
            // After: one PollFuture; callers still get a CompletableFuture from the edge.
            Supplier<PollFuture<String>> pipeline = () -> Futures.lazy(() -> parse("2 x keyboard"))
                    .flatMap(migrated::price)
                    .map(MigrateCompletableFutureChain::addTax)
                    .map(MigrateCompletableFutureChain::format);
            Supplier<CompletableFuture<String>> after = () -> toCompletableFuture(pipeline.get(), runtime);

            story.step("1. Before: a CompletableFuture chain");
            story.say("join() returned \"" + before.get().join() + "\"");
            story.step("2. Half-way: the price stage is a PollFuture, bridged with toCompletableFutureFunction(...)");
            story.say("join() returned \"" + halfWay.get().join() + "\"");
            story.step("3. After: the whole chain is one PollFuture, a CompletableFuture only at the edge");
            story.say("join() returned \"" + after.get().join() + "\"");

            story.step("4. Cancel the chain while the price is in flight: before, then after");
            cancelInFlight(story, "before", before, legacy.watch());
            cancelInFlight(story, "after", after, migrated.watch());
        } finally {
            legacyThread.shutdownNow();
        }
        story.say("runtime closed");
        story.end();
    }

    /** Starts a chain, cancels its last stage once the price call started, waits for that call to end. */
    private static void cancelInFlight(Story story, String which, Supplier<CompletableFuture<String>> chain,
            CountDownLatch[] watch) throws InterruptedException {
        CompletableFuture<String> result = chain.get();
        watch[0].await(5, TimeUnit.SECONDS);
        // Said before the cancel and after the call ended: the call's own line (on its thread) comes
        // in between, so the output has one order.
        story.say(which + ": cancel(true) on the chain's last stage");
        boolean cancelled = result.cancel(true);
        watch[1].await(5, TimeUnit.SECONDS);
        story.say(which + ": cancel(true) returned " + cancelled);
    }
}
