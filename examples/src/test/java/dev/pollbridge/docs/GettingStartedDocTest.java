package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

// tag::imports[]
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.async.Async;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;   // by name: java.lang.Runtime is imported implicitly too
// end::imports[]
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.rxjava3.RxJavaBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Single;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** The snippets of docs/getting-started.md, run. */
class GettingStartedDocTest {

    @Test
    void firstFuture() {
        // tag::first-future[]
        try (Runtime runtime = Runtime.create()) {
            PollFuture<Integer> answer = Futures.lazy(() -> 6 * 7);         // lazy: nothing runs yet
            PollFuture<String> text = answer.map(n -> "the answer is " + n);
            JoinHandle<String> task = runtime.spawn(text);                  // now it runs, on a worker
            System.out.println(runtime.blockOn(task));                      // the answer is 42

            PollFuture<Void> pause = runtime.sleep(Duration.ofMillis(50));
            PollFuture<Void> tooLong = runtime.timeout(runtime.sleep(Duration.ofSeconds(5)), Duration.ofMillis(50));
            runtime.blockOn(pause);                                         // 50 ms later
            try {
                runtime.blockOn(tooLong);
            } catch (CompletionException e) {                               // checked failures arrive wrapped
                System.out.println("gave up: " + e.getCause());             // java.util.concurrent.TimeoutException
            }
        }
        // end::first-future[]
    }

    @Test
    void firstAdapter() {
        try (Runtime runtime = Runtime.builder().workers(2).build()) {
            // tag::first-adapter[]
            Mono<String> greeting = Mono.just("hello").delayElement(Duration.ofMillis(20));
            CompletableFuture<Integer> legacyCount = CompletableFuture.supplyAsync(() -> 3);

            PollFuture<String> both = Async.run(() -> {                      // straight-line code, no callbacks
                String word = Async.await(ReactorBridge.toFuture(greeting)); // subscribes here, on the body's thread
                int count = Async.await(CompletableFutureBridge.toFuture(legacyCount));
                return (word + " ").repeat(count).strip();
            });
            String result = runtime.blockOn(both);                          // "hello hello hello"

            Mono<String> back = ReactorBridge.toMono(() -> Futures.ready("from a task"), runtime); // and back
            // end::first-adapter[]
            assertEquals("hello hello hello", result);
            assertEquals("from a task", back.block());
        }
    }

    @Test
    void firstRxJava() {
        try (Runtime runtime = Runtime.builder().workers(2).build()) {
            // tag::first-rxjava[]
            Single<Integer> stock = Single.just(7).delay(20, TimeUnit.MILLISECONDS);
            PollFuture<String> line = Async.run(() -> "in stock: " + RxJavaBridge.await(stock)); // subscribes on the body's thread
            String text = runtime.blockOn(line);                                                  // "in stock: 7"

            Flowable<Long> ticks = RxJavaBridge.toFlowable(() -> runtime.interval(Duration.ofMillis(10)), runtime);
            List<Long> firstThree = ticks.take(3).toList().blockingGet();                          // [0, 1, 2]
            // end::first-rxjava[]
            assertEquals("in stock: 7", text);
            assertEquals(List.of(0L, 1L, 2L), firstThree);
        }
    }

    @Test
    void timeoutFailsWithTimeoutException() {
        try (Runtime runtime = Runtime.builder().workers(1).build()) {
            CompletionException e = assertThrows(CompletionException.class,
                    () -> runtime.blockOn(runtime.timeout(runtime.sleep(Duration.ofSeconds(5)), Duration.ofMillis(50))));
            assertInstanceOf(TimeoutException.class, e.getCause());
        }
    }
}
