package dev.pollbridge.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PollFuture#to} and {@link PollStream#to}: the converter is applied to the future or
 * stream itself, at once, and nothing else happens (no poll, no close: ownership is the
 * converter's).
 */
class FluentConversionTest {

    @Test
    void aFutureIsHandedToTheConverterAsItIs() {
        ProbeFuture<String> future = new ProbeFuture<>();
        PollFuture<String> seen = future.to(f -> f);
        assertSame(future, seen);
        assertEquals("converted", future.<String>to(f -> "converted"));
        assertEquals(0, future.polls());
        assertEquals(0, future.closes());
        assertThrows(NullPointerException.class, () -> future.to(null));
    }

    @Test
    void aStreamIsHandedToTheConverterAsItIs() {
        ProbeStream<Integer> stream = ProbeStream.of(1, 2);
        List<PollStream<Integer>> seen = stream.to(List::of);
        assertSame(stream, seen.get(0));
        assertEquals(0, stream.polls());
        assertEquals(0, stream.closes());
        assertThrows(NullPointerException.class, () -> stream.to(null));
    }
}
