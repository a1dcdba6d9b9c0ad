package dev.pollbridge.runtime.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rule T12's home worker and rule T11's unwind set share one field of {@link Task}: whichever
 * comes first, neither loses the other, and the latest home wins.
 */
class TaskAsideTest {

    private final Thread first = new Thread(() -> {}, "home-1");
    private final Thread second = new Thread(() -> {}, "home-2");

    @Test
    void aHomeThenAnUnwindingBodyKeepsBothAndTheLatestHomeWins() {
        Task<String> task = new Task<>(1, new ProbeFuture<>(), new QueueScheduler(), true, 0);
        assertNull(task.home());
        assertEquals(List.of(), task.unwindingBodies());
        task.homeOn(first);
        assertSame(first, task.home());
        assertEquals(List.of(), task.unwindingBodies());

        Unwind body = task.register("body-a");
        assertSame(first, task.home());
        assertEquals(List.of("body-a"), task.unwindingBodies());
        task.homeOn(second);
        assertSame(second, task.home());
        assertEquals(List.of("body-a"), task.unwindingBodies());

        List<String> ran = new ArrayList<>();
        task.afterUnwinds(() -> ran.add("after"));
        assertEquals(List.of(), ran, "waits for the body");
        body.ended(List.of());
        assertEquals(List.of("after"), ran);
        assertSame(second, task.home());
    }

    @Test
    void anUnwindingBodyThenAHomeKeepsBoth() {
        Task<String> task = new Task<>(2, new ProbeFuture<>(), new QueueScheduler(), true, 0);
        Unwind body = task.register("body-b");
        assertNull(task.home());
        task.homeOn(first);
        task.homeOn(first); // the same home again: nothing changes
        assertSame(first, task.home());
        assertEquals(List.of("body-b"), task.unwindingBodies());
        List<String> ran = new ArrayList<>();
        task.afterUnwinds(() -> ran.add("after"));
        body.ended(List.of());
        assertEquals(List.of("after"), ran);
        assertSame(first, task.home());
    }
}
