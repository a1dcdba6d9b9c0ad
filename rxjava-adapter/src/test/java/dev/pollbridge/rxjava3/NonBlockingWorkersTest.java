package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.functions.BooleanSupplier;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.schedulers.Schedulers;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * PollRuntime workers are RxJava non-blocking threads: with
 * {@code RxJavaPlugins.setFailOnNonBlockingScheduler(true)}, {@code blockingGet()} and its kin
 * throw on a worker as they do on {@code Schedulers.computation()}, instead of parking the worker
 * and every task queued behind it; elsewhere (the blocking pool, {@code blockOn}, other threads)
 * they block as before. A hook the user installed with {@code setOnBeforeBlocking} is kept.
 *
 * <p>Issue 24, item 14: {@code blockingGet()} failed on {@code computation()} but blocked a
 * runtime worker.
 */
@Timeout(60)
class NonBlockingWorkersTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("rx-nonblocking-").build();
    private BooleanSupplier previousHook;

    @BeforeEach
    void failOnNonBlockingThreads() {
        // The bridge registers the workers when it loads; register again, as the docs say to after
        // RxJavaPlugins.reset(), which another test of this JVM may have called since.
        RxJavaBridge.registerNonBlockingWorkers();
        previousHook = RxJavaPlugins.getOnBeforeBlocking(); // put back after each test
        RxJavaPlugins.setFailOnNonBlockingScheduler(true);
    }

    @AfterEach
    void restore() {
        RxJavaPlugins.setFailOnNonBlockingScheduler(false);
        RxJavaPlugins.setOnBeforeBlocking(previousHook);
        runtime.close();
    }

    /**
     * A Single that has not signalled when {@code blockingGet()} is called (RxJava checks the
     * thread only when it would actually wait).
     */
    private static Single<Long> later() {
        return Single.timer(20, TimeUnit.MILLISECONDS);
    }

    /** What {@code blockingGet()} of a Single threw inside a poll on a worker, or null. */
    private Throwable blockingGetOnAWorker() {
        return runtime.blockOn(runtime.spawn(cx -> Poll.ready(thrownBy(() -> later().blockingGet()))));
    }

    private static Throwable thrownBy(Callable<?> action) {
        try {
            action.call();
            return null;
        } catch (Throwable thrown) {
            return thrown;
        }
    }

    @Test
    void blockingGetOnAWorkerThrowsRxJavasOwnErrorAsOnComputation() throws Exception {
        CompletableFuture<Throwable> onComputation = new CompletableFuture<>();
        Schedulers.computation().scheduleDirect(() -> onComputation.complete(thrownBy(() -> later().blockingGet())));
        assertInstanceOf(IllegalStateException.class, onComputation.get(10, TimeUnit.SECONDS),
                "RxJava's own guard on computation(), for comparison");

        Throwable onAWorker = blockingGetOnAWorker();
        IllegalStateException error = assertInstanceOf(IllegalStateException.class, onAWorker);
        assertTrue(error.getMessage().contains("rx-nonblocking-worker"), error.getMessage());
        assertTrue(error.getMessage().contains("doesn't support blocking"), error.getMessage());
    }

    @Test
    void aHookTheUserInstalledIsKeptAndRegisteringTwiceWrapsItOnce() {
        boolean[] userSaysNoBlocking = {false};
        BooleanSupplier user = () -> userSaysNoBlocking[0];
        RxJavaPlugins.setOnBeforeBlocking(user); // replaces the registered hook, as RxJava's setter does
        assertNull(blockingGetOnAWorker(), "the user's hook alone says nothing about workers");
        RxJavaBridge.registerNonBlockingWorkers();
        RxJavaBridge.registerNonBlockingWorkers();
        BooleanSupplier installed = RxJavaPlugins.getOnBeforeBlocking();
        assertInstanceOf(NonBlockingWorkers.WorkerHook.class, installed);
        assertInstanceOf(IllegalStateException.class, blockingGetOnAWorker(), "workers again");
        assertEquals(0L, later().blockingGet(), "the user's hook says blocking is fine here");
        userSaysNoBlocking[0] = true;
        assertInstanceOf(IllegalStateException.class, thrownBy(() -> later().blockingGet()),
                "the user's hook still decides on the other threads");
        userSaysNoBlocking[0] = false;
        RxJavaBridge.registerNonBlockingWorkers();
        assertEquals(installed, RxJavaPlugins.getOnBeforeBlocking(), "a second registration changes nothing");
    }

    @Test
    void elsewhereBlockingStillWorks() {
        assertEquals(0L, later().blockingGet(), "the test thread");
        assertEquals(0L, runtime.blockOn(runtime.spawnBlocking(() -> later().blockingGet())), "the blocking pool");
        assertNull(runtime.blockOn(Futures.lazy(() -> thrownBy(() -> later().blockingGet()))), "a thread inside blockOn");
        RxJavaPlugins.setFailOnNonBlockingScheduler(false);
        assertNull(blockingGetOnAWorker(), "without failOnNonBlockingScheduler RxJava checks nothing");
    }
}
