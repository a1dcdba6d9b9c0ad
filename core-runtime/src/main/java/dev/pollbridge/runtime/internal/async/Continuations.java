package dev.pollbridge.runtime.internal.async;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The JDK's own one-shot delimited continuations ({@code jdk.internal.vm.Continuation}, the
 * primitive under virtual threads), reached through method handles so that the jar still compiles
 * with {@code --release 17} and loads on Java 17.
 *
 * <p>They are usable when the JVM is 21 or later, the VM supports continuations, and
 * {@code java.base} exports {@code jdk.internal.vm} to this module
 * ({@code --add-exports java.base/jdk.internal.vm=dev.pollbridge.runtime} on the module path,
 * {@code =ALL-UNNAMED} on the class path or through an application jar's {@code Add-Exports}
 * manifest attribute). {@link #UNAVAILABLE} says why not otherwise; it is computed once.
 *
 * <h2>What the JDK does (read from its sources, 21 and 25)</h2>
 * <ul>
 *   <li>{@code new Continuation(scope, target)} runs nothing; {@code run()} mounts it on the
 *       calling thread and runs {@code target} until it returns or yields, then returns. A later
 *       {@code run()} resumes it on whichever thread calls it. A throwable that escapes
 *       {@code target} comes out of {@code run()}. {@code run()} on a mounted or finished
 *       continuation throws {@link IllegalStateException}.
 *   <li>{@code Continuation.yield(scope)} suspends the innermost mounted continuation of
 *       {@code scope} (so one scope serves nested bodies) and returns {@code true} when resumed.
 *   <li>A yield the VM refuses (the continuation is <em>pinned</em>) does not suspend: the
 *       default {@code onPinned} throws {@code IllegalStateException("Pinned: " + reason)} out of
 *       {@code yield}, and the body goes on running on the same stack. Reasons:
 *       {@code NATIVE} (a native frame, which is how a class initializer ({@code <clinit>}) or a
 *       reflective call appears on the stack), {@code MONITOR} (a held monitor: JDK 21 to 23
 *       only; JDK 24 lets a continuation yield inside {@code synchronized}),
 *       {@code CRITICAL_SECTION} and {@code EXCEPTION}. {@link #yieldBody()} turns that into the
 *       reason, which the engine reports (rule A7).
 * </ul>
 */
final class Continuations {

    /** Why continuation mode is not available, or null if it is. */
    static final String UNAVAILABLE;
    /** {@code (Runnable) -> Continuation}, the scope bound. */
    private static final MethodHandle NEW;
    /** {@code (Continuation) -> void}. */
    private static final MethodHandle RUN;
    /** {@code () -> boolean}, the scope bound. */
    private static final MethodHandle YIELD;
    /** {@code (Continuation) -> boolean}. */
    private static final MethodHandle IS_DONE;

    static {
        MethodHandle create = null;
        MethodHandle run = null;
        MethodHandle yield = null;
        MethodHandle isDone = null;
        String unavailable;
        try {
            unavailable = check();
            if (unavailable == null) {
                Class<?> type = Class.forName("jdk.internal.vm.Continuation");
                Class<?> scopeType = Class.forName("jdk.internal.vm.ContinuationScope");
                MethodHandles.Lookup lookup = MethodHandles.lookup(); // a qualified export needs our own lookup
                Object scope = lookup.findConstructor(scopeType, MethodType.methodType(void.class, String.class))
                        .invoke("pollbridge-async");
                create = MethodHandles.insertArguments(
                                lookup.findConstructor(type, MethodType.methodType(void.class, scopeType, Runnable.class)), 0, scope)
                        .asType(MethodType.methodType(Object.class, Runnable.class));
                run = lookup.findVirtual(type, "run", MethodType.methodType(void.class))
                        .asType(MethodType.methodType(void.class, Object.class));
                yield = MethodHandles.insertArguments(
                        lookup.findStatic(type, "yield", MethodType.methodType(boolean.class, scopeType)), 0, scope);
                isDone = lookup.findVirtual(type, "isDone", MethodType.methodType(boolean.class))
                        .asType(MethodType.methodType(boolean.class, Object.class));
            }
        } catch (Throwable failure) {
            unavailable = "jdk.internal.vm.Continuation could not be used: " + failure;
            create = null;
        }
        UNAVAILABLE = create == null && unavailable == null ? "unknown" : unavailable;
        NEW = create;
        RUN = run;
        YIELD = yield;
        IS_DONE = isDone;
    }

    private Continuations() {}

    /** Null if this JVM lets this module use continuations, else why not. */
    private static String check() throws Throwable {
        if (java.lang.Runtime.version().feature() < 21) {
            return "Java " + java.lang.Runtime.version().feature() + " (continuation mode needs Java 21 or later)";
        }
        if (!Object.class.getModule().isExported("jdk.internal.vm", Continuations.class.getModule())) {
            return "java.base does not export jdk.internal.vm to " + moduleName();
        }
        Class<?> support = Class.forName("jdk.internal.vm.ContinuationSupport");
        if (!(boolean) MethodHandles.lookup().findStatic(support, "isSupported", MethodType.methodType(boolean.class)).invoke()) {
            return "this VM does not support continuations";
        }
        return null;
    }

    /** This module's name as {@code --add-exports} wants it. */
    static String moduleName() {
        Module module = Continuations.class.getModule();
        return module.isNamed() ? module.getName() : "ALL-UNNAMED";
    }

    static boolean available() {
        return UNAVAILABLE == null;
    }

    /** A continuation that will run {@code target}; runs nothing yet. */
    static Object create(Runnable target) {
        try {
            return (Object) NEW.invokeExact(target);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    /** Runs or resumes {@code continuation} on this thread until it yields or ends. */
    static void run(Object continuation) {
        try {
            RUN.invokeExact(continuation);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    /** True once {@code continuation} ran to its end. */
    static boolean isDone(Object continuation) {
        try {
            return (boolean) IS_DONE.invokeExact(continuation);
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    /**
     * Suspends the innermost mounted body. Returns null once resumed; or, if the VM refused to
     * suspend (the body is pinned), at once with the reason ({@code NATIVE}, {@code MONITOR},
     * ...), the body still running on this stack.
     */
    static String yieldBody() {
        try {
            return (boolean) YIELD.invokeExact() ? null : "UNKNOWN";
        } catch (IllegalStateException refused) {
            String message = String.valueOf(refused.getMessage());
            if (message.startsWith("Pinned: ")) {
                return message.substring("Pinned: ".length());
            }
            throw refused;
        } catch (Throwable failure) {
            throw rethrow(failure);
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> RuntimeException rethrow(Throwable failure) throws E {
        throw (E) failure;
    }
}
