package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.RuntimeStreams;
import dev.pollbridge.runtime.time.Interval;
import dev.pollbridge.runtime.time.MissedTickBehavior;
import dev.pollbridge.runtime.Retry;
import dev.pollbridge.runtime.time.Sleep;
import dev.pollbridge.runtime.Time;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.runtime.TestRuntime;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The snippets of docs/time.md, run on a virtual clock. */
class TimeDocTest {

    record User(String name) {}

    static final class UserService {
        PollFuture<User> find(long id) {
            return Futures.ready(new User("ada"));
        }
    }

    @Test
    void overview() {
        VirtualClock clock = new VirtualClock();
        UserService userService = new UserService();
        long id = 1;
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build()) {
            // tag::overview[]
            PollFuture<Void> pause = runtime.sleep(Duration.ofMillis(250));
            PollFuture<User> user = runtime.timeout(userService.find(id), Duration.ofSeconds(2));
            PollStream<Long> ticks = runtime.interval(Duration.ofSeconds(1));
            // end::overview[]
            try (MockTask<Void> sleeping = MockTask.spawn(pause);
                 MockTask<User> finding = MockTask.spawn(user);
                 MockStreamTask<Long> ticking = MockStreamTask.spawn(ticks)) {
                assertPending(sleeping.poll());
                assertReady(finding.poll(), new User("ada"));
                assertReady(ticking.pollNext(), 0L);   // the first tick is immediate
                assertPending(ticking.pollNext());
                clock.advance(Duration.ofSeconds(1));
                assertTrue(sleeping.isWoken());
                assertReady(sleeping.poll(), null);
                assertReady(ticking.pollNext(), 1L);
            }
        }
    }

    /** A user service whose first answers fail, as a flaky remote one does. */
    static final class FlakyUsers {
        int calls;

        PollFuture<User> fetch(long id) {
            calls++;
            return calls < 3 ? Futures.failed(new IOException("connection reset")) : Futures.ready(new User("ada"));
        }
    }

    @Test
    void timersOfTheCurrentRuntime() {
        UserService userService = new UserService();
        long id = 1;
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            ProbeFuture<User> slow = new ProbeFuture<>();
            // tag::current-runtime[]
            PollFuture<User> user = Time.timeout(userService.find(id), Duration.ofSeconds(2));  // no runtime argument
            PollFuture<User> orNull = Time.timeoutOrNull(slow, Duration.ofSeconds(2));          // null if too slow
            PollFuture<Void> pause = Time.sleep(Duration.ofMillis(250));
            // end::current-runtime[]
            JoinHandle<User> found = rt.spawn(user);
            JoinHandle<User> late = rt.spawn(orNull);
            JoinHandle<Void> paused = rt.spawn(pause);
            rt.advance(Duration.ofMillis(250));
            assertEquals(new User("ada"), rt.blockOn(found));
            assertTrue(paused.isFinished());
            rt.advance(Duration.ofMillis(1750));
            assertNull(rt.blockOn(late));
            assertTrue(slow.isCancelled(), "the slow work was closed");

            // tag::outside-runtime[]
            try (MockTask<Void> byHand = MockTask.spawn(Time.sleep(Duration.ofSeconds(1)))) {
                Poll<Void> poll = byHand.poll();   // failed: IllegalStateException, no runtime in the poll's context
                // end::outside-runtime[]
                assertFailed(poll, IllegalStateException.class);
                // tag::outside-runtime[]
            }
            try (MockTask<Void> inRuntime = rt.mockTask(Time.sleep(Duration.ofSeconds(1)))) {
                Poll<Void> poll = inRuntime.poll();  // pending: the test runtime's virtual clock
                // end::outside-runtime[]
                assertPending(poll);
                rt.advance(Duration.ofSeconds(1));
                assertReady(inRuntime.poll(), null);
                // tag::outside-runtime[]
            }
            // end::outside-runtime[]
        }
    }

    @Test
    void retryWithBackoff() {
        FlakyUsers users = new FlakyUsers();
        long id = 1;
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            // tag::retry[]
            PollFuture<User> user = Retry.backoff(3, Duration.ofMillis(100))  // up to 3 retries, the first after 100 ms
                    .maxBackoff(Duration.ofSeconds(1))                       // then 200, 400, ... at most 1 s
                    .jitter(0.5)                                             // each delay moved by up to half of it
                    .filter(failure -> failure instanceof IOException)       // retry only these
                    .run(() -> users.fetch(id));                             // a new future per attempt
            // end::retry[]
            JoinHandle<User> handle = rt.spawn(user);
            rt.advance(Duration.ofMillis(150));      // the first delay, jittered within [100, 150) ms
            assertEquals(2, users.calls);
            rt.advance(Duration.ofMillis(300));      // the second, within [100, 300) ms
            assertEquals(3, users.calls);
            assertEquals(new User("ada"), rt.blockOn(handle));
        }
    }

    @Test
    void retryOnVirtualTime() {
        FlakyUsers users = new FlakyUsers();
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            // tag::retry-test[]
            JoinHandle<User> user = rt.spawn(Retry.backoff(3, Duration.ofMillis(100))
                    .random(() -> 0L)                 // the jitter fixed: every delay at its shortest
                    .run(() -> users.fetch(1)));
            rt.advance(Duration.ofMillis(99));
            assertEquals(1, users.calls);             // the first attempt failed at 0
            rt.advance(Duration.ofMillis(1));
            assertEquals(2, users.calls);             // the second at 100 ms
            rt.advance(Duration.ofMillis(100));
            assertEquals(3, users.calls);             // the third at 200 ms: 200 ms back-off, less 50%
            assertEquals(new User("ada"), rt.blockOn(user));
            // end::retry-test[]
        }
    }

    @Test
    void sleepUntilADeadline() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build()) {
            // tag::sleep-until[]
            long deadline = runtime.clock().nanoTime() + Duration.ofSeconds(5).toNanos(); // the runtime's clock
            // end::sleep-until[]
            clock.advance(Duration.ofSeconds(2));
            // tag::sleep-until[]
            PollFuture<Void> untilDeadline = runtime.sleepUntil(deadline);
            PollFuture<User> user = runtime.timeoutAt(new UserService().find(1), deadline); // the same deadline
            // end::sleep-until[]
            try (MockTask<Void> task = MockTask.spawn(untilDeadline); MockTask<User> finding = MockTask.spawn(user)) {
                assertReady(finding.poll(), new User("ada"));
                assertPending(task.poll());
                clock.advance(Duration.ofSeconds(3).minusMillis(1));
                assertFalse(task.isWoken());
                clock.advance(Duration.ofMillis(1));
                assertReady(task.poll(), null);
            }
        }
    }

    @Test
    void resetAnIdleTimeout() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build()) {
            Duration idle = Duration.ofSeconds(30);
            // tag::reset[]
            Sleep idleTimer = runtime.sleep(idle);
            // ... a message arrives: push the idle deadline back, keeping the same timer
            idleTimer.reset(runtime.clock().nanoTime() + idle.toNanos());
            // end::reset[]
            try (MockTask<Void> task = MockTask.spawn(idleTimer)) {
                assertPending(task.poll());
                clock.advance(Duration.ofSeconds(20));
                idleTimer.reset(runtime.clock().nanoTime() + idle.toNanos());
                clock.advance(Duration.ofSeconds(20));
                assertFalse(task.isWoken(), "pushed back");
                assertFalse(idleTimer.isElapsed());
                clock.advance(Duration.ofSeconds(10));
                assertTrue(task.isWoken(), "the waiting task is woken at the new deadline");
                assertTrue(idleTimer.isElapsed());
                assertReady(task.poll(), null);
            }
        }
    }

    @Test
    void missedTicks() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build()) {
            // tag::missed-ticks[]
            PollStream<Long> heartbeats = runtime.interval(Duration.ofSeconds(1), MissedTickBehavior.DELAY);
            // end::missed-ticks[]
            try (MockStreamTask<Long> ticks = MockStreamTask.spawn(heartbeats)) {
                assertReady(ticks.pollNext(), 0L);
                clock.advance(Duration.ofMillis(3500)); // late by 2.5 s
                assertReady(ticks.pollNext(), 1L);
                assertPending(ticks.pollNext());
                clock.advance(Duration.ofMillis(999));
                assertPending(ticks.pollNext());
                clock.advance(Duration.ofMillis(1));  // one period after the late tick
                assertReady(ticks.pollNext(), 2L);
            }
        }
    }

    @Test
    void tickInstantsAndReset() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(0).clock(clock).build()) {
            clock.advance(Duration.ofSeconds(10));
            // tag::interval-tick[]
            Interval heartbeat = runtime.interval(Duration.ofSeconds(1));
            PollFuture<Long> due = heartbeat.tick();   // ready with the instant the tick was scheduled for
            // end::interval-tick[]
            try (MockTask<Long> first = MockTask.spawn(due)) {
                assertReady(first.poll(), Duration.ofSeconds(10).toNanos());
            }
            clock.advance(Duration.ofMillis(2500)); // late: the tick due at 11 s is taken at 12.5 s
            try (MockTask<Long> late = MockTask.spawn(heartbeat.tick())) {
                assertReady(late.poll(), Duration.ofSeconds(11).toNanos());
            }
            // tag::interval-tick[]
            heartbeat.reset();                          // activity: the next tick one period from now
            // end::interval-tick[]
            try (MockTask<Long> next = MockTask.spawn(heartbeat.tick())) {
                assertPending(next.poll());
                clock.advance(Duration.ofSeconds(1));
                assertReady(next.poll(), Duration.ofMillis(13_500).toNanos());
            }
            heartbeat.close();
        }
    }

    @Test
    void streamOperators() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(0).clock(clock).build()) {
            ProbeStream<String> keystrokes = new ProbeStream<>();
            PollStream<Double> readings = Streams.of(1.0, 2.0, 3.0);
            PollStream<String> requests = Streams.of("a", "b");
            ProbeStream<String> replies = new ProbeStream<>();
            PollStream<String> events = Streams.of("e1", "e2", "e3");
            // tag::stream-time[]
            PollStream<String> query = RuntimeStreams.debounce(keystrokes, Duration.ofMillis(300), runtime);
            PollStream<Double> gauge = RuntimeStreams.sample(readings, Duration.ofSeconds(1), runtime);
            PollStream<String> paced = RuntimeStreams.throttle(requests, Duration.ofMillis(100), runtime);
            PollStream<String> alive = RuntimeStreams.timeout(replies, Duration.ofSeconds(30), runtime);
            PollStream<List<String>> batches = RuntimeStreams.chunksTimeout(events, 100, Duration.ofMillis(50), runtime);
            // end::stream-time[]
            try (MockStreamTask<String> typing = MockStreamTask.spawn(query)) {
                keystrokes.emit("p");
                keystrokes.emit("po");
                keystrokes.emit("pol");
                assertPending(typing.pollNext());
                clock.advance(Duration.ofMillis(300));
                assertReady(typing.pollNext(), "pol");
            }
            try (MockStreamTask<Double> sampling = MockStreamTask.spawn(gauge)) {
                assertEquals(List.of(), sampling.drainToDone()); // ends before the first sample
            }
            try (MockStreamTask<String> pacing = MockStreamTask.spawn(paced)) {
                assertReady(pacing.pollNext(), "a");
                assertPending(pacing.pollNext());
                clock.advance(Duration.ofMillis(100));
                assertReady(pacing.pollNext(), "b");
            }
            try (MockStreamTask<String> waiting = MockStreamTask.spawn(alive)) {
                assertPending(waiting.pollNext());
                clock.advance(Duration.ofSeconds(30));
                assertFailed(waiting.pollNext(), TimeoutException.class);
            }
            try (MockStreamTask<List<String>> batching = MockStreamTask.spawn(batches)) {
                assertReady(batching.pollNext(), List.of("e1", "e2", "e3"));
            }
        }
    }
}
