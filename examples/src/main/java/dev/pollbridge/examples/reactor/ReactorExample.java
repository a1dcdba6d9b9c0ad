package dev.pollbridge.examples.reactor;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.Runtime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.util.context.Context;

/**
 * The Reactor adapter end to end: a Reactor service wrapped into futures that are joined,
 * selected and timed out on the runtime; a runtime task exposed as a {@code Flux}, consumed with
 * Reactor operators and cancelled mid-way; the runtime as a Reactor {@code Scheduler}; and the
 * Reactor context carried into a task and back. Runs in well under a second of waiting.
 */
public final class ReactorExample {

    private ReactorExample() {}

    /** Runs the example on its own: {@code java dev.pollbridge.examples.reactor.ReactorExample}. */
    public static void main(String[] args) throws InterruptedException {
        run();
    }

    /** Runs every step on a small runtime of its own and closes it. */
    public static void run() throws InterruptedException {
        InventoryService service = new InventoryService();
        try (Runtime runtime = Runtime.builder().workers(2).threadNamePrefix("example-").build()) {
            joinTwoMonos(runtime, service);
            selectTheFasterMirror(runtime, service);
            timeOutASlowMono(runtime, service);
            taskAsFlux(runtime);
            runtimeAsScheduler(runtime);
            contextRoundTrip(runtime, service);
        }
        System.out.println("reactor example: runtime closed");
    }

    /** Futures.join drives both Monos at once inside one task: about 80 ms, not 130. */
    static void joinTwoMonos(Runtime runtime, InventoryService service) {
        PollFuture<String> summary = Futures.join(
                ReactorBridge.toFuture(service.stock("apple")),
                ReactorBridge.toFuture(service.price("apple")),
                (stock, price) -> stock + " apples in stock at " + price + " cents");
        System.out.println("join:    " + runtime.blockOn(summary));
    }

    /** Futures.select keeps the first Mono to answer and closes the other, which cancels it. */
    static void selectTheFasterMirror(Runtime runtime, InventoryService service) {
        PollFuture<String> fastest = Futures.select(
                ReactorBridge.toFuture(service.quote("mirror-eu", Duration.ofMillis(30))),
                ReactorBridge.toFuture(service.quote("mirror-us", Duration.ofMillis(300))));
        System.out.println("select:  " + runtime.blockOn(fastest));
    }

    /** runtime.timeout is a select against a timer: the Mono's subscription is cancelled. */
    static void timeOutASlowMono(Runtime runtime, InventoryService service) {
        try {
            runtime.blockOn(runtime.timeout(ReactorBridge.toFuture(service.slowReport()), Duration.ofMillis(100)));
            System.out.println("timeout: unexpectedly finished");
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof TimeoutException)) {
                throw e;
            }
            System.out.println("timeout: gave up on slowReport() after 100 ms");
        }
    }

    /**
     * An Async.stream body that would tick for ever, exposed as a Flux. Reactor's take(5) cancels
     * the subscription after five items; the cancel aborts the task, the body's pending emit or
     * await throws, and its finally block runs.
     */
    static void taskAsFlux(Runtime runtime) throws InterruptedException {
        CountDownLatch cleanedUp = new CountDownLatch(1);
        Flux<Long> ticks = ReactorBridge.flux(emitter -> {
            try {
                for (long tick = 0; ; tick++) {
                    Async.await(runtime.sleep(Duration.ofMillis(10)));
                    emitter.emit(tick);
                }
            } finally {
                System.out.println("flux:    producer task cleaned up (its finally ran)");
                cleanedUp.countDown();
            }
        }, runtime);
        List<String> firstFive = ticks
                .map(tick -> "tick-" + tick)
                .filter(label -> !label.isEmpty())
                .take(5)
                .collectList()
                .block(Duration.ofSeconds(5));
        System.out.println("flux:    " + firstFive);
        if (!cleanedUp.await(5, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the producer task was not cancelled");
        }
    }

    /** publishOn and delayElements hop onto the runtime's workers through a Reactor Scheduler. */
    static void runtimeAsScheduler(Runtime runtime) {
        Scheduler scheduler = ReactorBridge.scheduler(runtime);
        try {
            List<String> threads = Flux.range(1, 3)
                    .delayElements(Duration.ofMillis(5), scheduler)
                    .publishOn(scheduler)
                    .map(i -> i + "@" + Thread.currentThread().getName())
                    .collectList()
                    .block(Duration.ofSeconds(5));
            System.out.println("sched:   " + threads);
        } finally {
            scheduler.dispose();
        }
    }

    /** The subscriber's context reaches the task, and from there the Mono the task awaits. */
    static void contextRoundTrip(Runtime runtime, InventoryService service) {
        Mono<String> greeting = ReactorBridge.mono(() -> {
            String fromTask = ReactorBridge.currentContext().getOrDefault("user", "nobody");
            String fromService = ReactorBridge.await(service.caller());
            return "task sees " + fromTask + ", the service it awaits sees " + fromService;
        }, runtime);
        System.out.println("context: " + greeting.contextWrite(Context.of("user", "ada")).block(Duration.ofSeconds(5)));
    }
}
