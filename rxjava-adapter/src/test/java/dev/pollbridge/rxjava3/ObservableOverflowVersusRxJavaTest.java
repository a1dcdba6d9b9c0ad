package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import io.reactivex.rxjava3.core.BackpressureOverflowStrategy;
import io.reactivex.rxjava3.core.BackpressureStrategy;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Flux;

/**
 * Each {@link ObservableOverflow} strategy does what the operator it names does, checked side by
 * side: the same Observable feeds our stream and the operator, and both must yield the same items
 * and end the same way.
 *
 * <p>The two consumers are made equivalent: a poll that finds nothing waits for one item, which
 * is RxJava's {@code request(1)}; the stream's first poll subscribes and waits, as a subscriber
 * that requests one item in {@code onSubscribe}; a poller woken by an item polls it at once, as
 * RxJava pushes it at once. The operators are RxJava's own ({@code toFlowable(LATEST)},
 * {@code toFlowable(ERROR)}, {@code onBackpressureBuffer}) and, for {@code dropNewest}, Reactor's
 * {@code onBackpressureBuffer(n, DROP_LATEST)}, which drops the arriving item (RxJava's
 * {@code DROP_LATEST} replaces the newest buffered one instead).
 *
 * <p>Issue 24, item 10: {@code latest()} gave {@code [5]} for a synchronous 1..5 where
 * {@code toFlowable(LATEST)} gives {@code [1, 5]}, and {@code dropNewest(2)} was documented as
 * RxJava's {@code DROP_LATEST}, which it is not.
 */
class ObservableOverflowVersusRxJavaTest {

    /** A strategy and the operator it must behave as, applied to the Observable as a Flowable. */
    private record Pair(ObservableOverflow overflow, Function<Observable<Integer>, Publisher<Integer>> operator) {
        @Override
        public String toString() {
            return overflow.toString();
        }
    }

    private static List<Pair> pairs() {
        List<Pair> pairs = new ArrayList<>();
        pairs.add(new Pair(ObservableOverflow.latest(), o -> o.toFlowable(BackpressureStrategy.LATEST)));
        pairs.add(new Pair(ObservableOverflow.error(), o -> o.toFlowable(BackpressureStrategy.ERROR)));
        for (int capacity : new int[] {1, 2, 4}) { // powers of two: RxJava's queue rounds up to one
            pairs.add(new Pair(ObservableOverflow.error(capacity),
                    o -> o.toFlowable(BackpressureStrategy.MISSING).onBackpressureBuffer(capacity, true)));
        }
        for (int capacity : new int[] {1, 2, 3}) {
            pairs.add(new Pair(ObservableOverflow.dropOldest(capacity), o -> o.toFlowable(BackpressureStrategy.MISSING)
                    .onBackpressureBuffer(capacity, null, BackpressureOverflowStrategy.DROP_OLDEST)));
            pairs.add(new Pair(ObservableOverflow.dropNewest(capacity), o -> Flux.from(o.toFlowable(BackpressureStrategy.MISSING))
                    .onBackpressureBuffer(capacity, BufferOverflowStrategy.DROP_LATEST)));
        }
        return pairs;
    }

    @Test
    void aSynchronousSourceGivesWhatTheOperatorGives() {
        assertEquals(List.of(1, 5, "done"), drainStream(Observable.range(1, 5), ObservableOverflow.latest()),
                "latest() of a synchronous 1..5, as toFlowable(LATEST)");
        assertEquals(List.of(1, 5, "done"), drainOperator(Observable.range(1, 5)
                .toFlowable(BackpressureStrategy.LATEST)), "RxJava's toFlowable(LATEST)");
        for (Pair pair : pairs()) {
            assertEquals(drainOperator(pair.operator.apply(Observable.range(1, 5))),
                    drainStream(Observable.range(1, 5), pair.overflow), pair + " over a synchronous 1..5");
        }
    }

    /** Seeded scripts of emits and polls on a hot source: the same items and the same end, every time. */
    @Test
    void aHotSourceInterleavedWithPollsGivesWhatTheOperatorGives() {
        Random random = new Random(24);
        for (int script = 0; script < 300; script++) {
            boolean[] emits = new boolean[40];
            for (int i = 0; i < emits.length; i++) {
                emits[i] = random.nextInt(10) < 7;
            }
            for (Pair pair : pairs()) {
                assertEquals(runOperator(emits, pair.operator), runStream(emits, pair.overflow),
                        pair + " under script " + script);
            }
        }
    }

    // ---- our side: a poller that polls once per poll step, and at once when it was woken ----

    private static List<Object> drainStream(Observable<Integer> source, ObservableOverflow overflow) {
        List<Object> seen = new ArrayList<>();
        try (PollStream<Integer> stream = ObservableBridge.toPollStream(source, overflow)) {
            Context cx = Context.of(() -> {});
            for (int i = 0; i < 100; i++) {
                if (record(stream.pollNext(cx), seen) != null) {
                    break;
                }
            }
        }
        return seen;
    }

    private static List<Object> runStream(boolean[] emits, ObservableOverflow overflow) {
        PublishSubject<Integer> subject = PublishSubject.create();
        List<Object> seen = new ArrayList<>();
        PollStream<Integer> stream = ObservableBridge.toPollStream(subject, overflow);
        Context cx = Context.of(() -> {});
        boolean waiting = record(stream.pollNext(cx), seen) == Boolean.FALSE; // subscribes, waits for one
        int next = 0;
        for (boolean emit : emits) {
            if (emit) {
                subject.onNext(next++);
                if (waiting) { // woken: the poller polls at once, as RxJava pushes at once
                    waiting = record(stream.pollNext(cx), seen) == Boolean.FALSE;
                }
            } else if (!waiting && !ended(seen)) {
                waiting = record(stream.pollNext(cx), seen) == Boolean.FALSE;
            }
        }
        subject.onComplete();
        for (int i = 0; i < 100 && !ended(seen); i++) {
            record(stream.pollNext(cx), seen);
        }
        stream.close();
        return seen;
    }

    /** Adds an item or the end to {@code seen}; FALSE for pending, TRUE for the end, null for an item. */
    private static Boolean record(Poll<Integer> poll, List<Object> seen) {
        if (poll.isPending()) {
            return Boolean.FALSE;
        }
        if (poll.isReady()) {
            seen.add(poll.value());
            return null;
        }
        seen.add(poll.isDone() ? "done" : poll.error().getClass().getSimpleName());
        return Boolean.TRUE;
    }

    private static boolean ended(List<Object> seen) {
        return !seen.isEmpty() && seen.get(seen.size() - 1) instanceof String;
    }

    // ---- the operator's side: a subscriber that requests one item at a time ----

    private static List<Object> drainOperator(Publisher<Integer> publisher) {
        OneAtATime subscriber = new OneAtATime();
        publisher.subscribe(subscriber);
        for (int i = 0; i < 100 && !subscriber.ended(); i++) {
            subscriber.requestOne();
        }
        return subscriber.seen;
    }

    private static List<Object> runOperator(boolean[] emits, Function<Observable<Integer>, Publisher<Integer>> operator) {
        PublishSubject<Integer> subject = PublishSubject.create();
        OneAtATime subscriber = new OneAtATime();
        operator.apply(subject).subscribe(subscriber);
        int next = 0;
        for (boolean emit : emits) {
            if (emit) {
                subject.onNext(next++);
            } else if (!subscriber.ended()) {
                subscriber.requestOne();
            }
        }
        subject.onComplete();
        for (int i = 0; i < 100 && !subscriber.ended(); i++) {
            subscriber.requestOne();
        }
        return subscriber.seen;
    }

    /** Requests one item in {@code onSubscribe}, then one more per {@link #requestOne} if none is outstanding. */
    private static final class OneAtATime implements Subscriber<Integer> {
        final List<Object> seen = new ArrayList<>();
        private Subscription subscription;
        private boolean outstanding;

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            outstanding = true;
            s.request(1);
        }

        void requestOne() {
            if (!outstanding) {
                outstanding = true;
                subscription.request(1);
            }
        }

        @Override
        public void onNext(Integer item) {
            outstanding = false;
            seen.add(item);
        }

        @Override
        public void onError(Throwable error) {
            seen.add(error.getClass().getSimpleName());
        }

        @Override
        public void onComplete() {
            seen.add("done");
        }

        boolean ended() {
            return !seen.isEmpty() && seen.get(seen.size() - 1) instanceof String;
        }
    }
}
