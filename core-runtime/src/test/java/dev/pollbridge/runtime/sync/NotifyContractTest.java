package dev.pollbridge.runtime.sync;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import org.junit.jupiter.api.Nested;

/** {@link Notify#notified()}, woken by {@code notifyOne} and by {@code notifyWaiters}. */
class NotifyContractTest {

    @Nested
    class NotifyOne extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Notify notify = new Notify();
            return FutureSubject.of(notify.notified())
                    .completesWith(null, notify::notifyOne)
                    .upstream(Upstream.queued("place among the waiters", WaitQueues.nonEmpty(notify, "waiters")));
        }
    }

    @Nested
    class NotifyWaiters extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Notify notify = new Notify();
            return FutureSubject.of(notify.notified())
                    .completesWith(null, notify::notifyWaiters)
                    .upstream(Upstream.queued("place among the waiters", WaitQueues.nonEmpty(notify, "waiters")));
        }
    }
}
