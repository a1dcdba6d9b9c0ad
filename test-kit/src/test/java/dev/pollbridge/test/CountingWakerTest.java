package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CountingWakerTest {

    @Test
    void countsWakesAndReportsOnlyThoseSinceTheLastPoll() {
        CountingWaker waker = new CountingWaker();
        assertFalse(waker.isWoken());
        waker.wake();
        waker.wake();
        assertEquals(2, waker.count());
        assertTrue(waker.isWoken());
        waker.markPolled();
        assertFalse(waker.isWoken());
        waker.wake();
        assertTrue(waker.isWoken());
        assertEquals(3, waker.count());
    }

    @Test
    void wakesFromManyThreadsAreAllCounted() throws InterruptedException {
        CountingWaker waker = new CountingWaker();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    waker.wake();
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertEquals(40_000, waker.count());
    }
}
