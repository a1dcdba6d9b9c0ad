package dev.pollbridge.examples.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.examples.Story;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.task.TaskScope;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;

/**
 * User story 2: runtime tasks exposed as a {@code Flux}: an {@code Async.stream} body, and a
 * channel fed by producer tasks. Reactor operators consume them, demand drives them, and a
 * cancel mid-stream reaches the producers, whose cleanup runs. The output is in docs/examples.md.
 */
public final class TasksAsFlux {

    private TasksAsFlux() {}

    public static void main(String[] args) throws InterruptedException {
        run(System.out);
    }

    public static void run(PrintStream out) throws InterruptedException {
        Story story = new Story(out, "TasksAsFlux: runtime tasks as a Flux");
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(Story.RUNTIME_PREFIX).build()) {
            story.step("1. An Async.stream body as a Flux, cancelled by take(3)");
            CountDownLatch bodyEnded = new CountDownLatch(1);
            Flux<Long> ticks = FluxBridge.flux(emitter -> {
                try {
                    for (long tick = 0; ; tick++) {
                        Async.await(runtime.sleep(Duration.ofMillis(20)));
                        emitter.emit(tick); // returns once the subscriber took the item
                    }
                } finally {
                    story.say("the body's finally ran on " + story.thread() + ": the cancel reached it");
                    bodyEnded.countDown();
                }
            }, runtime);
            List<String> labels = ticks
                    .doOnNext(tick -> story.say("onNext(" + tick + ") on " + story.thread()))
                    .map(tick -> "tick-" + tick)
                    .take(3)
                    .collectList()
                    .block(Duration.ofSeconds(10));
            bodyEnded.await(10, TimeUnit.SECONDS);
            story.say("block() returned " + labels);

            story.step("2. Demand drives the body: it makes nothing that nobody requested");
            AtomicLong made = new AtomicLong();
            Flux<Long> numbers = FluxBridge.toFlux(() -> Async.stream(emitter -> {
                for (long n = 0; ; n++) {
                    made.incrementAndGet();
                    emitter.emit(n); // parks until the Flux has demand and takes n
                }
            }), runtime);
            List<Long> firstFour = numbers.take(4).collectList().block(Duration.ofSeconds(10));
            story.say("take(4) requested 4 and got " + firstFour);
            story.say(made.get() <= 5 ? "the body made no item beyond those 4 and the one it held in emit"
                    : "the body made " + made.get() + " items (unexpected: more than requested)");

            story.step("3. A channel fed by two producer tasks, as a Flux; take(6) stops them");
            Map<String, String> cleanups = new ConcurrentHashMap<>();
            CountDownLatch producersEnded = new CountDownLatch(2);
            Flux<String> orders = FluxBridge.flux(emitter -> {
                Channel<String> channel = Channel.bounded(4);
                try (TaskScope<Void> producers = TaskScope.open(runtime)) {
                    for (String name : List.of("kitchen", "bar")) {
                        producers.spawn(producer(name, channel, runtime, cleanups, producersEnded, story));
                    }
                    try (PollStream<String> items = channel.stream()) {
                        for (String item = Async.next(items); item != null; item = Async.next(items)) {
                            emitter.emit(item);
                        }
                    }
                } // cancelled: closing the scope aborts both producers
            }, runtime);
            long count = orders.take(6).count().block(Duration.ofSeconds(10));
            producersEnded.await(10, TimeUnit.SECONDS);
            story.say("the Flux delivered " + count + " orders, then take(6) cancelled it");
            new TreeMap<>(cleanups).forEach((name, how) -> story.say("producer " + name + ": " + how));
        }
        story.say("runtime closed");
        story.end();
    }

    /** Sends an order every 10 ms until cancelled; its finally block records where it ran. */
    private static PollFuture<Void> producer(String name, Channel<String> channel, PollRuntime runtime,
            Map<String, String> cleanups, CountDownLatch ended, Story story) {
        return Async.run(() -> {
            try {
                for (int n = 0; ; n++) {
                    Async.await(runtime.sleep(Duration.ofMillis(10)));
                    Async.await(channel.send(name + "-" + n));
                }
            } finally {
                cleanups.put(name, "aborted; its finally ran on " + story.thread());
                ended.countDown();
            }
        });
    }
}
