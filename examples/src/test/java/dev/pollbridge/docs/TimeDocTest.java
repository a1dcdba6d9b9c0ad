package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.time.VirtualClock;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
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
        try (Runtime runtime = Runtime.builder().workers(1).clock(clock).build()) {
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

    @Test
    void sleepUntilADeadline() {
        VirtualClock clock = new VirtualClock();
        try (Runtime runtime = Runtime.builder().workers(1).clock(clock).build()) {
            long deadline = runtime.clock().nanoTime() + Duration.ofSeconds(5).toNanos();
            clock.advance(Duration.ofSeconds(2));
            // tag::sleep-until[]
            // Until the runtime has sleepUntil: sleep for what is left of the deadline.
            long left = deadline - runtime.clock().nanoTime();  // the runtime's clock, in nanoseconds
            PollFuture<Void> untilDeadline = runtime.sleep(Duration.ofNanos(left));
            // end::sleep-until[]
            assertEquals(Duration.ofSeconds(3).toNanos(), left);
            try (MockTask<Void> task = MockTask.spawn(untilDeadline)) {
                assertPending(task.poll());
                clock.advance(Duration.ofSeconds(3));
                assertReady(task.poll(), null);
            }
        }
    }
}
