package dev.pollbridge.tck;

import org.reactivestreams.tck.SubscriberWhiteboxVerification.SubscriberPuppet;

/**
 * The whitebox puppet of a bridged stream: "request" means letting the stream's owner poll that
 * many more items (the bridge then replenishes its demand as items are consumed), "cancel"
 * means the owner closes the stream.
 */
final class ProbePuppet implements SubscriberPuppet {

    private final StreamConsumer<?> consumer;

    ProbePuppet(StreamConsumer<?> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void triggerRequest(long elements) {
        consumer.allow(elements);
    }

    @Override
    public void signalCancel() {
        consumer.cancel();
    }
}
