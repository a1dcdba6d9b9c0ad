package dev.pollbridge.examples;

// tag::readme[]
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
// end::readme[]
import dev.pollbridge.examples.reactor.InventoryService;
// tag::readme[]
import java.time.Duration;
// end::readme[]

/** The example in the README, kept here so that it compiles and runs with the others. */
public final class ReadmeExample {

    private ReadmeExample() {}

    public static void main(String[] args) {
        run();
    }

    /** Runs the README's code, which prints to {@code System.out}. */
    public static void run() {
        System.out.println("== ReadmeExample: the example of the README");
        InventoryService inventory = new InventoryService();
        // tag::readme[]

        try (PollRuntime runtime = PollRuntime.create()) {
            // Reactor services become pull-model futures: nothing subscribes until polled.
            PollFuture<Integer> stock = MonoBridge.toPollFuture(inventory.stock("apples"));
            PollFuture<Long> price = runtime.timeout(
                    MonoBridge.toPollFuture(inventory.price("apples")), Duration.ofSeconds(1));
            // Await in plain Java: the body suspends; it never blocks a runtime worker.
            PollFuture<String> line = Async.run(() ->
                    Async.await(stock) + " apples at " + Async.await(price) + " cents");
            System.out.println(runtime.blockOn(line)); // line.close() instead would cancel both Monos

            // And back: a runtime stream as a Flux, with demand and cancellation intact.
            FluxBridge.toFlux(() -> runtime.interval(Duration.ofMillis(10)), runtime)
                    .take(3) // cancels the interval after three ticks
                    .doOnNext(tick -> System.out.println("tick " + tick))
                    .blockLast();
        }
        // end::readme[]
        System.out.println();
    }
}
