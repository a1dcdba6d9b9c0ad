package dev.pollbridge.runtime.bridge.engine;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A source whose subscription offers queue fusion, driven by hand: the engine's view of a Reactor
 * or RxJava fusable publisher. {@link #grant} is the mode {@code requestFusion} answers. In
 * {@code SYNC} mode {@link #poll()} takes from {@link #items} and returns {@code null} when it is
 * empty (the end); in {@code ASYNC} mode the test {@link #offer}s items and signals them, and
 * ends with {@link #complete()} or {@link #fail}. Counts every call the engine makes.
 */
final class FusableSource<T> implements Source<T> {

    final Queue<T> items = new ConcurrentLinkedQueue<>();
    final List<Long> requests = new CopyOnWriteArrayList<>();
    final AtomicInteger fusionRequests = new AtomicInteger();
    final AtomicInteger polls = new AtomicInteger();
    final AtomicInteger cancels = new AtomicInteger();
    final AtomicInteger clears = new AtomicInteger();
    /** Clears that came after a cancel; and polls, to see that none came after a close. */
    final AtomicInteger clearsAfterCancel = new AtomicInteger();
    /** Answered by {@code discardsOnCancel()}: true plays Reactor's part, false RxJava's. */
    volatile boolean discardsOnCancel;
    volatile int grant;
    /** Thrown by the poll that finds {@link #items} holding exactly this many items; -1: never. */
    volatile int failWhenLeft = -1;
    volatile RuntimeException pollFailure;
    volatile RuntimeException fusionFailure;
    /** When false, subscribe only records the downstream; the test calls {@link #signalOnSubscribe}. */
    volatile boolean subscribeAtOnce = true;
    private volatile Downstream<? super T> downstream;

    final FusedUpstream<T> subscription = new FusedUpstream<T>() {
        @Override
        public int requestFusion() {
            fusionRequests.incrementAndGet();
            if (fusionFailure != null) {
                throw fusionFailure;
            }
            return grant;
        }

        @Override
        public T poll() {
            polls.incrementAndGet();
            if (failWhenLeft == items.size()) {
                throw pollFailure;
            }
            return items.poll();
        }

        @Override
        public void clear() {
            clears.incrementAndGet();
            if (cancels.get() > 0) {
                clearsAfterCancel.incrementAndGet();
            }
            items.clear();
        }

        @Override
        public boolean discardsOnCancel() {
            return discardsOnCancel;
        }

        @Override
        public void request(long n) {
            requests.add(n);
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
        }
    };

    FusableSource(int grant) {
        this.grant = grant;
    }

    @SafeVarargs
    static <T> FusableSource<T> sync(T... items) {
        FusableSource<T> source = new FusableSource<>(FusedUpstream.SYNC);
        source.items.addAll(List.of(items));
        return source;
    }

    static <T> FusableSource<T> async() {
        return new FusableSource<>(FusedUpstream.ASYNC);
    }

    @Override
    public void subscribe(Downstream<? super T> subscriber) {
        downstream = subscriber;
        if (subscribeAtOnce) {
            subscriber.onSubscribe(subscription);
        }
    }

    void signalOnSubscribe() {
        downstream.onSubscribe(subscription);
    }

    /** ASYNC: queues {@code item} and signals it with {@code onNext(null)}, as Reactor's sources do. */
    void offer(T item) {
        items.add(item);
        downstream.onNext(null);
    }

    void complete() {
        downstream.onComplete();
    }

    void fail(Throwable error) {
        downstream.onError(error);
    }
}
