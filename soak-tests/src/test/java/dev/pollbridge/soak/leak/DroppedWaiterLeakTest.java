package dev.pollbridge.soak.leak;

import static dev.pollbridge.soak.leak.Collected.awaitCollected;
import static dev.pollbridge.soak.leak.Collected.watch;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.sync.Notify;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Semaphore;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A waiter that was dropped (closed while pending, or whose task was aborted) leaves nothing
 * behind in what it waited on: the channel, semaphore, notify or timer wheel that stays alive
 * must not keep its waker, the future itself, or what the future holds. Each test polls a waiter
 * once (so its waker is registered), drops it, lets go of every strong reference, and waits for
 * the collector to clear weak references to them while the primitive stays reachable.
 */
class DroppedWaiterLeakTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("leak-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** Polls {@code future} once (pending, its waker stored), closes it, and watches both. */
    private static List<WeakReference<Object>> pollThenClose(PollFuture<?> future) {
        Waker waker = new Waker() {
            @Override
            public void wake() {}
        };
        Poll<?> poll = future.poll(Context.of(waker));
        assertTrue(poll.isPending(), "the waiter must be waiting, was " + poll);
        future.close();
        return watch(waker, future);
    }

    private static List<WeakReference<Object>> pollThenClose(PollStream<?> stream) {
        Waker waker = new Waker() {
            @Override
            public void wake() {}
        };
        Poll<?> poll = stream.pollNext(Context.of(waker));
        assertTrue(poll.isPending(), "the waiter must be waiting, was " + poll);
        stream.close();
        return watch(waker, stream);
    }

    @Test
    void aClosedChannelReceiveLeavesNothingInTheChannel() {
        Channel<String> channel = Channel.bounded(1);
        awaitCollected(pollThenClose(channel.receive()), "the receive and its waker");
        Reference.reachabilityFence(channel);
    }

    @Test
    void aClosedChannelStreamLeavesNothingInTheChannel() {
        Channel<String> channel = Channel.bounded(1);
        awaitCollected(pollThenClose(channel.stream()), "the stream and its waker");
        Reference.reachabilityFence(channel);
    }

    @Test
    void aClosedChannelSendLeavesNothingInTheChannel() {
        Channel<String> channel = Channel.bounded(1);
        channel.trySend("full");
        awaitCollected(pollThenClose(channel.send("waiting")), "the send, its item and its waker");
        Reference.reachabilityFence(channel);
    }

    @Test
    void aClosedAcquireLeavesNothingInTheSemaphore() {
        Semaphore semaphore = new Semaphore(1);
        Permit held = semaphore.tryAcquire().orElseThrow();
        awaitCollected(pollThenClose(semaphore.acquire()), "the acquire and its waker");
        held.close();
        Reference.reachabilityFence(semaphore);
    }

    @Test
    void aClosedNotifiedLeavesNothingInTheNotify() {
        Notify notify = new Notify();
        awaitCollected(pollThenClose(notify.notified()), "the waiter and its waker");
        Reference.reachabilityFence(notify);
    }

    @Test
    void aClosedSleepLeavesNothingInTheTimerWheel() {
        awaitCollected(pollThenClose(runtime.sleep(Duration.ofHours(1))), "the sleep and its waker");
    }

    @Test
    void aClosedTimeoutLeavesNothingInTheTimerWheel() {
        Channel<String> channel = Channel.bounded(1);
        awaitCollected(pollThenClose(runtime.timeout(channel.receive(), Duration.ofHours(1))),
                "the timeout, its inner future and its waker");
        Reference.reachabilityFence(channel);
    }

    @Test
    void aClosedIntervalLeavesNothingInTheTimerWheel() {
        awaitCollected(pollThenClose(afterFirstTick(runtime.interval(Duration.ofHours(1)))), "the interval and its waker");
    }

    /** Takes the interval's first tick, which is due at once; the next one is an hour away. */
    private static PollStream<Long> afterFirstTick(PollStream<Long> interval) {
        assertTrue(interval.pollNext(Context.of(Waker.noop())).isReady(), "the first tick is due at once");
        return interval;
    }

    /** The control: a waiter that was not closed stays registered, so the check can fail. */
    @Test
    void aWaiterThatWasNotClosedIsStillHeld() {
        Channel<String> channel = Channel.bounded(1);
        List<WeakReference<Object>> refs = pollOnly(channel.receive());
        assertTrue(Collected.allStillReachable(refs), "the channel holds its pending receiver and waker");
        Reference.reachabilityFence(channel);
    }

    private static List<WeakReference<Object>> pollOnly(PollFuture<?> future) {
        Waker waker = new Waker() {
            @Override
            public void wake() {}
        };
        assertTrue(future.poll(Context.of(waker)).isPending());
        return watch(waker);
    }

    /**
     * An aborted task that waited on each primitive: the runtime closes its future, and neither
     * the primitive nor the runtime keeps the task, its future or what the future captured.
     */
    @Test
    void anAbortedTaskLeavesNothingInWhatItWaitedOn() {
        Channel<String> channel = Channel.bounded(1);
        Semaphore semaphore = new Semaphore(1);
        Permit held = semaphore.tryAcquire().orElseThrow();
        Notify notify = new Notify();
        List<WeakReference<Object>> refs = new ArrayList<>();
        refs.addAll(spawnThenAbort(channel.receive()));
        refs.addAll(spawnThenAbort(semaphore.acquire()));
        refs.addAll(spawnThenAbort(notify.notified()));
        refs.addAll(spawnThenAbort(runtime.sleep(Duration.ofHours(1))));
        awaitCollected(refs, "the aborted tasks' futures and what they captured");
        held.close();
        Reference.reachabilityFence(channel);
        Reference.reachabilityFence(semaphore);
        Reference.reachabilityFence(notify);
    }

    private List<WeakReference<Object>> spawnThenAbort(PollFuture<?> waiting) {
        Object captured = new Object();
        AtomicBoolean polled = new AtomicBoolean();
        PollFuture<Object> future = cx -> {
            Poll<?> poll = waiting.poll(cx);
            polled.set(true);
            return poll.isPending() ? Poll.pending() : Poll.ready(captured);
        };
        PollFuture<Object> owning = new PollFuture<>() {
            @Override
            public Poll<Object> poll(Context cx) {
                return future.poll(cx);
            }

            @Override
            public void close() {
                waiting.close();
            }
        };
        JoinHandle<Object> handle = runtime.spawn(owning);
        await().atMost(Duration.ofSeconds(10)).untilTrue(polled);
        handle.abort();
        await().atMost(Duration.ofSeconds(10)).until(handle::isFinished);
        handle.close();
        return watch(owning, waiting, captured);
    }
}
