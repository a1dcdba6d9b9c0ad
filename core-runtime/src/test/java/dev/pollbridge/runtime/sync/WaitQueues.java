package dev.pollbridge.runtime.sync;

import java.lang.reflect.Field;
import java.util.function.BooleanSupplier;

/**
 * Sees whether a sync primitive's wait queue holds anyone, for the contract tests' upstream
 * checks (a closed waiter must leave its queue). The queues are private fields; the tests read
 * them by reflection, under the primitive's own lock.
 */
final class WaitQueues {

    private WaitQueues() {}

    /** True while the wait queue in field {@code field} of {@code owner} is not empty. */
    static BooleanSupplier nonEmpty(Object owner, String field) {
        Field queueField = field(owner.getClass(), field);
        Field lockField = field(owner.getClass(), "lock");
        return () -> {
            try {
                Object lock = lockField.get(owner);
                synchronized (lock) {
                    return !((WaitQueue<?>) queueField.get(owner)).isEmpty();
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        };
    }

    /** The value of the private field {@code name} of {@code owner} (a primitive's shared state). */
    static Object read(Object owner, String name) {
        try {
            return field(owner.getClass(), name).get(owner);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field field = type.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new AssertionError(type.getSimpleName() + " has no field " + name + " any more: update WaitQueues", e);
        }
    }
}
