package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Futures;
import dev.pollbridge.test.runtime.RxJavaVirtualTime;
import dev.pollbridge.test.runtime.TestRuntime;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One virtual clock for RxJava's {@link TestScheduler} and the runtime (issue 19 item 5): the
 * runtime's advances move the scheduler, in time order with the runtime's own timers.
 */
class RxJavaVirtualTimeTest {

    private final TestRuntime runtime = TestRuntime.withVirtualTime();
    private final TestScheduler rxTime = RxJavaVirtualTime.scheduler(runtime);

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void anHourOfTheRuntimeIsAnHourOfTheTestScheduler() {
        long start = rxTime.now(TimeUnit.MILLISECONDS);
        // tag::rxjava-virtual-time[]
        // runtime = TestRuntime.withVirtualTime(); rxTime = RxJavaVirtualTime.scheduler(runtime)
        TestObserver<Long> timer = Observable.timer(30, TimeUnit.MINUTES, rxTime).test();

        runtime.advance(Duration.ofMinutes(29));    // advance the runtime, never the TestScheduler
        timer.assertEmpty();
        runtime.advance(Duration.ofMinutes(31));

        timer.assertValue(0L).assertComplete();
        // end::rxjava-virtual-time[]
        assertEquals(3_600_000, rxTime.now(TimeUnit.MILLISECONDS) - start);
        assertEquals(runtime.clock().nanoTime(), rxTime.now(TimeUnit.NANOSECONDS));
    }

    @Test
    void timersOfBothLibrariesFireInTimeOrder() {
        List<String> order = new CopyOnWriteArrayList<>();
        for (int second : new int[] {7, 3, 9, 1}) {
            runtime.spawn(Futures.map(runtime.runtime().sleep(Duration.ofSeconds(second)), ignored -> {
                order.add("runtime " + second + "s");
                return null;
            }));
        }
        Observable.interval(2, TimeUnit.SECONDS, rxTime).take(4)
                .subscribe(tick -> order.add("rxjava " + (2 * (tick + 1)) + "s"));

        runtime.advance(Duration.ofSeconds(10));

        assertEquals(List.of("runtime 1s", "rxjava 2s", "runtime 3s", "rxjava 4s", "rxjava 6s", "runtime 7s",
                "rxjava 8s", "runtime 9s"), order);
    }

    /** A runtime task that waits on an RxJava delay: the delay counts from the task's own wake. */
    @Test
    void aRuntimeTaskWaitingOnRxJavaSeesTheDelayCountFromItsWake() {
        TestObserver<String> chain = SingleBridge.toSingle(() -> Futures.flatMap(
                        Futures.map(runtime.runtime().sleep(Duration.ofSeconds(10)), ignored -> "a"),
                        a -> SingleBridge.toPollFuture(Single.timer(20, TimeUnit.SECONDS, rxTime).map(tick -> a + "b"))),
                runtime.runtime()).test();

        runtime.advance(Duration.ofSeconds(29));
        chain.assertEmpty();
        runtime.advance(Duration.ofSeconds(1));
        chain.assertValue("ab").assertComplete();
    }
}
