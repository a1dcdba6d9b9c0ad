package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.PollRuntime;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The layouts {@link CacheLinePadding} promises, read from this JVM: the fields of {@link Worker}
 * and {@link LocalQueue} lie at least 128 bytes from both ends of the padded objects, the queue's
 * ring has 128 bytes of unused slots at each end, and the engine makes only padded ones. A field
 * added to either class, or a JVM that lays fields out differently, fails here instead of making
 * the executor scenarios bimodal again. Offsets come from {@code sun.misc.Unsafe}, by reflection
 * (the test runs inside the runtime's module, which does not read {@code jdk.unsupported}).
 */
class CacheLinePaddingTest {

    private static final Object UNSAFE;
    private static final Method OBJECT_FIELD_OFFSET;
    /** Bytes per reference in an array and in an object: 4 with compressed references, else 8. */
    private static final int REFERENCE_BYTES;

    static {
        try {
            Class<?> type = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = type.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            UNSAFE = theUnsafe.get(null);
            OBJECT_FIELD_OFFSET = type.getMethod("objectFieldOffset", Field.class);
            REFERENCE_BYTES = type.getField("ARRAY_OBJECT_INDEX_SCALE").getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Test
    void theWorkersFieldsAre128BytesFromBothEndsOfAPaddedWorker() {
        assertPaddedOnBothSides(Worker.class, Worker.Padded.class);
    }

    @Test
    void theQueuesFieldsAre128BytesFromBothEndsOfAPaddedQueue() {
        assertPaddedOnBothSides(LocalQueue.class, LocalQueue.Padded.class);
    }

    @Test
    void theRingHas128BytesOfUnusedSlotsAtEachEnd() {
        assertTrue(LocalQueue.PAD * REFERENCE_BYTES >= CacheLinePadding.BYTES,
                LocalQueue.PAD + " slots of " + REFERENCE_BYTES + " bytes");
    }

    @Test
    void theEngineMakesPaddedWorkersAndQueues() {
        try (PollRuntime runtime = PollRuntime.builder().workers(3).build()) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            for (Worker worker : engine.workers) {
                assertEquals(Worker.Padded.class, worker.getClass());
                assertEquals(LocalQueue.Padded.class, worker.queue.getClass());
            }
        }
    }

    /** Every instance field of {@code padded}, and the padding subclass's fields after them. */
    private static void assertPaddedOnBothSides(Class<?> padded, Class<?> paddedSubclass) {
        long firstStart = Long.MAX_VALUE;
        long lastEnd = 0;
        for (Field field : instanceFields(padded)) {
            long offset = offset(field);
            firstStart = Math.min(firstStart, offset);
            lastEnd = Math.max(lastEnd, offset + size(field));
        }
        assertTrue(firstStart >= CacheLinePadding.BYTES,
                padded.getSimpleName() + "'s first field is at byte " + firstStart + " of the object");
        long objectEnd = lastEnd;
        for (Field field : instanceFields(paddedSubclass)) {
            long offset = offset(field);
            assertTrue(offset >= lastEnd, field.getName() + " at byte " + offset + " lies among "
                    + padded.getSimpleName() + "'s fields, which end at byte " + lastEnd);
            objectEnd = Math.max(objectEnd, offset + size(field));
        }
        assertTrue(objectEnd - lastEnd >= CacheLinePadding.BYTES,
                padded.getSimpleName() + "'s fields end " + (objectEnd - lastEnd) + " bytes before the object does");
    }

    private static Field[] instanceFields(Class<?> type) {
        return Arrays.stream(type.getDeclaredFields()).filter(f -> !Modifier.isStatic(f.getModifiers()))
                .toArray(Field[]::new);
    }

    private static long size(Field field) {
        Class<?> type = field.getType();
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == int.class || type == float.class) {
            return 4;
        }
        if (type == short.class || type == char.class) {
            return 2;
        }
        if (type == byte.class || type == boolean.class) {
            return 1;
        }
        return REFERENCE_BYTES;
    }

    private static long offset(Field field) {
        try {
            return (long) OBJECT_FIELD_OFFSET.invoke(UNSAFE, field);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
