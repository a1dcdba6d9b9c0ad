package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.function.Supplier;

/** The fault catalogue of {@code toSingle}. */
class SingleFromFutureFaultsTest extends FutureSourceFaultsContract {

    @Override
    void subscribe(Supplier<? extends PollFuture<?>> factory, PollRuntime runtime, Seen seen, Throws throwing,
            RuntimeException failure) {
        SingleBridge.<Object>toSingle(factory, runtime).subscribe(new SingleObserver<Object>() {
            @Override
            public void onSubscribe(Disposable disposable) {
                seen.disposable.set(disposable);
                if (throwing == Throws.ON_SUBSCRIBE) {
                    throw failure;
                }
            }

            @Override
            public void onSuccess(Object value) {
                seen.values.add(value);
                seen.signals.incrementAndGet();
                if (throwing == Throws.ON_VALUE) {
                    throw failure;
                }
            }

            @Override
            public void onError(Throwable error) {
                seen.errors.add(error);
                seen.signals.incrementAndGet();
                if (throwing == Throws.ON_ERROR) {
                    throw failure;
                }
            }
        });
    }
}
