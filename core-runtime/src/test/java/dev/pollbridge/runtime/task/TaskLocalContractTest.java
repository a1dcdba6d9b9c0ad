package dev.pollbridge.runtime.task;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import org.junit.jupiter.api.Nested;

/** {@link TaskLocal#scope} and {@link TaskLocal#scopeStream} pass the contract of what they wrap on. */
class TaskLocalContractTest {

    private static final TaskLocal<String> USER = TaskLocal.create("user");

    @Nested
    class Scope extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(USER.scope("ada", inner.map(value -> value + " for " + USER.get())))
                    .completesWith("value for ada", () -> inner.complete("value"))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner));
        }
    }

    @Nested
    class ScopeStream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            ProbeStream<String> inner = new ProbeStream<>();
            return StreamSubject.of(USER.scopeStream("ada", inner.map(item -> item + " for " + USER.get())))
                    .emits(i -> inner.emit("item" + i), i -> "item" + i + " for ada")
                    .completes(inner::complete)
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner));
        }
    }
}
