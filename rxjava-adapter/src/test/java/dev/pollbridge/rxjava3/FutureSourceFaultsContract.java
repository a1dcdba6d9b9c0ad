package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The fault catalogue of the future-to-RxJava directions: a future whose {@code poll} or
 * {@code close} throws, an observer that throws from each of its methods, a double dispose. Each
 * test runs on a one-worker runtime and ends by checking that the worker still runs tasks (a
 * dead worker would strand them) and that nothing reached the runtime's uncaught-failure handler.
 */
abstract class FutureSourceFaultsContract extends OnRuntime {

    FutureSourceFaultsContract() {
        super(1, "rx-faults-");
    }

    /** Which observer method throws. */
    enum Throws { NOTHING, ON_SUBSCRIBE, ON_VALUE, ON_ERROR }

    /** What an observer of the type saw. */
    static final class Seen {
        final AtomicReference<Disposable> disposable = new AtomicReference<>();
        final List<Object> values = new CopyOnWriteArrayList<>();
        final List<Throwable> errors = new CopyOnWriteArrayList<>();
        final AtomicInteger signals = new AtomicInteger();
    }

    /**
     * Converts {@code factory} with the type's {@code to...} on {@code runtime} and subscribes an
     * observer that records into {@code seen} and throws {@code failure} from the method
     * {@code throwing} names ({@link Throws#ON_VALUE}: {@code onSuccess}, or {@code onComplete}
     * for a Completable).
     */
    abstract void subscribe(Supplier<? extends PollFuture<?>> factory, PollRuntime runtime, Seen seen, Throws throwing,
            RuntimeException failure);

    private Seen subscribe(Supplier<? extends PollFuture<?>> factory, Throws throwing, RuntimeException failure) {
        Seen seen = new Seen();
        subscribe(factory, runtime, seen, throwing, failure);
        return seen;
    }

    @Test
    void aPollThatThrowsFailsTheObserverWithThatException() {
        IllegalStateException thrown = new IllegalStateException("poll threw");
        Seen seen = subscribe(() -> (PollFuture<String>) cx -> {
            throw thrown;
        }, Throws.NOTHING, null);
        await().atMost(WAIT).until(() -> seen.signals.get() == 1);
        assertEquals(List.of(thrown), seen.errors);
        rxErrors.assertNone();
    }

    @Test
    void aCloseThatThrowsAfterTheValueIsReportedAndTheValueStillArrives() {
        IllegalStateException thrown = new IllegalStateException("close threw");
        Seen seen = subscribe(() -> new PollFuture<String>() {
            @Override
            public Poll<String> poll(Context cx) {
                return Poll.ready("v");
            }

            @Override
            public void close() {
                throw thrown;
            }
        }, Throws.NOTHING, null);
        await().atMost(WAIT).until(() -> seen.signals.get() == 1);
        assertTrue(seen.errors.isEmpty(), seen.errors.toString());
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aCloseThatThrowsOnDisposeIsReportedAndTheFutureIsClosedOnce() {
        IllegalStateException thrown = new IllegalStateException("close threw");
        AtomicInteger closes = new AtomicInteger();
        AtomicInteger polls = new AtomicInteger();
        Seen seen = subscribe(() -> new PollFuture<String>() {
            @Override
            public Poll<String> poll(Context cx) {
                polls.incrementAndGet();
                return Poll.pending();
            }

            @Override
            public void close() {
                closes.incrementAndGet();
                throw thrown;
            }
        }, Throws.NOTHING, null);
        await().atMost(WAIT).until(() -> polls.get() > 0);
        seen.disposable.get().dispose();
        seen.disposable.get().dispose();
        assertSame(thrown, rxErrors.awaitOne());
        assertEquals(1, closes.get());
        assertEquals(0, seen.signals.get());
    }

    @Test
    void anObserverThatThrowsFromOnSubscribeGetsNothingMoreAndTheFutureIsClosedUnpolled() {
        IllegalStateException thrown = new IllegalStateException("onSubscribe threw");
        ProbeFuture<String> probe = ProbeFuture.completed("v");
        Seen seen = subscribe(() -> probe, Throws.ON_SUBSCRIBE, thrown);
        assertSame(thrown, rxErrors.awaitOne());
        assertEquals(0, probe.polls());
        assertEquals(1, probe.closes());
        assertEquals(0, seen.signals.get());
    }

    @Test
    void anObserverThatThrowsFromItsValueSignalIsReportedAndTheFutureIsClosedOnce() {
        IllegalStateException thrown = new IllegalStateException("onSuccess/onComplete threw");
        ProbeFuture<String> probe = ProbeFuture.completed("v");
        subscribe(() -> probe, Throws.ON_VALUE, thrown);
        assertSame(thrown, rxErrors.awaitOne());
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
    }

    @Test
    void anObserverThatThrowsFromOnErrorIsReported() {
        IllegalStateException thrown = new IllegalStateException("onError threw");
        IllegalArgumentException failure = new IllegalArgumentException("the future failed");
        ProbeFuture<String> probe = ProbeFuture.failedWith(failure);
        Seen seen = subscribe(() -> probe, Throws.ON_ERROR, thrown);
        assertSame(thrown, rxErrors.awaitOne());
        assertEquals(List.of(failure), seen.errors);
        await().atMost(WAIT).until(probe::isClosed);
    }

    @Test
    void disposingTwiceOrAfterTheEndClosesTheFutureOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        Seen seen = subscribe(() -> probe, Throws.NOTHING, null);
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        seen.disposable.get().dispose();
        seen.disposable.get().dispose();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(seen.disposable.get().isDisposed());

        ProbeFuture<String> finished = ProbeFuture.completed("v");
        Seen done = subscribe(() -> finished, Throws.NOTHING, null);
        await().atMost(WAIT).until(() -> done.signals.get() == 1);
        done.disposable.get().dispose();
        await().atMost(WAIT).until(finished::isClosed);
        assertEquals(1, finished.closes());
        assertTrue(!finished.isCancelled());
        rxErrors.assertNone();
    }
}
