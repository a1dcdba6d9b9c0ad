package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Poll;
import org.junit.jupiter.api.Test;

class PollAssertionsTest {

    @Test
    void eachAssertionAcceptsItsKindAndRejectsTheOthers() {
        RuntimeException error = new RuntimeException("boom");
        PollAssertions.assertPending(Poll.pending());
        assertEquals("x", PollAssertions.assertReady(Poll.ready("x")));
        PollAssertions.assertReady(Poll.ready("x"), "x");
        assertSame(error, PollAssertions.assertFailed(Poll.failed(error), RuntimeException.class));
        PollAssertions.assertDone(Poll.done());

        assertThrows(AssertionError.class, () -> PollAssertions.assertPending(Poll.ready("x")));
        assertThrows(AssertionError.class, () -> PollAssertions.assertReady(Poll.pending()));
        assertThrows(AssertionError.class, () -> PollAssertions.assertReady(Poll.ready("x"), "y"));
        assertThrows(AssertionError.class, () -> PollAssertions.assertFailed(Poll.done(), RuntimeException.class));
        assertThrows(AssertionError.class,
                () -> PollAssertions.assertFailed(Poll.failed(error), IllegalStateException.class));
        assertThrows(AssertionError.class, () -> PollAssertions.assertDone(Poll.pending()));
    }

    @Test
    void aFailureIsAttachedAsTheCauseOfAMismatch() {
        RuntimeException error = new RuntimeException("boom");
        AssertionError mismatch = assertThrows(AssertionError.class,
                () -> PollAssertions.assertReady(Poll.failed(error)));
        assertSame(error, mismatch.getCause());
    }
}
