package dev.pollbridge.soak.leak;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * After {@link PollRuntime#close()} returns, no thread of the runtime is alive: its workers, its
 * blocking pool and its timer thread were all joined, whatever they were doing when it closed.
 */
class RuntimeThreadsTest {

    private static List<String> liveThreads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(prefix) && thread.isAlive())
                .map(Thread::getName)
                .sorted()
                .collect(Collectors.toList());
    }

    @Test
    void closeLeavesNoThreadOfTheRuntimeAlive() throws InterruptedException {
        String prefix = "census-" + System.nanoTime() + "-";
        PollRuntime runtime = PollRuntime.builder().workers(2).blockingThreads(3).threadNamePrefix(prefix).build();
        Channel<String> never = Channel.bounded(1);
        CountDownLatch blockingStarted = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            runtime.spawnBlocking(() -> {
                blockingStarted.countDown();
                Thread.sleep(Duration.ofHours(1).toMillis()); // blocked until close interrupts it
                return null;
            });
        }
        for (int i = 0; i < 100; i++) {
            runtime.spawn(never.receive());                      // pending tasks
            runtime.spawn(runtime.sleep(Duration.ofHours(1)));   // timers
        }
        JoinHandle<Void> busy = runtime.spawn(spinning());        // a task that keeps waking itself
        blockingStarted.await();
        // The timer thread starts with the first timer, when a task first polls its sleep.
        await("workers, blocking threads and the timer thread alive").atMost(Duration.ofSeconds(30))
                .until(() -> liveThreads(prefix), names -> names.stream().anyMatch(name -> name.endsWith("timer"))
                        && names.stream().anyMatch(name -> name.contains("worker-"))
                        && names.stream().anyMatch(name -> name.contains("blocking-")));

        runtime.close();

        assertEquals(List.of(), liveThreads(prefix), "threads of the runtime alive after close()");
        assertTrue(busy.isFinished());
    }

    /** A future that wakes itself at every poll: its worker is never idle. */
    private static PollFuture<Void> spinning() {
        return cx -> {
            cx.waker().wake();
            return Poll.pending();
        };
    }
}
