package dev.pollbridge.runtime.bridge;

import dev.pollbridge.api.Dropped;
import dev.pollbridge.test.Upstream;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A publisher for one subscriber that the test feeds from any thread ({@link #emit},
 * {@link #complete}, {@link #fail}) and that keeps the Reactive Streams rules itself: it sends an
 * item only against demand, signals one at a time (a work-in-progress counter serialises the
 * drain, whoever calls it), and stops after a cancel. Signals fed before the subscription wait
 * for it. Counts subscriptions and cancels, for the contract tests' upstream checks. Items it
 * still holds when cancelled, or is fed after, are dropped (closed if {@link AutoCloseable}), as
 * a source that owns them would.
 */
final class SignalPublisher<T> implements Publisher<T> {

    private final Object lock = new Object();
    private final ArrayDeque<T> queued = new ArrayDeque<>();   // guarded by lock
    private Throwable failure;                                 // guarded by lock
    private boolean completed;                                 // guarded by lock
    private long demand;                                       // guarded by lock
    private boolean cancelled;                                 // guarded by lock
    private boolean terminated;                                // drain only
    private volatile Subscriber<? super T> subscriber;
    private final AtomicInteger wip = new AtomicInteger();
    private final AtomicInteger subscriptions = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();

    @Override
    public void subscribe(Subscriber<? super T> s) {
        Objects.requireNonNull(s, "subscriber");
        if (subscriptions.incrementAndGet() > 1) {
            s.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {}

                @Override
                public void cancel() {}
            });
            s.onError(new IllegalStateException("SignalPublisher allows one subscriber"));
            return;
        }
        s.onSubscribe(new Subscription() {
            @Override
            public void request(long n) {
                synchronized (lock) {
                    demand = n <= 0 || demand + n < 0 ? Long.MAX_VALUE : demand + n;
                }
                drain();
            }

            @Override
            public void cancel() {
                Object[] undelivered;
                synchronized (lock) {
                    if (cancelled) {
                        return;
                    }
                    cancelled = true;
                    undelivered = queued.toArray();
                    queued.clear();
                }
                cancels.incrementAndGet();
                Dropped.closeAll(undelivered, "an item a cancelled SignalPublisher held", Dropped.LOG);
            }
        });
        subscriber = s;
        drain();
    }

    void emit(T item) {
        Objects.requireNonNull(item, "item");
        synchronized (lock) {
            if (!cancelled) {
                queued.add(item);
                item = null;
            }
        }
        if (item != null) {
            Dropped.close(item, "an item fed to a cancelled SignalPublisher", Dropped.LOG);
            return;
        }
        drain();
    }

    void complete() {
        synchronized (lock) {
            completed = true;
        }
        drain();
    }

    void fail(Throwable error) {
        synchronized (lock) {
            failure = Objects.requireNonNull(error, "error");
        }
        drain();
    }

    /** Its subscriptions and cancels, as the contract sees them. */
    Upstream upstream() {
        return Upstream.counting("publisher", subscriptions::get, cancels::get);
    }

    /** Sends what demand allows; one thread at a time, the others leave their work to it. */
    private void drain() {
        if (wip.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        while (true) {
            Subscriber<? super T> s = subscriber;
            if (s != null) {
                while (!terminated) {
                    T item = null;
                    Throwable error = null;
                    boolean end = false;
                    synchronized (lock) {
                        if (cancelled) {
                            terminated = true;
                            break;
                        }
                        if (!queued.isEmpty() && demand > 0) {
                            item = queued.poll();
                            if (demand != Long.MAX_VALUE) {
                                demand--;
                            }
                        } else if (queued.isEmpty() && (failure != null || completed)) {
                            error = failure;
                            end = true;
                        }
                    }
                    if (item != null) {
                        s.onNext(item);
                    } else if (end) {
                        terminated = true;
                        if (error != null) {
                            s.onError(error);
                        } else {
                            s.onComplete();
                        }
                    } else {
                        break;
                    }
                }
            }
            missed = wip.addAndGet(-missed);
            if (missed == 0) {
                return;
            }
        }
    }
}
