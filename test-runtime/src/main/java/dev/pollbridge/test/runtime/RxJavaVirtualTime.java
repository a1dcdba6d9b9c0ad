package dev.pollbridge.test.runtime;

import dev.pollbridge.runtime.VirtualClock;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * RxJava's {@link TestScheduler} on the runtime's virtual clock: every advance of the clock
 * ({@link TestRuntime#advance}) moves the scheduler too, RxJava's tasks run at their own instants
 * (a runtime timer that one of them starts counts from that instant), and the runtime's tasks
 * woken at each stop of the clock run there, before RxJava's time moves on.
 *
 * <p><b>What differs from Reactor's {@link ReactorVirtualTime}.</b> {@code TestScheduler} is a
 * final class, so the link cannot see its tasks:
 * <ul>
 *   <li>Its own {@code advanceTimeBy} cannot move the clock: advance through the test runtime,
 *       never through the scheduler. (An advance made on the scheduler directly is caught up
 *       with, since the clock never moves it back, but the runtime's timers do not fire during
 *       it.)</li>
 *   <li>The clock does not stop at RxJava's deadlines, only at the runtime's: the runtime's tasks
 *       that an RxJava task wakes run at the clock's next stop, and a runtime timer such a task
 *       starts counts from that stop. Advance in steps no longer than the delays involved where
 *       that matters, or give the code under test {@code RxJavaBridge.scheduler(runtime)}, whose
 *       time is the runtime's clock itself.</li>
 * </ul>
 *
 * <p>Requires {@code io.reactivex.rxjava3:rxjava} (an optional dependency of this module). The
 * scheduler stays linked as long as the clock lives. Call it, and advance, from the test thread.
 */
public final class RxJavaVirtualTime {

    private RxJavaVirtualTime() {}

    /**
     * A test scheduler at the runtime clock's time, moved by every advance of it.
     *
     * @param runtime a test runtime on virtual time ({@link TestRuntime#withVirtualTime()})
     * @return the linked scheduler
     * @throws IllegalStateException if the runtime's clock is not a {@link VirtualClock}
     */
    public static TestScheduler scheduler(TestRuntime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        return link(runtime.clock(), Settle.of(runtime));
    }

    /**
     * A test scheduler at {@code clock}'s time, moved by every advance of it, for a runtime whose
     * workers run its tasks.
     *
     * @param clock a virtual clock
     * @return the linked scheduler
     */
    public static TestScheduler scheduler(VirtualClock clock) {
        Objects.requireNonNull(clock, "clock");
        return link(clock, () -> { });
    }

    private static TestScheduler link(VirtualClock clock, Runnable settle) {
        TestScheduler scheduler = new TestScheduler(clock.nanoTime(), TimeUnit.NANOSECONDS);
        clock.link(new VirtualClock.Timeline() {
            @Override
            public void advanceTo(long clockNanos) {
                settle.run(); // the runtime's tasks woken at the previous stop run at its instant
                if (clockNanos > scheduler.now(TimeUnit.NANOSECONDS)) {
                    scheduler.advanceTimeTo(clockNanos, TimeUnit.NANOSECONDS);
                } else {
                    scheduler.triggerActions();
                }
            }

            @Override
            public long nanoTime() {
                return scheduler.now(TimeUnit.NANOSECONDS);
            }

            @Override
            public String toString() {
                return "RxJavaVirtualTime[" + scheduler + "]";
            }
        });
        return scheduler;
    }
}
