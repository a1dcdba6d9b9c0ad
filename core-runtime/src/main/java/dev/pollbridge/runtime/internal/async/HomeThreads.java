package dev.pollbridge.runtime.internal.async;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * Rule A9, a continuation-mode body resumes at home: what a poll away from a live home says, and
 * the guard of the one resume that happens away from home, the unwind of a close
 * ({@link ContinuationFiber#cancel()}).
 *
 * <p>During such an unwind, compiled frames of the body may still use the home thread's identity,
 * so a suspension in its cleanup could find, through that thread, the body the home thread runs
 * now, and act on it from this thread. While any such unwind runs, {@link Fiber#mounted()} looks
 * the body up through a call the JIT cannot inline (a method handle in a non-final field), whose
 * own {@code Thread.currentThread()} is this thread's. Outside them it costs one volatile read.
 */
final class HomeThreads {

    /** Why, for every message. */
    static final String RULE = "A continuation-mode Async body resumes only on the thread it suspended on, or on any"
            + " thread once that one has ended: compiled code may keep Thread.currentThread() across the suspension,"
            + " so the body resumed elsewhere could read and write the thread-locals of a thread that is running"
            + " (docs/async.md#one-thread-at-a-time).";

    private static final VarHandle AWAY;
    /** {@code () -> Fiber}, {@link Fiber#mountedHere()}. Not final on purpose: the JIT treats it as unknown and calls it. */
    @SuppressWarnings("FieldMayBeFinal")
    private static MethodHandle mountedHere;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            AWAY = lookup.findStaticVarHandle(HomeThreads.class, "away", int.class);
            mountedHere = lookup.findStatic(Fiber.class, "mountedHere", MethodType.methodType(Fiber.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Unwinds running away from their home thread now, on any thread. */
    private static volatile int away;

    private HomeThreads() {}

    /** True while some body unwinds away from its home (any thread). */
    static boolean unwindingAway() {
        return away != 0;
    }

    /** Runs {@code unwind}, a close's resume of a body whose home thread is alive and not this one. */
    static void awayFromHome(Runnable unwind) {
        AWAY.getAndAdd(1);
        try {
            unwind.run();
        } finally {
            AWAY.getAndAdd(-1);
        }
    }

    /** The body mounted on the thread that really runs this call. */
    static Fiber mountedAfresh() {
        try {
            return (Fiber) mountedHere.invokeExact();
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
