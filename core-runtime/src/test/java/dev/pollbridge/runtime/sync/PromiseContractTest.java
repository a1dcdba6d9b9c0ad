package dev.pollbridge.runtime.sync;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;

/** {@link Promise#future()}: the read end keeps the future contract; closing it cancels the promise. */
class PromiseContractTest extends PollFutureContract<String> {

    @Override
    protected FutureSubject<String> subject() {
        Promise<String> promise = new Promise<>();
        return FutureSubject.of(promise.future())
                .completesWith("value", () -> promise.complete("value"))
                .failsWith(promise::fail)
                .upstream(Upstream.counting("promise", () -> 0, () -> promise.isCancelled() ? 1 : 0).ownedFromBuild());
    }
}
