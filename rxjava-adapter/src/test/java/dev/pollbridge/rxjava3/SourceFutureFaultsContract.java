package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fault catalogue of the RxJava-to-future directions: a source that breaks the observer
 * protocol, a {@code Disposable} that throws, a waker that throws. For each fault: who gets the
 * error, what is disposed, and that nothing hangs. Subclasses give the raw source of their type.
 */
abstract class SourceFutureFaultsContract {

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    /** Signals into the future's observer, as the type's observer interface allows. */
    interface Signals {
        void onSubscribe(Disposable disposable);

        /** {@code onSuccess(value())} or {@code onComplete()}. */
        void succeed();

        void fail(Throwable error);
    }

    /** A future of a raw source of the type whose {@code subscribeActual} runs {@code body}. */
    abstract PollFuture<?> futureOf(Consumer<Signals> body);

    /** What the future is ready with after {@link Signals#succeed()}. */
    abstract Object value();

    /** Subscribes (first poll) and returns the signals into the future's observer. */
    private Signals subscribe(MockTask<?> task, AtomicReference<Signals> captured) {
        assertPending(task.poll());
        return captured.get();
    }

    @Test
    void onSubscribeNullFailsTheFutureWithANullPointerException() {
        try (MockTask<?> task = MockTask.spawn(futureOf(signals -> signals.onSubscribe(null)))) {
            NullPointerException error = assertFailed(task.poll(), NullPointerException.class);
            assertTrue(error.getMessage().contains("onSubscribe(null)"), error.getMessage());
        }
        rxErrors.assertNone();
    }

    @Test
    void onErrorNullFailsTheFutureAndDisposesTheSourceOnce() {
        CountingDisposable upstream = new CountingDisposable();
        try (MockTask<?> task = MockTask.spawn(futureOf(signals -> {
            signals.onSubscribe(upstream);
            signals.fail(null);
        }))) {
            NullPointerException error = assertFailed(task.poll(), NullPointerException.class);
            assertTrue(error.getMessage().contains("onError(null)"), error.getMessage());
        }
        assertEquals(1, upstream.disposals.get());
        rxErrors.assertNone();
    }

    @Test
    void aSecondTerminalSignalGoesToRxJavaPluginsAndTheFirstOutcomeStands() {
        CountingDisposable upstream = new CountingDisposable();
        IllegalStateException late = new IllegalStateException("second terminal");
        try (MockTask<?> task = MockTask.spawn(futureOf(signals -> {
            signals.onSubscribe(upstream);
            signals.succeed();
            signals.succeed();
            signals.fail(late);
        }))) {
            assertReady(task.poll(), SourceFutureContract.cast(value()));
        }
        var errors = rxErrors.awaitCount(2);
        assertInstanceOf(ProtocolViolationException.class, errors.get(0));
        assertSame(late, errors.get(1));
        assertEquals(0, upstream.disposals.get(), "a terminated source is not disposed");
    }

    @Test
    void aSecondDifferentDisposableIsDisposedAndReportedAndTheLiveOneGoesOn() {
        CountingDisposable first = new CountingDisposable();
        CountingDisposable second = new CountingDisposable();
        AtomicReference<Signals> captured = new AtomicReference<>();
        try (MockTask<?> task = MockTask.spawn(futureOf(captured::set))) {
            Signals signals = subscribe(task, captured);
            signals.onSubscribe(first);
            signals.onSubscribe(second);
            assertEquals(1, second.disposals.get());
            assertEquals(0, first.disposals.get());
            signals.succeed();
            assertReady(task.poll(), SourceFutureContract.cast(value()));
        }
        assertInstanceOf(ProtocolViolationException.class, rxErrors.awaitOne());
    }

    @Test
    void theSameDisposableTwiceIsReportedButNotDisposedSoTheFutureDoesNotHang() {
        CountingDisposable upstream = new CountingDisposable();
        AtomicReference<Signals> captured = new AtomicReference<>();
        try (MockTask<?> task = MockTask.spawn(futureOf(captured::set))) {
            Signals signals = subscribe(task, captured);
            signals.onSubscribe(upstream);
            signals.onSubscribe(upstream);
            assertEquals(0, upstream.disposals.get());
            signals.succeed();
            assertReady(task.poll(), SourceFutureContract.cast(value()));
        }
        assertInstanceOf(ProtocolViolationException.class, rxErrors.awaitOne());
    }

    @Test
    void aSourceThatNeverCallsOnSubscribeIsStillHeard() {
        try (MockTask<?> task = MockTask.spawn(futureOf(Signals::succeed))) {
            assertReady(task.poll(), SourceFutureContract.cast(value()));
        }
        rxErrors.assertNone();
    }

    @Test
    void aSubscribeThatThrowsFailsTheFutureAndDisposesTheHalfSubscription() {
        CountingDisposable upstream = new CountingDisposable();
        IllegalStateException thrown = new IllegalStateException("subscribeActual threw");
        try (MockTask<?> task = MockTask.spawn(futureOf(signals -> {
            signals.onSubscribe(upstream);
            throw thrown;
        }))) {
            Throwable error = assertFailed(task.poll(), Throwable.class);
            assertTrue(error == thrown || error.getCause() == thrown, "the thrown exception, or RxJava's wrapper of it: " + error);
        }
        assertEquals(1, upstream.disposals.get());
    }

    @Test
    void aSubscribeThatSignalsThenThrowsKeepsTheOutcomeAndReportsTheThrow() {
        IllegalStateException thrown = new IllegalStateException("threw after signalling");
        try (MockTask<?> task = MockTask.spawn(futureOf(signals -> {
            signals.onSubscribe(new CountingDisposable());
            signals.succeed();
            throw thrown;
        }))) {
            assertReady(task.poll(), SourceFutureContract.cast(value()));
        }
        Throwable reported = rxErrors.awaitOne();
        assertTrue(reported == thrown || reported.getCause() == thrown, reported.toString());
    }

    @Test
    void aDisposeThatThrowsIsReportedAndCloseDoesNotThrow() {
        IllegalStateException thrown = new IllegalStateException("dispose threw");
        CountingDisposable upstream = new CountingDisposable(thrown);
        PollFuture<?> future = futureOf(signals -> signals.onSubscribe(upstream));
        assertPending(future.poll(Context.of(() -> {})));
        future.close();
        future.close();
        assertEquals(1, upstream.disposals.get());
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aWakerThatThrowsIsReportedAndTheSignallingThreadCarriesOn() throws InterruptedException {
        AtomicReference<Signals> captured = new AtomicReference<>();
        PollFuture<?> future = futureOf(captured::set);
        IllegalStateException thrown = new IllegalStateException("waker threw");
        assertPending(future.poll(Context.of(() -> {
            throw thrown;
        })));
        AtomicReference<Throwable> escaped = new AtomicReference<>();
        Thread signaller = new Thread(() -> {
            try {
                captured.get().succeed();
            } catch (Throwable t) {
                escaped.set(t);
            }
        });
        signaller.start();
        signaller.join();
        assertEquals(null, escaped.get(), "nothing is thrown into the signalling thread");
        assertSame(thrown, rxErrors.awaitOne());
        assertReady(future.poll(Context.of(() -> {})), SourceFutureContract.cast(value()));
        future.close();
    }

    @Test
    void aDisposableArrivingAfterCloseIsDisposedOnArrival() {
        AtomicReference<Signals> captured = new AtomicReference<>();
        PollFuture<?> future = futureOf(captured::set);
        assertPending(future.poll(Context.of(() -> {})));
        future.close();
        CountingDisposable late = new CountingDisposable();
        captured.get().onSubscribe(late);
        captured.get().succeed();
        assertEquals(1, late.disposals.get());
        rxErrors.assertNone();
    }

    @Test
    void pollingAfterCloseOrAfterTheOutcomeThrows() {
        PollFuture<?> closed = futureOf(Signals::succeed);
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.poll(Context.of(() -> {})));
        PollFuture<?> done = futureOf(Signals::succeed);
        assertReady(done.poll(Context.of(() -> {})), SourceFutureContract.cast(value()));
        assertThrows(IllegalStateException.class, () -> done.poll(Context.of(() -> {})));
        done.close();
    }
}
