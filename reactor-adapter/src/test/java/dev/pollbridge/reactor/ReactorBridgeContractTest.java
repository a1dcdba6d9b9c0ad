package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
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
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.context.Context;

/**
 * Every direction of {@link ReactorBridge} keeps the contract. {@code Mono}/{@code Flux} to pull:
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
            return FutureSubject.of(ReactorBridge.<String>toFuture(source.mono))
                    .completesWith("value", () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.One<AutoCloseable> sink = Sinks.one();
            return FutureSubject.of(ReactorBridge.<AutoCloseable>toFuture(sink.asMono()))
                    .completesWith(value, () -> sink.tryEmitValue(value));
        }
    }

    /** An empty Mono completes the future with {@code null}. */
    @Nested
    class ToFutureEmpty extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of(ReactorBridge.<String>toFuture(source.mono))
                    .completesWith(null, () -> source.sink.tryEmitEmpty())
                    .upstream(source.upstream());
        }
    }

    @Nested
    class ToOptionalFuture extends PollFutureContract<Optional<String>> {
        @Override
        protected FutureSubject<Optional<String>> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of(ReactorBridge.<String>toOptionalFuture(source.mono))
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
            return StreamSubject.of(ReactorBridge.<String>toStream(source.flux))
                    .emits(i -> source.sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> source.sink.tryEmitComplete())
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return StreamSubject.of(ReactorBridge.<AutoCloseable>toStream(discardingOnCancel(sink)))
                    .emits(i -> sink.tryEmitNext(items.get(i)), items::get);
        }
    }

    @Nested
    class ToStreamPrefetchOne extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return StreamSubject.of(ReactorBridge.<String>toStream(source.flux, 1))
                    .emits(i -> source.sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> source.sink.tryEmitComplete())
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }

        /** The item not requested yet stays in the sink, which discards it on cancel (Reactor's way). */
        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return StreamSubject.of(ReactorBridge.<AutoCloseable>toStream(discardingOnCancel(sink), 1))
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
            return StreamSubject.of(ReactorBridge.<String>toStream(probe))
                    .emits(i -> sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> sink.tryEmitComplete())
                    .failsWith(error -> sink.tryEmitError(error))
                    .upstream(Upstream.counting("fused flux", probe.subscriptions::get, probe.cancels::get));
        }
    }

    /** {@code first}: the first item; an empty Flux fails it. */
    @Nested
    class First extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.first(source, ReactorBridge.first(source.flux));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return FutureSubject.of(ReactorBridge.<AutoCloseable>first(discardingOnCancel(sink)))
                    .completesWith(value, () -> sink.tryEmitNext(value));
        }
    }

    /** {@code firstOrNull}: an empty Flux gives {@code null}. */
    @Nested
    class FirstOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, ReactorBridge.firstOrNull(source.flux), null);
        }
    }

    /** {@code firstOrDefault}: an empty Flux gives the default. */
    @Nested
    class FirstOrDefault extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, ReactorBridge.firstOrDefault(source.flux, "default"), "default");
        }
    }

    /** {@code last}: two items and the end give the second; an empty Flux fails it. */
    @Nested
    class Last extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.last(source, ReactorBridge.last(source.flux));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return FutureSubject.of(ReactorBridge.<AutoCloseable>last(discardingOnCancel(sink)))
                    .completesWith(value, () -> {
                        sink.tryEmitNext(() -> { });
                        sink.tryEmitNext(value);
                        sink.tryEmitComplete();
                    });
        }
    }

    /** {@code lastOrNull}: an empty Flux gives {@code null}. */
    @Nested
    class LastOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, ReactorBridge.lastOrNull(source.flux), null);
        }
    }

    /** {@code single}: one item and the end give it; a second item fails it. */
    @Nested
    class Single extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.single(source, ReactorBridge.single(source.flux));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            Sinks.Many<AutoCloseable> sink = Sinks.many().unicast().onBackpressureBuffer();
            return FutureSubject.of(ReactorBridge.<AutoCloseable>single(discardingOnCancel(sink)))
                    .completesWith(value, () -> {
                        sink.tryEmitNext(value);
                        sink.tryEmitComplete();
                    });
        }
    }

    /** {@code singleOrNull}: an empty Flux gives {@code null}. */
    @Nested
    class SingleOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            return OneItemSubjects.orDefault(source, ReactorBridge.singleOrNull(source.flux), null);
        }
    }

    /** {@code toFuture(mono, context)}: the Mono sees the given Reactor context. */
    @Nested
    class ToFutureWithContext extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            Mono<String> mono = Mono.deferContextual(context -> source.mono.map(value -> value + "@" + context.get(USER)));
            return FutureSubject.of(ReactorBridge.<String>toFuture(mono, Context.of(USER, "ada")))
                    .completesWith("value@ada", () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }
    }

    /** {@code toStream(publisher, context)}: the Flux sees the given Reactor context. */
    @Nested
    class ToStreamWithContext extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            CountedFlux source = new CountedFlux();
            Flux<String> flux = Flux.deferContextual(context -> source.flux.map(item -> item + "@" + context.get(USER)));
            return StreamSubject.of(ReactorBridge.<String>toStream(flux, Context.of(USER, "ada")))
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
     * {@code toMono(shared)}, read back with {@code toFuture}: the subscription polls a clone, so the
     * work starts only then; a cancel closes that clone only (the shared future stays open), so
     * closing cancels nothing.
     */
    @Nested
    class ToMonoFromSharedRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromShared(shared -> ReactorBridge.toFuture(ReactorBridge.toMono(shared, runtime)));
        }
    }

    /** {@code toMono(factory)}, read back with {@code toFuture}. */
    @Nested
    class ToMonoRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromFactory(factory -> ReactorBridge.toFuture(ReactorBridge.toMono(factory, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromFactoryReadyWith(value, factory -> ReactorBridge.toFuture(ReactorBridge.toMono(factory, runtime)));
        }
    }

    /**
     * {@code toMono(handle)}, read back with {@code toFuture}: the task runs from its spawn, and a
     * cancel detaches from it (rule 13), so closing cancels nothing.
     */
    @Nested
    class ToMonoFromHandleRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromHandle(runtime, handle -> ReactorBridge.toFuture(ReactorBridge.toMono(handle, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromHandleReadyWith(runtime, value, handle -> ReactorBridge.toFuture(ReactorBridge.toMono(handle, runtime)));
        }
    }

    /** {@code toFlux(factory)}, read back with {@code toStream}. */
    @Nested
    class ToFluxRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.streamFromFactory(factory -> ReactorBridge.toStream(ReactorBridge.toFlux(factory, runtime)));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return RoundTripSubjects.streamFromFactoryEmitting(items, factory -> ReactorBridge.toStream(ReactorBridge.toFlux(factory, runtime)));
        }
    }

    /** {@code mono(body)}, read back with {@code toFuture}: the body awaits a promise. */
    @Nested
    class MonoBodyRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.awaitingAPromise(body -> ReactorBridge.toFuture(ReactorBridge.mono(body, runtime)));
        }
    }

    /** {@code flux(body)}, read back with {@code toStream}: the body passes a source stream on. */
    @Nested
    class FluxBodyRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.passingAStreamOn(body -> ReactorBridge.toStream(ReactorBridge.flux(body, runtime)));
        }
    }

    /**
     * The sink's Flux, with Reactor's discard hook closing what the sink still holds when the
     * subscription is cancelled: as a source that owns its items drops them.
     */
    static Flux<AutoCloseable> discardingOnCancel(Sinks.Many<AutoCloseable> sink) {
        return sink.asFlux().doOnDiscard(AutoCloseable.class, item -> {
            try {
                item.close();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }
}
