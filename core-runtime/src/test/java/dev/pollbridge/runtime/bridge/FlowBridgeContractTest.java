package dev.pollbridge.runtime.bridge;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.reactivestreams.FlowAdapters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * Every direction of {@link FlowBridge} (JDK {@code Flow}) keeps the contract. The publisher-to-pull
 * directions read a {@link SignalPublisher}, whose subscription and cancels are the upstream. The
 * pull-to-publisher directions ({@code toPublisher}, {@code toOneItemPublisher}) are checked through a
 * round trip back to a stream or future, whose upstream is the probe the publisher's task polls:
 * the round trip must keep laziness (nothing polled before the subscription), carry every signal,
 * and pass a close through the subscription's cancel to the probe, once (on a runtime thread, so
 * asynchronously).
 */
class FlowBridgeContractTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("flow-contract-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Nested
    class ToStream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return StreamSubject.of(FlowBridge.<String>toPollStream(FlowAdapters.toFlowPublisher(publisher)))
                    .emits(i -> publisher.emit("item" + i), i -> "item" + i)
                    .completes(publisher::complete)
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            SignalPublisher<AutoCloseable> publisher = new SignalPublisher<>();
            return StreamSubject.of(FlowBridge.<AutoCloseable>toPollStream(FlowAdapters.toFlowPublisher(publisher)))
                    .emits(i -> publisher.emit(items.get(i)), items::get);
        }
    }

    /** Prefetch 1: every item is requested alone. */
    @Nested
    class ToStreamPrefetchOne extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return StreamSubject.of(FlowBridge.<String>toPollStream(FlowAdapters.toFlowPublisher(publisher), 1))
                    .emits(i -> publisher.emit("item" + i), i -> "item" + i)
                    .completes(publisher::complete)
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            SignalPublisher<AutoCloseable> publisher = new SignalPublisher<>();
            return StreamSubject.of(FlowBridge.<AutoCloseable>toPollStream(FlowAdapters.toFlowPublisher(publisher), 1))
                    .emits(i -> publisher.emit(items.get(i)), items::get);
        }
    }

    @Nested
    class FirstOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>firstItemOrNull(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith("item", () -> publisher.emit("item"))
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            SignalPublisher<AutoCloseable> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<AutoCloseable>firstItemOrNull(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith(value, () -> publisher.emit(value));
        }
    }

    /** An empty publisher fails it. */
    @Nested
    class First extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>firstItem(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith("item", () -> publisher.emit("item"))
                    .fails(publisher::complete, NoSuchElementException.class)
                    .upstream(publisher.upstream());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            SignalPublisher<AutoCloseable> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<AutoCloseable>firstItem(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith(value, () -> publisher.emit(value));
        }
    }

    @Nested
    class Single extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>singleItem(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith("item", () -> {
                        publisher.emit("item");
                        publisher.complete();
                    })
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            SignalPublisher<AutoCloseable> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<AutoCloseable>singleItem(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith(value, () -> {
                publisher.emit(value);
                publisher.complete();
            });
        }
    }

    /** An empty publisher gives the default. */
    @Nested
    class FirstOrDefault extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>firstItemOrDefault(FlowAdapters.toFlowPublisher(publisher), "default"))
                    .completesWith("default", publisher::complete)
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }
    }

    /** Two items and the end give the second. */
    @Nested
    class Last extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>lastItem(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith("second", () -> {
                        publisher.emit("first");
                        publisher.emit("second");
                        publisher.complete();
                    })
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }

        /** The item before the last is passed over (closed); the last one is the value. */
        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            SignalPublisher<AutoCloseable> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<AutoCloseable>lastItem(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith(value, () -> {
                publisher.emit(() -> { });
                publisher.emit(value);
                publisher.complete();
            });
        }
    }

    /** An empty publisher fails {@code last}. */
    @Nested
    class LastOfNothing extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>lastItem(FlowAdapters.toFlowPublisher(publisher)))
                    .fails(publisher::complete, NoSuchElementException.class)
                    .upstream(publisher.upstream());
        }
    }

    /** An empty publisher gives {@code null}. */
    @Nested
    class LastOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>lastItemOrNull(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith(null, publisher::complete)
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream());
        }
    }

    /** An empty publisher gives {@code null}; a second item fails it (and cancels the subscription). */
    @Nested
    class SingleOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(FlowBridge.<String>singleItemOrNull(FlowAdapters.toFlowPublisher(publisher)))
                    .completesWith(null, publisher::complete)
                    .fails(() -> {
                        publisher.emit("first");
                        publisher.emit("second");
                    }, IllegalArgumentException.class)
                    .upstream(publisher.upstream());
        }
    }

    /** {@code toPublisher}, read back with {@code toPollStream}. */
    @Nested
    class ToPublisherRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            ProbeStream<String> source = new ProbeStream<>();
            AtomicBoolean taken = new AtomicBoolean();
            return StreamSubject.of(FlowBridge.<String>toPollStream(
                            FlowBridge.toPublisher(() -> ReactiveStreamsBridgeContractTest.handOver(source, taken), runtime)))
                    .emits(i -> source.emit("item" + i), i -> "item" + i)
                    .completes(source::complete)
                    .failsWith(source::fail)
                    .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            ProbeStream<AutoCloseable> source = new ProbeStream<>();
            return StreamSubject.of(FlowBridge.<AutoCloseable>toPollStream(
                            FlowBridge.toPublisher(() -> source, runtime)))
                    .emits(i -> source.emit(items.get(i)), items::get);
        }
    }

    /** {@code toOneItemPublisher}, read back with {@code first}. */
    @Nested
    class FromFutureRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            AtomicBoolean taken = new AtomicBoolean();
            return FutureSubject.of(FlowBridge.<String>firstItem(
                            FlowBridge.toOneItemPublisher(() -> ReactiveStreamsBridgeContractTest.handOver(source, taken), runtime)))
                    .completesWith("value", () -> source.complete("value"))
                    .failsWith(source::fail)
                    .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            ProbeFuture<AutoCloseable> source = new ProbeFuture<>();
            return FutureSubject.of(FlowBridge.<AutoCloseable>firstItem(
                            FlowBridge.toOneItemPublisher(() -> source, runtime)))
                    .completesWith(value, () -> source.complete(value));
        }
    }

    /** {@code awaitFirst} inside an {@code Async} body: the body's future keeps the contract of {@code firstItem}. */
    @Nested
    class AwaitFirstInBody extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(Async.run(() -> FlowBridge.<String>awaitFirst(FlowAdapters.toFlowPublisher(publisher))))
                    .completesWith("item", () -> publisher.emit("item"))
                    .fails(publisher::complete, NoSuchElementException.class)
                    .upstream(publisher.upstream().reachedAsynchronously());
        }
    }

    /** {@code awaitSingleOrNull} inside an {@code Async} body: an empty publisher gives {@code null}. */
    @Nested
    class AwaitSingleOrNullInBody extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SignalPublisher<String> publisher = new SignalPublisher<>();
            return FutureSubject.of(Async.run(() -> FlowBridge.<String>awaitSingleOrNull(FlowAdapters.toFlowPublisher(publisher))))
                    .completesWith("item", () -> {
                        publisher.emit("item");
                        publisher.complete();
                    })
                    .failsWith(publisher::fail)
                    .upstream(publisher.upstream().reachedAsynchronously());
        }
    }
}
