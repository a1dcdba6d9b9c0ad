package dev.pollbridge.runtime.bridge.engine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The subscriber side's gate in front of a subscription: it makes every call on the
 * subscription serial (rule 2.7) although the subscriber wants to call it from several threads
 * (the initial request from {@code onSubscribe}, replenishing requests from the poller, cancel
 * from {@code close()} or from an overflowing {@code onNext}), it cancels at most once, and it
 * remembers a cancel that comes before the subscription does.
 *
 * <h2>How</h2>
 * Callers record what they want ({@link #pendingDemand}, {@link #cancelWanted}) and then try to
 * become the one drainer by moving {@link #wip} from 0; the drainer forwards the recorded work
 * to the subscription, outside any lock, until {@code wip} falls back to 0 (the classic
 * work-in-progress serializer, as in Reactor's {@code Operators.DeferredSubscription}). A call
 * made re-entrantly from inside the subscription (a publisher that signals {@code onNext}
 * synchronously from {@code request}) only records and returns; the outer drainer forwards it
 * when the inner call has returned, so calls never nest.
 *
 * <p>After the publisher terminates ({@link #terminated()}), nothing is forwarded any more: the
 * subscription is already cancelled by the spec (rule 2.4), so a later {@code close()} does not
 * call {@code cancel()}.
 *
 * <h2>A subscription that throws</h2>
 * {@code request} and {@code cancel} must return normally (rules 3.15 and 3.16). If one throws,
 * the drainer catches it and hands it to the owner's {@link Failures} from inside the drain
 * loop, then goes on: the work-in-progress count still falls back to 0, so a later
 * {@code cancel()} is still forwarded, and no caller ever sees the exception. Only a JVM-fatal
 * error from {@code request} escapes, to the caller that requested ({@link Fatal}; it leaves the
 * gate closed: the JVM is broken anyway); one from {@code cancel} is handed over like any other,
 * since closing never throws.
 */
final class SerialUpstream {

    /** What the owner does with a call on the subscription that threw. */
    interface Failures {

        /**
         * {@code request(n)} threw (rule 3.16). Runs in the drain loop, so a {@link #cancel()}
         * called from here is forwarded before the loop ends.
         */
        void requestFailed(Throwable error);

        /** {@code cancel()} threw (rule 3.15). The subscription counts as cancelled all the same. */
        void cancelFailed(Throwable error);
    }

    /** The subscription; set once by {@link #set} (a CAS from null). Read by the drainer. */
    private final AtomicReference<Upstream> subscription = new AtomicReference<>();
    /** Demand recorded and not yet forwarded; written by any caller, taken by the drainer. */
    private final AtomicLong pendingDemand = new AtomicLong();
    /** Set once by {@link #cancel()}; never unset. */
    private volatile boolean cancelWanted;
    /** Set once by {@link #terminated()}; never unset. */
    private volatile boolean terminated;
    /** Drainer only: {@code cancel()} was forwarded. */
    private boolean cancelForwarded;
    /** Work-in-progress count: the caller that moves it from 0 drains. */
    private final AtomicInteger wip = new AtomicInteger();
    private final Failures failures;

    SerialUpstream(Failures failures) {
        this.failures = failures;
    }

    /**
     * Installs the subscription.
     *
     * @return false if one was installed before (the caller must cancel {@code upstream}:
     *     rule 2.5)
     */
    boolean set(Upstream upstream) {
        if (!subscription.compareAndSet(null, upstream)) {
            return false;
        }
        drain();
        return true;
    }

    /** Records {@code n > 0} more demand and forwards it when it is this caller's turn. */
    void request(long n) {
        pendingDemand.getAndAccumulate(n, SerialUpstream::addCapped);
        drain();
    }

    /** Cancels the subscription exactly once, now or as soon as it is set. */
    void cancel() {
        cancelWanted = true;
        drain();
    }

    /** The publisher signalled a terminal event: forward nothing from now on. Calls nothing. */
    void terminated() {
        terminated = true;
    }

    /**
     * True if {@code candidate} is the installed subscription ({@link Upstream#equals}: the same
     * subscription behind the adapters).
     */
    boolean isInstalled(Upstream candidate) {
        return candidate.equals(subscription.get());
    }

    private void drain() {
        if (wip.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        do {
            Upstream upstream = subscription.get();
            if (upstream != null) {
                forward(upstream);
            }
            missed = wip.addAndGet(-missed);
        } while (missed != 0);
    }

    /** Drainer only: forwards the recorded cancel or demand; contains what the call throws. */
    private void forward(Upstream upstream) {
        if (terminated || cancelWanted) {
            pendingDemand.set(0);
            if (cancelWanted && !terminated && !cancelForwarded) {
                cancelForwarded = true;
                try {
                    upstream.cancel();
                } catch (Throwable error) {
                    failures.cancelFailed(error); // a fatal one too: closing never throws
                }
            }
            return;
        }
        long demand = pendingDemand.getAndSet(0);
        if (demand > 0) {
            try {
                upstream.request(demand);
            } catch (Throwable error) {
                Fatal.rethrowIfFatal(error);
                failures.requestFailed(error);
            }
        }
    }

    static long addCapped(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
