package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.OneItemSubjects;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import dev.pollbridge.test.runtime.RoundTripSubjects;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.context.Context;

/**
 * Every direction of {@link MonoBridge} and {@link FluxBridge} keeps the contract. {@code Mono}/{@code Flux} to pull:
 * a sink is the source, counted with {@code doOnSubscribe}/{@code doOnCancel}. Pull to
 * {@code Mono}/{@code Flux} ({@code toMono}, {@code toFlux}, {@code mono}, {@code flux}): checked
 * through a round trip back to a future or stream, whose upstream is what the spawned task polls
 * (reached on a runtime thread, so asynchronously).
 */
class ReactorBridgeContractTest {

    private static final String USER = "user";

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("reactor-contract-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** A Mono that counts its subscriptions and cancels. */
    static final class CountedMono {
        final Sinks.One<String> sink = Sinks.one();
        final AtomicInteger subscriptions = new AtomicInteger();
        final AtomicInteger cancels = new AtomicInteger();
        final Mono<String> mono = sink.asMono()
                .doOnSubscribe(s -> subscriptions.incrementAndGet())
                .doOnCancel(cancels::incrementAndGet);

        Upstream upstream() {
            return Upstream.counting("mono", subscriptions::get, cancels::get);
        }
    }

    /** A Flux that counts its subscriptions and cancels. */
    static final class CountedFlux implements OneItemSubjects.Feed {
        final Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
        final AtomicInteger subscriptions = new AtomicInteger();
        final AtomicInteger cancels = new AtomicInteger();
        final Flux<String> flux = sink.asFlux()
                .doOnSubscribe(s -> subscriptions.incrementAndGet())
                .doOnCancel(cancels::incrementAndGet);

        @Override
        public void next(String item) {
            sink.tryEmitNext(item);
        }

        @Override
        public void complete() {
            sink.tryEmitComplete();
        }

        @Override
        public void fail(Throwable error) {
            sink.tryEmitError(error);
        }

        @Override
        public Upstream upstream() {
            return Upstream.counting("flux", subscriptions::get, cancels::get);
        }
    }

    @Nested
    class ToFuture extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of(MonoBridge.<String>toPollFuture(source.mono))
                    .completesWith("value", () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.One<AutoCloseable> sink = Sinks.one();
            return FutureSubject.of(MonoBridge.<AutoCloseable>toPollFuture(sink.asMono()))
                    .completesWith(value, () -> sink.tryEmitValue(value));
        }
    }

    /** An empty Mono completes the future with {@code null}. */
    @Nested
    class ToFutureEmpty extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of(MonoBridge.<String>toPollFuture(source.mono))
                    .completesWith(null, () -> source.sink.tryEmitEmpty())
                    .upstream(source.upstream());
        }
    }

    @Nested
    class ToOptionalFuture extends PollFutureContract<Optional<String>> {
        @Override
        protected FutureSubject<Optional<String>> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of(MonoBridge.<String>toOptionalPollFuture(source.mono))
                    .completesWith(Optional.of("value"), () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }
    }

    @Nested
    class ToStream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return StreamSubject.of(FluxBridge.<String>toPollStream(source.flux))
                    .emits(i -> source.sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> source.sink.tryEmitComplete())
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return StreamSubject.of(FluxBridge.<AutoCloseable>toPollStream(discardingOnCancel(sink)))
                    .emits(i -> sink.tryEmitNext(items.get(i)), items::get);
        }
    }

    @Nested
    class ToStreamPrefetchOne extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return StreamSubject.of(FluxBridge.<String>toPollStream(source.flux, 1))
                    .emits(i -> source.sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> source.sink.tryEmitComplete())
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }

        /** The item not requested yet stays in the sink, which discards it on cancel (Reactor's way). */
        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return StreamSubject.of(FluxBridge.<AutoCloseable>toPollStream(discardingOnCancel(sink), 1))
                    .emits(i -> sink.tryEmitNext(items.get(i)), items::get);
        }
    }

    /**
     * The same source with queue fusion left on: a unicast sink, fused asynchronously, so the
     * stream takes its items from the sink's queue ({@link FusionProbe} counts what a
     * {@code doOnSubscribe}/{@code doOnCancel} would, without turning fusion off).
     */
    @Nested
    class ToStreamFused extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
            FusionProbe<String> probe = new FusionProbe<>(sink.asFlux());
            return StreamSubject.of(FluxBridge.<String>toPollStream(probe))
                    .emits(i -> sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> sink.tryEmitComplete())
                    .failsWith(error -> sink.tryEmitError(error))
                    .upstream(Upstream.counting("fused flux", probe.subscriptions::get, probe.cancels::get));
        }
    }

    /** {@code firstItem}: the first item; an empty Flux fails it. */
    @Nested
    class First extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.first(source, FluxBridge.firstItem(source.flux));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return FutureSubject.of(FluxBridge.<AutoCloseable>firstItem(discardingOnCancel(sink)))
                    .completesWith(value, () -> sink.tryEmitNext(value));
        }
    }

    /** {@code firstItemOrNull}: an empty Flux gives {@code null}. */
    @Nested
    class FirstOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, FluxBridge.firstItemOrNull(source.flux), null);
        }
    }

    /** {@code firstItemOrDefault}: an empty Flux gives the default. */
    @Nested
    class FirstOrDefault extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, FluxBridge.firstItemOrDefault(source.flux, "default"), "default");
        }
    }

    /** {@code lastItem}: two items and the end give the second; an empty Flux fails it. */
    @Nested
    class Last extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.last(source, FluxBridge.lastItem(source.flux));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return FutureSubject.of(FluxBridge.<AutoCloseable>lastItem(discardingOnCancel(sink)))
                    .completesWith(value, () -> {
                        sink.tryEmitNext(() -> { });
                        sink.tryEmitNext(value);
                        sink.tryEmitComplete();
                    });
        }
    }

    /** {@code lastItemOrNull}: an empty Flux gives {@code null}. */
    @Nested
    class LastOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, FluxBridge.lastItemOrNull(source.flux), null);
        }
    }

    /** {@code singleItem}: one item and the end give it; a second item fails it. */
    @Nested
    class Single extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.single(source, FluxBridge.singleItem(source.flux));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return FutureSubject.of(FluxBridge.<AutoCloseable>singleItem(discardingOnCancel(sink)))
                    .completesWith(value, () -> {
                        sink.tryEmitNext(value);
                        sink.tryEmitComplete();
                    });
        }
    }

    /** {@code singleItemOrNull}: an empty Flux gives {@code null}. */
    @Nested
    class SingleOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, FluxBridge.singleItemOrNull(source.flux), null);
        }
    }

    /** {@code toPollFuture(mono, context)}: the Mono sees the given Reactor context. */
    @Nested
    class ToFutureWithContext extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            Mono<String> mono = Mono.deferContextual(context -> source.mono.map(value -> value + "@" + context.get(USER)));
            return FutureSubject.of(MonoBridge.<String>toPollFuture(mono, Context.of(USER, "ada")))
                    .completesWith("value@ada", () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }
    }

    /** {@code toPollStream(publisher, context)}: the Flux sees the given Reactor context. */
    @Nested
    class ToStreamWithContext extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            Flux<String> flux = Flux.deferContextual(context -> source.flux.map(item -> item + "@" + context.get(USER)));
            return StreamSubject.of(FluxBridge.<String>toPollStream(flux, Context.of(USER, "ada")))
                    .emits(i -> source.sink.tryEmitNext("item" + i), i -> "item" + i + "@ada")
                    .completes(() -> source.sink.tryEmitComplete())
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }
    }

    /** {@code withContext(context, future)}: the future's outcome and close pass through. */
    @Nested
    class WithContextFuture extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(ReactorBridge.withContext(Context.of(USER, "ada"), (PollFuture<String>) inner))
                    .completesWith("value", () -> inner.complete("value"))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner));
        }
    }

    /** {@code withContext(context, stream)}: the stream's items, end and close pass through. */
    @Nested
    class WithContextStream extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            ProbeStream<String> inner = new ProbeStream<>();
            return StreamSubject.of(ReactorBridge.withContext(Context.of(USER, "ada"), (PollStream<String>) inner))
                    .emits(i -> inner.emit("item" + i), i -> "item" + i)
                    .completes(inner::complete)
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner));
        }
    }

    /**
     * {@code toMono(shared)}, read back with {@code toPollFuture}: the subscription polls a clone, so the
     * work starts only then; a cancel closes that clone only (the shared future stays open), so
     * closing cancels nothing.
     */
    @Nested
    class ToMonoFromSharedRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromShared(shared -> MonoBridge.toPollFuture(MonoBridge.toMono(shared, runtime)));
        }
    }

    /** {@code toMono(factory)}, read back with {@code toPollFuture}. */
    @Nested
    class ToMonoRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromFactory(factory -> MonoBridge.toPollFuture(MonoBridge.toMono(factory, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromFactoryReadyWith(value, factory -> MonoBridge.toPollFuture(MonoBridge.toMono(factory, runtime)));
        }
    }

    /**
     * {@code toMono(handle)}, read back with {@code toPollFuture}: the task runs from its spawn, and a
     * cancel detaches from it (rule 13), so closing cancels nothing.
     */
    @Nested
    class ToMonoFromHandleRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromHandle(runtime, handle -> MonoBridge.toPollFuture(MonoBridge.toMono(handle, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromHandleReadyWith(runtime, value, handle -> MonoBridge.toPollFuture(MonoBridge.toMono(handle, runtime)));
        }
    }

    /** {@code toFlux(factory)}, read back with {@code toPollStream}. */
    @Nested
    class ToFluxRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.streamFromFactory(factory -> FluxBridge.toPollStream(FluxBridge.toFlux(factory, runtime)));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return RoundTripSubjects.streamFromFactoryEmitting(items, factory -> FluxBridge.toPollStream(FluxBridge.toFlux(factory, runtime)));
        }
    }

    /** {@code mono(body)}, read back with {@code toPollFuture}: the body awaits a promise. */
    @Nested
    class MonoBodyRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.awaitingAPromise(body -> MonoBridge.toPollFuture(MonoBridge.mono(body, runtime)));
        }
    }

    /** {@code flux(body)}, read back with {@code toPollStream}: the body passes a source stream on. */
    @Nested
    class FluxBodyRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.passingAStreamOn(body -> FluxBridge.toPollStream(FluxBridge.flux(body, runtime)));
        }
    }

    /** {@code awaitFirst} inside an {@code Async} body: the body's future keeps the contract of {@code firstItem}. */
    @Nested
    class AwaitFirstInBody extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return FutureSubject.of(Async.run(() -> FluxBridge.<String>awaitFirst(source.flux)))
                    .completesWith("item", () -> source.sink.tryEmitNext("item"))
                    .fails(() -> source.sink.tryEmitComplete(), NoSuchElementException.class)
                    .upstream(source.upstream().reachedAsynchronously());
        }
    }

    /** {@code awaitSingleOrNull} inside an {@code Async} body. */
    @Nested
    class AwaitSingleOrNullInBody extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return FutureSubject.of(Async.run(() -> FluxBridge.<String>awaitSingleOrNull(source.flux)))
                    .completesWith("item", () -> {
                        source.sink.tryEmitNext("item");
                        source.sink.tryEmitComplete();
                    })
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream().reachedAsynchronously());
        }
    }

    /**
     * The sink's Flux, with Reactor's discard hook closing what the sink still holds when the
     * subscription is cancelled: as a source that owns its items drops them. Reactor's unicast
     * sink can hand one item to the hook twice when {@code tryEmitNext} races the cancel (its
     * {@code drain} discards the item it has just queued, and the queue's clear discards it again),
     * so the hook closes each item once, as an owner would; the bridge's own closes are counted
     * by the value itself and stay checked.
     */
    static Flux<AutoCloseable> discardingOnCancel(Sinks.Many<AutoCloseable> sink) {
        Set<AutoCloseable> discarded = ConcurrentHashMap.newKeySet();
        return sink.asFlux().doOnDiscard(AutoCloseable.class, item -> {
            if (!discarded.add(item)) {
                return;
            }
            try {
                item.close();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }
}
