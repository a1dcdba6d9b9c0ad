package dev.pollbridge.rxjava3;

import io.reactivex.rxjava3.disposables.Disposable;
import java.util.concurrent.atomic.AtomicInteger;

/** A {@code Disposable} that counts its disposals and may throw from {@code dispose()}. */
final class CountingDisposable implements Disposable {

    final AtomicInteger disposals = new AtomicInteger();
    private final RuntimeException thrownOnDispose;

    CountingDisposable() {
        this(null);
    }

    CountingDisposable(RuntimeException thrownOnDispose) {
        this.thrownOnDispose = thrownOnDispose;
    }

    @Override
    public void dispose() {
        disposals.incrementAndGet();
        if (thrownOnDispose != null) {
            throw thrownOnDispose;
        }
    }

    @Override
    public boolean isDisposed() {
        return disposals.get() > 0;
    }
}
