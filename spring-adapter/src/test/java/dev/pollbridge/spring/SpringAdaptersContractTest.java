package dev.pollbridge.spring;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The adapters {@link PollbridgeReactiveAdapters} registers keep the contract in both directions:
 * from a {@code Publisher} to a {@code PollFuture}, {@code PollStream} or {@code JoinHandle}
 * directly, and to a {@code Publisher} through a round trip back to a future or stream.
 */
class SpringAdaptersContractTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("spring-contract-").build();
    private final ReactiveAdapterRegistry registry = new ReactiveAdapterRegistry();

    {
        PollbridgeReactiveAdapters.registerAdapters(registry, runtime);
    }

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private ReactiveAdapter adapter(Class<?> type) {
        return registry.getAdapter(type);
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

    @Nested
    class FutureFromPublisher extends PollFutureContract<String> {
        @Override
        @SuppressWarnings("unchecked")
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of((PollFuture<String>) adapter(PollFuture.class).fromPublisher(source.mono))
                    .completesWith("value", () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .upstream(source.upstream());
        }
    }

    @Nested
    class FutureToPublisherRoundTrip extends PollFutureContract<String> {
        @Override
        @SuppressWarnings("unchecked")
        protected FutureSubject<String> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            AtomicBoolean taken = new AtomicBoolean(); // the adapter hands the future over on subscribe
            Mono<String> mono = Mono.<String>from(adapter(PollFuture.class).toPublisher(source))
                    .doOnSubscribe(subscription -> taken.set(true));
            return FutureSubject.of(MonoBridge.toPollFuture(mono))
                    .completesWith("value", () -> source.complete("value"))
                    .failsWith(source::fail)
                    .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
        }
    }

    @Nested
    class StreamFromPublisher extends PollStreamContract<String> {
        @Override
        @SuppressWarnings("unchecked")
        protected StreamSubject<String> subject() {
            Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
            AtomicInteger subscriptions = new AtomicInteger();
            AtomicInteger cancels = new AtomicInteger();
            Flux<String> flux = sink.asFlux().doOnSubscribe(s -> subscriptions.incrementAndGet())
                    .doOnCancel(cancels::incrementAndGet);
            return StreamSubject.of((PollStream<String>) adapter(PollStream.class).fromPublisher(flux))
                    .emits(i -> sink.tryEmitNext("item" + i), i -> "item" + i)
                    .completes(() -> sink.tryEmitComplete())
                    .failsWith(error -> sink.tryEmitError(error))
                    .upstream(Upstream.counting("flux", subscriptions::get, cancels::get));
        }
    }

    @Nested
    class StreamToPublisherRoundTrip extends PollStreamContract<String> {
        @Override
        @SuppressWarnings("unchecked")
        protected StreamSubject<String> subject() {
            ProbeStream<String> source = new ProbeStream<>();
            AtomicBoolean taken = new AtomicBoolean(); // the adapter hands the stream over on subscribe
            Flux<String> flux = Flux.<String>from(adapter(PollStream.class).toPublisher(source))
                    .doOnSubscribe(subscription -> taken.set(true));
            return StreamSubject.of(FluxBridge.toPollStream(flux))
                    .emits(i -> source.emit("item" + i), i -> "item" + i)
                    .completes(source::complete)
                    .failsWith(source::fail)
                    .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
        }
    }

    /** From a publisher: a task spawned at once subscribes; the handle detaches on close. */
    @Nested
    class JoinHandleFromPublisher extends PollFutureContract<String> {
        @Override
        @SuppressWarnings("unchecked")
        protected FutureSubject<String> subject() {
            CountedMono source = new CountedMono();
            return FutureSubject.of((PollFuture<String>) adapter(JoinHandle.class).fromPublisher(source.mono))
                    .completesWith("value", () -> source.sink.tryEmitValue("value"))
                    .failsWith(error -> source.sink.tryEmitError(error))
                    .startsEagerly()
                    .closeDetaches();
        }
    }

    /** To a publisher and back: the task runs from its spawn, and a cancel detaches (rule 13). */
    @Nested
    class JoinHandleToPublisherRoundTrip extends PollFutureContract<String> {
        @Override
        @SuppressWarnings("unchecked")
        protected FutureSubject<String> subject() {
            ProbeFuture<String> work = new ProbeFuture<>();
            JoinHandle<String> handle = runtime.spawn(work);
            Mono<String> mono = Mono.from(adapter(JoinHandle.class).toPublisher(handle));
            return FutureSubject.of(MonoBridge.toPollFuture(mono))
                    .completesWith("value", () -> work.complete("value"))
                    .failsWith(work::fail)
                    .startsEagerly()
                    .closeDetaches();
        }
    }
}
