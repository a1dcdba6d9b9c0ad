package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.async.BodyLauncher;
import dev.pollbridge.runtime.internal.async.BodyLaunchers;
import java.util.concurrent.atomic.AtomicInteger;

/** The default launcher, counting launches and withdrawals. */
final class CountingLauncher implements BodyLauncher {

    private final BodyLauncher delegate = BodyLaunchers.defaultLauncher();
    final AtomicInteger launches = new AtomicInteger();
    final AtomicInteger withdrawals = new AtomicInteger();

    @Override
    public void launch(Runnable body) {
        launches.incrementAndGet();
        delegate.launch(body);
    }

    @Override
    public void withdraw(Runnable body) {
        withdrawals.incrementAndGet();
        delegate.withdraw(body);
    }

    @Override
    public boolean virtual() {
        return delegate.virtual();
    }
}
