package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.Async;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.SingleSubject;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link SingleBridge#rxSingle}, {@link FlowableBridge#rxFlowable} and the awaits: kotlinx's rxSingle, rxFlowable, await. */
class RxJavaAsyncTest extends OnRuntime {

    RxJavaAsyncTest() {
        super(2, "rx-async-");
    }

    @Test
    void aSingleBodyAwaitsRxJavaSourcesInStraightLineCode() throws InterruptedException {
        TestObserver<String> observer = SingleBridge.rxSingle(() -> {
            String name = SingleBridge.await(Single.just("ada").delay(10, TimeUnit.MILLISECONDS));
            String title = MaybeBridge.await(Maybe.<String>empty());
            CompletableBridge.await(Completable.timer(5, TimeUnit.MILLISECONDS));
            return (title == null ? "" : title) + name;
        }, runtime).test();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertResult("ada");
    }

    @Test
    void theBodysErrorIsTheSinglesErrorAndNullIsRefused() throws InterruptedException {
        Exception checked = new Exception("checked");
        TestObserver<String> failing = SingleBridge.<String>rxSingle(() -> {
            throw checked;
        }, runtime).test();
        failing.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        failing.assertError(error -> error == checked);

        IllegalStateException awaited = new IllegalStateException("awaited");
        TestObserver<String> rethrown = SingleBridge.rxSingle(() -> SingleBridge.await(Single.<String>error(awaited)), runtime).test();
        rethrown.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        rethrown.assertError(error -> error == awaited);

        TestObserver<String> nothing = SingleBridge.<String>rxSingle(() -> null, runtime).test();
        nothing.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        nothing.assertError(NoSuchElementException.class); // empty, as Reactor's mono { null }.single()
    }

    @Test
    void disposingTheSingleCancelsTheBodyAndDisposesWhatItAwaits() {
        SingleSubject<String> never = SingleSubject.create();
        AtomicBoolean cleanedUp = new AtomicBoolean();
        AtomicReference<Throwable> awaitThrew = new AtomicReference<>();
        AtomicBoolean ranOn = new AtomicBoolean();
        TestObserver<String> observer = SingleBridge.rxSingle(() -> {
            try {
                SingleBridge.await(never);
                ranOn.set(true);
                return "unreachable";
            } catch (CancellationException cancelled) {
                awaitThrew.set(cancelled);
                throw cancelled;
            } finally {
                cleanedUp.set(true);
            }
        }, runtime).test();
        await().atMost(WAIT).until(never::hasObservers);
        observer.dispose();
        await().atMost(WAIT).until(cleanedUp::get);
        await().atMost(WAIT).until(() -> !never.hasObservers());
        assertTrue(awaitThrew.get() instanceof CancellationException);
        assertTrue(!ranOn.get());
        observer.assertEmpty();
        rxErrors.assertNone();
    }

    @Test
    void aFlowableBodyEmitsOnlyOnDemandAndTakeCancelsIt() throws InterruptedException {
        AtomicInteger emitted = new AtomicInteger();
        AtomicBoolean cleanedUp = new AtomicBoolean();
        Flowable<Integer> counting = FlowableBridge.rxFlowable(emitter -> {
            try {
                for (int i = 0; ; i++) {
                    emitter.emit(i);
                    emitted.incrementAndGet();
                }
            } finally {
                cleanedUp.set(true);
            }
        }, runtime);
        TestSubscriber<Integer> subscriber = counting.test(0);
        subscriber.request(3);
        await().atMost(WAIT).until(() -> subscriber.values().size() == 3);
        assertTrue(emitted.get() <= 4, "the body runs at most one item ahead: " + emitted.get());
        subscriber.cancel();
        await().atMost(WAIT).until(cleanedUp::get);

        TestSubscriber<Integer> taken = counting.take(5).test();
        taken.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        taken.assertResult(0, 1, 2, 3, 4);
    }

    @Test
    void aFlowableBodyCompletesOrFailsAsItReturnsOrThrows() throws InterruptedException {
        TestSubscriber<String> done = FlowableBridge.<String>rxFlowable(emitter -> {
            emitter.emit("a");
            emitter.emit(SingleBridge.await(Single.just("b")));
        }, runtime).test();
        done.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        done.assertResult("a", "b");

        IllegalStateException boom = new IllegalStateException("boom");
        TestSubscriber<String> failed = FlowableBridge.<String>rxFlowable(emitter -> {
            emitter.emit("a");
            throw boom;
        }, runtime).test();
        failed.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        failed.assertValues("a").assertError(error -> error == boom);
    }

    @Test
    void awaitsOutsideABodyFailAtOnceAndInsideOneReturnNullForAnEmptyMaybe() {
        assertThrows(IllegalStateException.class, () -> SingleBridge.await(Single.just(1)));
        assertThrows(IllegalStateException.class, () -> MaybeBridge.await(Maybe.just(1)));
        assertThrows(IllegalStateException.class, () -> CompletableBridge.await(Completable.complete()));
        assertThrows(NullPointerException.class, () -> SingleBridge.await((Single<String>) null));
        Object[] results = runtime.blockOn(Async.run(() -> new Object[] {
                MaybeBridge.await(Maybe.empty()), MaybeBridge.await(Maybe.just(2)), SingleBridge.await(Single.just(3))}));
        assertNull(results[0]);
        assertEquals(2, results[1]);
        assertEquals(3, results[2]);
        assertThrows(NullPointerException.class, () -> SingleBridge.rxSingle(null, runtime));
        assertThrows(NullPointerException.class, () -> FlowableBridge.rxFlowable(null, runtime));
    }

    @Test
    void anAwaitedErrorKeepsItsIdentityInPlainBodies() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        Throwable thrown = assertThrows(IllegalArgumentException.class,
                () -> runtime.blockOn(Async.run(() -> SingleBridge.await(Single.<String>error(boom)))));
        assertSame(boom, thrown);
    }
}
