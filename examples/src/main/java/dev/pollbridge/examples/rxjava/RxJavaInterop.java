package dev.pollbridge.examples.rxjava;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.examples.Story;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.rxjava3.FlowableBridge;
import dev.pollbridge.rxjava3.MaybeBridge;
import dev.pollbridge.rxjava3.RxJavaBridge;
import dev.pollbridge.rxjava3.SingleBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * User story 4: RxJava code and the runtime, both ways. An RxJava service with real delays,
 * wrapped into futures and a stream that {@code Async} bodies await; a runtime producer exposed
 * as a {@code Flowable} that RxJava operators consume and cancel mid-stream, its cleanup visible;
 * and the runtime as an RxJava {@code Scheduler}. The output is in docs/examples.md.
 */
public final class RxJavaInterop {

    private RxJavaInterop() {}

    public static void main(String[] args) throws InterruptedException {
        run(System.out);
    }

    public static void run(PrintStream out) throws InterruptedException {
        Story story = new Story(out, "RxJavaInterop: an RxJava service and the runtime, both ways");
        RxInventoryService service = new RxInventoryService(story);
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(Story.RUNTIME_PREFIX).build()) {
            story.step("1. Await a Single and a Maybe in straight-line code (SingleBridge.await, MaybeBridge.await)");
            String line = runtime.blockOn(Async.run(() -> {
                int stock = SingleBridge.await(service.stock("pears"));
                String discount = MaybeBridge.await(service.discount("pears")); // null: empty
                return stock + " pears, discount " + (discount == null ? "none" : discount);
            }));
            story.say("blockOn returned \"" + line + "\"");

            story.step("2. Bound a slow Single with a timeout: the Single is disposed (runtime.timeout)");
            long start = System.nanoTime();
            try {
                runtime.blockOn(runtime.timeout(SingleBridge.toPollFuture(service.slowReport()), Duration.ofMillis(300)));
                story.say("the report arrived (unexpected)");
            } catch (CompletionException timedOut) {
                story.say("blockOn threw CompletionException caused by " + timedOut.getCause().getClass().getSimpleName()
                        + " after " + Story.took(start, Duration.ofMillis(300), Duration.ofSeconds(2)));
            }

            story.step("3. A Flowable as a stream: read three prices, then close it (FlowableBridge.toPollStream)");
            List<Long> prices = runtime.blockOn(Async.run(() -> {
                List<Long> firstThree = new ArrayList<>();
                try (PollStream<Long> stream = FlowableBridge.toPollStream(service.prices("pears"))) {
                    while (firstThree.size() < 3) {
                        firstThree.add(Async.next(stream)); // the first call subscribes
                    }
                } // close() cancels the Flowable
                return firstThree;
            }));
            story.say("the body read " + prices + " and closed the stream");

            story.step("4. A runtime producer as a Flowable; RxJava operators, and take(3) cancels it");
            CountDownLatch producerEnded = new CountDownLatch(1);
            Flowable<Long> ticks = FlowableBridge.rxFlowable(emitter -> {
                try {
                    for (long tick = 0; ; tick++) {
                        Async.await(runtime.sleep(Duration.ofMillis(20)));
                        emitter.emit(tick); // returns once the subscriber requested the item
                    }
                } finally {
                    story.say("the producer's finally ran on " + story.thread() + ": the cancel reached it");
                    producerEnded.countDown();
                }
            }, runtime);
            List<String> even = ticks
                    .doOnNext(tick -> story.say("onNext(" + tick + ") on " + story.thread()))
                    .filter(tick -> tick % 2 == 0)
                    .map(tick -> "tick-" + tick)
                    .take(3)
                    .toList()
                    .blockingGet();
            producerEnded.await(10, TimeUnit.SECONDS);
            story.say("blockingGet() returned " + even);

            story.step("5. The runtime as an RxJava Scheduler (RxJavaBridge.scheduler)");
            Scheduler scheduler = RxJavaBridge.scheduler(runtime);
            List<Integer> doubled = Flowable.range(1, 3)
                    .observeOn(scheduler)
                    .doOnNext(n -> story.say("observeOn: " + n + " on " + story.thread()))
                    .map(n -> n * 2)
                    .toList()
                    .blockingGet();
            story.say("toList() returned " + doubled);
            start = System.nanoTime();
            List<Integer> delayed = Observable.range(1, 5)
                    .delay(100, TimeUnit.MILLISECONDS, scheduler) // the runtime's timers, one worker in order
                    .toList()
                    .blockingGet();
            story.say("delay(100 ms) returned " + delayed + " after " + Story.took(start, Duration.ofMillis(100), null));
            scheduler.shutdown();
        }
        story.say("runtime closed");
        story.end();
    }
}
