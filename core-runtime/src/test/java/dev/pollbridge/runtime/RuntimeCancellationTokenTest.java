package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.sync.CancellationToken;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link PollRuntime#spawn(dev.pollbridge.api.PollFuture, CancellationToken)}: a task its token cancels. */
class RuntimeCancellationTokenTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("token-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Test
    void cancellingTheTokenCancelsTheTask() {
        CancellationToken token = new CancellationToken();
        ProbeFuture<String> work = new ProbeFuture<>();
        JoinHandle<String> task = runtime.spawn(work, token.childToken());
        await().atMost(Duration.ofSeconds(20)).until(work::hasWaker);
        token.cancel();
        assertThrows(CancellationException.class, () -> runtime.blockOn(task));
        assertEquals(1, work.closes());
        assertTrue(work.isCancelled());
    }

    @Test
    void aTaskThatFinishesFirstKeepsItsValue() {
        CancellationToken token = new CancellationToken();
        ProbeFuture<String> work = new ProbeFuture<>();
        JoinHandle<String> task = runtime.spawn(work, token);
        work.complete("done");
        assertEquals("done", runtime.blockOn(task));
        token.cancel();
        assertEquals(1, work.closes());
        assertFalse(work.isCancelled());
    }

    @Test
    void aTaskSpawnedWithACancelledTokenNeverPollsItsFuture() {
        CancellationToken token = new CancellationToken();
        token.cancel();
        ProbeFuture<String> work = new ProbeFuture<>();
        assertThrows(CancellationException.class, () -> runtime.blockOn(runtime.spawn(work, token)));
        assertEquals(0, work.polls());
        assertEquals(1, work.closes());
    }

    @Test
    void nullArgumentsFailEarly() {
        assertThrows(NullPointerException.class, () -> runtime.spawn(new ProbeFuture<>(), null));
        assertThrows(NullPointerException.class, () -> runtime.spawn(null, new CancellationToken()));
    }
}
