package dev.pollbridge.runtime;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;

/**
 * {@link PollRuntime#yieldNow()} keeps the contract. It needs no trigger: its first poll wakes its own
 * task and answers pending, its second is ready. Two checks assume a pending future waits for
 * something outside it and do not apply; they are left out below, each with its reason.
 */
class YieldNowContractTest extends PollFutureContract<Void> {

    @Override
    protected FutureSubject<Void> subject() {
        return FutureSubject.of(PollRuntime.yieldNow()).completesWith(null, () -> {});
    }

    /**
     * Left out: the check expects the second poll (with a new waker) to stay pending until the
     * trigger runs, but yieldNow is pending exactly once by design; its second poll is ready.
     * That the waker of the pending poll is woken is checked by the other checks.
     */
    @Override
    public void theLatestWakerIsTheOneWoken() {}

    /**
     * Left out: yieldNow has no producer whose writes it could publish (rule 10 is about a value
     * handed from one thread to another); its second poll is ready whatever another thread did.
     */
    @Override
    public void whatTheProducerWroteIsVisibleToTheConsumer() {}
}
