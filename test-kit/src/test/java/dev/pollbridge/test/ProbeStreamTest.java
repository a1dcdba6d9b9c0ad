package dev.pollbridge.test;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import org.junit.jupiter.api.Test;

class ProbeStreamTest {

    @Test
    void itemsComeInOrderBeforeTheEnd() {
        ProbeStream<String> probe = ProbeStream.of("a", "b");
        Context cx = Context.of(new CountingWaker());
        assertEquals(2, probe.queued());
        assertReady(probe.pollNext(cx), "a");
        assertReady(probe.pollNext(cx), "b");
        assertDone(probe.pollNext(cx));
        assertThrows(IllegalStateException.class, () -> probe.pollNext(cx));
        assertEquals(4, probe.polls());
    }

    @Test
    void emitCompleteAndFailWakeTheLastPoller() {
        ProbeStream<String> probe = new ProbeStream<>();
        CountingWaker waker = new CountingWaker();
        Context cx = Context.of(waker);
        assertPending(probe.pollNext(cx));
        probe.emit("a");
        assertEquals(1, waker.count());
        assertReady(probe.pollNext(cx), "a");
        assertPending(probe.pollNext(cx));
        RuntimeException error = new RuntimeException("boom");
        probe.fail(error);
        assertEquals(2, waker.count());
        assertSame(error, assertFailed(probe.pollNext(cx), RuntimeException.class));
    }

    @Test
    void theFirstEndWinsAndNothingIsEmittedAfterIt() {
        ProbeStream<String> probe = new ProbeStream<>();
        probe.complete();
        probe.fail(new RuntimeException("ignored"));
        assertThrows(IllegalStateException.class, () -> probe.emit("late"));
        assertThrows(NullPointerException.class, () -> new ProbeStream<String>().emit(null));
        assertDone(probe.pollNext(Context.of(new CountingWaker())));
    }

    @Test
    void closesAreCountedAndCancellationIsCloseBeforeTheEndWasDelivered() {
        ProbeStream<String> cancelled = ProbeStream.of("a");
        cancelled.close();
        cancelled.close();
        assertEquals(2, cancelled.closes());
        assertTrue(cancelled.isCancelled());
        assertThrows(IllegalStateException.class, () -> cancelled.pollNext(Context.of(new CountingWaker())));

        ProbeStream<String> ended = ProbeStream.of();
        assertDone(ended.pollNext(Context.of(new CountingWaker())));
        ended.close();
        assertTrue(ended.isClosed());
        assertFalse(ended.isCancelled());
    }
}
