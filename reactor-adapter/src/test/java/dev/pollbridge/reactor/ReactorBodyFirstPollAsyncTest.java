package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncMode;
import dev.pollbridge.test.MockTask;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Issue 23, item 1: in continuation mode the first poll of an {@code Async} future runs the body
 * up to its first pending await, so the Mono the body awaits is subscribed when that poll returns
 * (a request the body sends is sent), as in a Rust {@code async} block or kotlinx's undispatched
 * start. Repeated, since in thread mode it depended on a race; continuation mode only.
 */
class ReactorBodyFirstPollAsyncTest {

    @Test
    void theFirstPollHasSubscribedTheMonoTheBodyAwaits() {
        assumeTrue(Async.mode() == AsyncMode.CONTINUATION, "a property of continuation mode");
        for (int round = 0; round < 2_000; round++) {
            AtomicInteger subscriptions = new AtomicInteger();
            Sinks.One<String> reply = Sinks.one();
            Mono<String> request = reply.asMono().doOnSubscribe(s -> subscriptions.incrementAndGet());
            PollFuture<String> call = Async.run(() -> "got " + MonoBridge.await(request));
            try (MockTask<String> owner = MockTask.spawn(call)) {
                assertTrue(owner.poll().isPending());
                assertEquals(1, subscriptions.get(), "round " + round + ": the first poll subscribed the Mono");
                reply.tryEmitValue("reply");
                Poll<String> result = owner.isWoken() ? owner.poll() : Poll.pending();
                assertEquals("got reply", result.value(), "round " + round);
            }
        }
    }
}
