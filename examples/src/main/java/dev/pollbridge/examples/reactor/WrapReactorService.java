package dev.pollbridge.examples.reactor;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.examples.Story;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * User story 1: a Reactor service with real delays and one flaky call, wrapped into futures,
 * awaited with {@code Async}, joined, raced with {@code select}, bounded with {@code timeout},
 * and cancelled. The output is in docs/examples.md.
 */
public final class WrapReactorService {

    private WrapReactorService() {}

    public static void main(String[] args) throws InterruptedException {
        run(System.out);
    }

    public static void run(PrintStream out) throws InterruptedException {
        Story story = new Story(out, "WrapReactorService: a Reactor service, wrapped into futures");
        InventoryService service = new InventoryService(story);
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(Story.RUNTIME_PREFIX).build()) {
            story.step("1. Await two calls in straight-line code (Async.await)");
            long start = System.nanoTime();
            String line = runtime.blockOn(Async.run(() -> {
                story.say("the body runs on " + story.thread());
                int stock = Async.await(MonoBridge.toPollFuture(service.stock("apples")));
                long price = Async.await(MonoBridge.toPollFuture(service.price("apples")));
                return stock + " apples at " + price + " cents";
            }));
            story.say("blockOn returned \"" + line + "\" on " + story.thread());
            story.say("took " + Story.took(start, Duration.ofMillis(500), null) + ": one call after the other");

            story.step("2. Join the same two calls: both in flight at once (Futures.join)");
            start = System.nanoTime();
            line = runtime.blockOn(Futures.join(
                    MonoBridge.toPollFuture(service.stock("apples")),
                    MonoBridge.toPollFuture(service.price("apples")),
                    (stock, price) -> stock + " apples at " + price + " cents"));
            story.say("blockOn returned \"" + line + "\"");
            story.say("took " + Story.took(start, Duration.ofMillis(300), Duration.ofMillis(500))
                    + ": 300 ms is the slower call, 500 ms both one after the other");

            story.step("3. A flaky call, retried once: a checked failure arrives wrapped");
            line = runtime.blockOn(Async.run(() -> {
                try {
                    return Async.await(MonoBridge.toPollFuture(service.reviews("apples")));
                } catch (CompletionException wrapped) {
                    story.say("the body caught CompletionException caused by "
                            + wrapped.getCause().getClass().getSimpleName() + "; retrying");
                    return Async.await(MonoBridge.toPollFuture(service.reviews("apples")));
                }
            }));
            story.say("blockOn returned \"" + line + "\"");

            story.step("4. Race two mirrors: the first answer wins, the loser is cancelled (Futures.select)");
            start = System.nanoTime();
            line = runtime.blockOn(Futures.select(
                    MonoBridge.toPollFuture(service.quote("mirror-eu", Duration.ofMillis(50))),
                    MonoBridge.toPollFuture(service.quote("mirror-us", Duration.ofSeconds(1)))));
            story.say("blockOn returned \"" + line + "\" after " + Story.took(start, Duration.ofMillis(50), Duration.ofSeconds(1)));

            story.step("5. Bound a slow call with a timeout: the Mono is cancelled (runtime.timeout)");
            start = System.nanoTime();
            try {
                runtime.blockOn(runtime.timeout(MonoBridge.toPollFuture(service.slowReport()), Duration.ofMillis(300)));
                story.say("the report arrived (unexpected)");
            } catch (CompletionException timedOut) {
                story.say("blockOn threw CompletionException caused by " + timedOut.getCause().getClass().getSimpleName()
                        + " after " + Story.took(start, Duration.ofMillis(300), Duration.ofSeconds(2)));
            }

            story.step("6. Cancel a running task: abort() reaches the Mono it awaits");
            CountDownLatch cancelled = new CountDownLatch(1);
            CountDownLatch subscribed = new CountDownLatch(1);
            JoinHandle<String> report = runtime.spawn(MonoBridge.toPollFuture(service.slowReport()
                    .doOnSubscribe(subscription -> subscribed.countDown())
                    .doFinally(signal -> cancelled.countDown())));
            subscribed.await(5, TimeUnit.SECONDS);
            story.say("abort() on " + story.thread());
            report.abort();
            cancelled.await(5, TimeUnit.SECONDS);
            try {
                runtime.blockOn(report);
            } catch (CancellationException expected) {
                story.say("the task's handle yields CancellationException");
            }
        }
        story.say("runtime closed");
        story.end();
    }
}
