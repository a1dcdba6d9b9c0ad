package dev.pollbridge.runtime.internal.scheduler;

/**
 * 128 bytes of nothing in front of the fields of a subclass whose fields one worker writes on
 * every poll ({@link Worker}, {@link LocalQueue}); each such class ends in a final subclass with
 * 128 bytes more ({@code Worker.Padded}, {@code LocalQueue.Padded}). {@code @Contended} does this
 * for the JDK's own classes; outside {@code java.base} it needs {@code -XX:-RestrictContended}.
 *
 * <h2>Why</h2>
 * A worker writes these fields on every poll, and the other workers read what lies next to them
 * in memory on every poll too (the engine, their own queue and worker). Where the objects lie is
 * the garbage collector's choice: each young collection copies them, in an order that depends on
 * its threads and on what else is alive, until they are old enough to stay. Two hot objects of two
 * workers within one cache line (or one 128-byte pair, which the adjacent-line prefetcher moves
 * together) make every poll of one worker wait for the other's line: yield_many ran at 40 M
 * polls/s a worker or at half that, changing from one collection to the next
 * ({@code docs/performance.md}, "Why the executor scenarios are bimodal"). With 128 bytes on each
 * side nothing of another object shares a pair with these fields.
 *
 * <p><b>Layout.</b> The JVM lays a class's fields out after its superclass's, longs first and
 * references last, and may put a subclass's small field into a gap the superclass left: the
 * {@code int} fills the 4-byte gap after a compressed object header, so no field of the subclass
 * lands at the object's start. {@code CacheLinePaddingTest} checks the layouts.
 */
abstract class CacheLinePadding {
    /** Bytes on each side of the padded fields: two cache lines of 64 bytes, as {@code @Contended}. */
    static final int BYTES = 128;

    @SuppressWarnings("unused")
    private int headerGap;
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
