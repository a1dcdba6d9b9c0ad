package dev.pollbridge.examples.rxjava;

import dev.pollbridge.examples.Story;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An existing RxJava service, as found in an RxJava code base: every call is cold and answers
 * after a real delay on one of RxJava's computation threads. It knows nothing about Pollbridge.
 * When given a {@link Story}, it tells when each call is subscribed, answers or is disposed, and
 * on which kind of thread; it always counts the calls disposed before they answered.
 */
public final class RxInventoryService {

    private final Story story;
    private final AtomicInteger disposed = new AtomicInteger();

    /** A service that says nothing (the doc tests). */
    public RxInventoryService() {
        this(null);
    }

    public RxInventoryService(Story story) {
        this.story = story;
    }

    /** Units in stock, after 200 ms. */
    public Single<Integer> stock(String sku) {
        Single<Integer> answer = Single.just(sku.length()).delay(200, TimeUnit.MILLISECONDS);
        return answer
                .doOnSubscribe(subscription -> say("stock(" + sku + ") subscribed"))
                .doOnSuccess(stock -> say("stock(" + sku + ") answered " + stock))
                .doOnDispose(() -> gaveUp("stock(" + sku + ") disposed"));
    }

    /** A discount for skus starting with "a", after 100 ms; none (empty) for the others. */
    public Maybe<String> discount(String sku) {
        Maybe<String> answer = sku.startsWith("a") ? Maybe.just("10%") : Maybe.empty();
        return answer.delay(100, TimeUnit.MILLISECONDS)
                .doOnSubscribe(subscription -> say("discount(" + sku + ") subscribed"))
                .doOnSuccess(discount -> say("discount(" + sku + ") answered " + discount))
                .doOnComplete(() -> say("discount(" + sku + ") answered empty"))
                .doOnDispose(() -> gaveUp("discount(" + sku + ") disposed"));
    }

    /** A price tick every 50 ms, for as long as somebody listens. */
    public Flowable<Long> prices(String sku) {
        return Flowable.interval(50, TimeUnit.MILLISECONDS)
                .map(tick -> 100 + sku.length() * tick)
                .doOnSubscribe(subscription -> say("prices(" + sku + ") subscribed"))
                .doOnCancel(() -> gaveUp("prices(" + sku + ") cancelled"));
    }

    /** A report that takes two seconds: longer than anyone wants to wait. */
    public Single<String> slowReport() {
        return Single.just("report").delay(2, TimeUnit.SECONDS)
                .doOnSubscribe(subscription -> say("slowReport() subscribed"))
                .doOnDispose(() -> gaveUp("slowReport() disposed"));
    }

    /** How many calls were disposed (or cancelled) before they answered. */
    public int disposedCalls() {
        return disposed.get();
    }

    private void gaveUp(String event) {
        disposed.incrementAndGet();
        say(event);
    }

    private void say(String event) {
        if (story != null) {
            story.say(event + " on " + story.thread());
        }
    }
}
