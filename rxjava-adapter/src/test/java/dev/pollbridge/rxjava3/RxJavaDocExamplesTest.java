package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.exceptions.MissingBackpressureException;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The code shown in {@code docs/rxjava.md}, compiled and run, so that the page cannot drift from
 * the API. Each method holds one snippet between the {@code // doc:} markers.
 */
class RxJavaDocExamplesTest {

    private final Runtime runtime = Runtime.builder().workers(2).threadNamePrefix("doc-").build();

    @AfterEach
    void stop() {
        runtime.close();
    }

    /** A service written with RxJava, as the examples use it. */
    private static final class Inventory {
        Single<Integer> stock(String item) {
            return Single.just(item.length()).delay(20, TimeUnit.MILLISECONDS);
        }

        Maybe<String> discount(String item) {
            return item.startsWith("a") ? Maybe.just("10%") : Maybe.empty();
        }

        Single<String> slowReport() {
            return Single.<String>never();
        }

        Flowable<Integer> prices() {
            return Flowable.range(1, 5);
        }
    }

    @Test
    void rxJavaToPollbridge() {
        Inventory service = new Inventory();
        // doc: rxjava-to-pollbridge
        PollFuture<String> summary = Futures.join(
                RxJavaBridge.toFuture(service.stock("apple")),          // Single -> future
                RxJavaBridge.toFuture(service.discount("apple")),       // Maybe -> future, null when empty
                (stock, discount) -> stock + " left, discount " + discount);
        PollFuture<String> bounded = runtime.timeout(
                RxJavaBridge.toFuture(service.slowReport()), Duration.ofMillis(50)); // disposed on timeout
        PollStream<Integer> prices = RxJavaBridge.toStream(service.prices()); // Flowable -> stream, prefetch 256
        // doc: end
        assertEquals("5 left, discount 10%", runtime.blockOn(summary));
        Throwable timedOut = assertThrows(Throwable.class, () -> runtime.blockOn(bounded));
        assertEquals(TimeoutException.class, (timedOut.getCause() != null ? timedOut.getCause() : timedOut).getClass());
        assertEquals(List.of(1, 2, 3, 4, 5), runtime.blockOn(Streams.collect(prices, Collectors.toList())));
    }

    @Test
    void observableWithAnOverflowStrategy() {
        PublishSubject<String> clicks = PublishSubject.create();
        // doc: observable-overflow
        PollStream<String> latestClick = RxJavaBridge.toStream(clicks, ObservableOverflow.latest());
        PollStream<String> strict = RxJavaBridge.toStream(clicks, ObservableOverflow.error(1_000)); // buffer 1,000, then fail
        // doc: end
        latestClick.pollNext(Context.of(() -> {})); // the first poll subscribes
        strict.pollNext(Context.of(() -> {}));
        for (int i = 0; i < 1_001; i++) {
            clicks.onNext("click " + i);
        }
        clicks.onComplete();
        assertEquals(List.of("click 1000"), runtime.blockOn(Streams.collect(latestClick, Collectors.toList())));
        Throwable overflow = assertThrows(MissingBackpressureException.class,
                () -> runtime.blockOn(Streams.collect(strict, Collectors.toList())));
        assertEquals(MissingBackpressureException.class, overflow.getClass());
    }

    @Test
    void pollbridgeToRxJava() {
        // doc: pollbridge-to-rxjava
        Single<String> user = RxJavaBridge.toSingle(() -> Futures.lazy(() -> "ada"), runtime);   // a fresh future per subscription
        Maybe<String> maybe = RxJavaBridge.toMaybe(() -> Futures.<String>ready(null), runtime); // null: empty
        Flowable<Integer> rows = RxJavaBridge.toFlowable(() -> Streams.of(1, 2, 3), runtime);   // polled only on demand
        Observable<Integer> all = RxJavaBridge.toObservable(() -> Streams.of(1, 2, 3), runtime); // polled as fast as taken
        JoinHandle<Integer> task = runtime.spawn(Futures.lazy(() -> 42));
        Completable done = RxJavaBridge.toCompletable(task, runtime);                          // dispose detaches the task
        // doc: end
        assertEquals("ada", user.blockingGet());
        assertEquals(null, maybe.blockingGet());
        assertEquals(List.of(1, 2, 3), rows.toList().blockingGet());
        assertEquals(List.of(1, 2, 3), all.toList().blockingGet());
        done.blockingAwait();
    }

    @Test
    void asyncBuilders() {
        Inventory service = new Inventory();
        // doc: async-builders
        Flowable<Long> ticks = RxJavaBridge.flowable(emitter -> {               // kotlinx: rxFlowable { }
            try {
                for (long tick = 0; ; tick++) {
                    Async.await(runtime.sleep(Duration.ofMillis(10)));
                    emitter.emit(tick);                                        // waits for demand
                }
            } finally {
                System.out.println("ticks cleaned up");                        // runs on cancel
            }
        }, runtime);
        List<Long> firstFive = ticks.take(5).toList().blockingGet();           // take cancels the body

        Single<String> greeting = RxJavaBridge.single(() -> {                   // kotlinx: rxSingle { }
            int stock = RxJavaBridge.await(service.stock("apple"));            // Single.await()
            String discount = RxJavaBridge.await(service.discount("pear"));    // Maybe.awaitSingleOrNull()
            return stock + " apples, discount " + discount;
        }, runtime);
        // doc: end
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), firstFive);
        assertEquals("5 apples, discount null", greeting.blockingGet());
    }

    @Test
    void theRuntimeAsAScheduler() {
        // doc: scheduler
        Scheduler scheduler = RxJavaBridge.scheduler(runtime);
        List<Integer> rendered = Flowable.range(1, 100).observeOn(scheduler)     // runs on runtime workers
                .map(i -> i * 2).toList().blockingGet();
        Long tick = Observable.timer(10, TimeUnit.MILLISECONDS, scheduler)      // the runtime's timer
                .blockingFirst();
        // doc: end
        assertEquals(100, rendered.size());
        assertEquals(0L, tick);
        scheduler.shutdown();
    }
}
