package dev.pollbridge.spring;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.Objects;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.ReactiveTypeDescriptor;
import reactor.core.publisher.Mono;

/**
 * Registers Pollbridge's {@link PollFuture}, {@link PollStream} and {@link JoinHandle} in a Spring
 * {@link ReactiveAdapterRegistry}, so that Spring code that accepts "any reactive type" (WebFlux
 * and MVC controller return values, {@code BodyInserters}, HTTP interface clients, ...) accepts
 * them too. In a Spring Boot application {@link PollbridgeAutoConfiguration} does this for you.
 *
 * <table>
 *   <caption>What is registered</caption>
 *   <tr><th>type</th><th>descriptor</th><th>to a {@code Publisher}</th><th>from a {@code Publisher}</th></tr>
 *   <tr><td>{@code JoinHandle}</td><td>single value, not deferred (the task already runs); empty:
 *       a task finished with {@code null}</td>
 *       <td>{@link MonoBridge#toMono(JoinHandle, PollRuntime)}</td>
 *       <td>a task spawned at once that subscribes and yields the first value</td></tr>
 *   <tr><td>{@code PollFuture}</td><td>single optional value, deferred; empty: a future ready with
 *       {@code null}</td>
 *       <td>{@link MonoBridge#toMono(java.util.function.Supplier, PollRuntime)} of this instance</td>
 *       <td>{@link MonoBridge#toPollFuture}: subscribes on the first poll, yields the first value</td></tr>
 *   <tr><td>{@code PollStream}</td><td>multi value, deferred; empty: {@link Streams#empty()}</td>
 *       <td>{@link FluxBridge#toFlux(java.util.function.Supplier, PollRuntime)} of this instance</td>
 *       <td>{@link FluxBridge#toPollStream(org.reactivestreams.Publisher)}</td></tr>
 * </table>
 *
 * <h2>One subscription per instance</h2>
 * A future or stream has one owner, which polls it and closes it (rule 11). The publisher
 * adapted from one instance therefore hands the instance to its <em>first</em> subscriber only;
 * every later subscription fails with {@link IllegalStateException} (it gets {@code onSubscribe}
 * then {@code onError}). This is where Pollbridge differs from Spring's own
 * {@code CompletableFuture} adapter, whose subscribers all see the one cached result: a
 * {@code PollFuture} has no result until someone polls it, and it is polled once. A
 * {@code JoinHandle} likewise delivers its task's result to one subscriber. Code that needs a
 * fresh future per subscription should hand Spring a {@code Mono} from
 * {@link MonoBridge#toMono(java.util.function.Supplier, PollRuntime)} instead. A publisher that is
 * never subscribed never polls nor closes its instance: whoever dropped it dropped the future
 * unclosed, as with any owner that forgets to close.
 *
 * <h2>Cancellation</h2>
 * {@code Subscription.cancel()} (in WebFlux: the client went away) aborts the task that polls the
 * future or stream; the runtime then closes the future or stream exactly once at the task's next
 * suspension point, and nothing is signalled after. For a {@code JoinHandle} the relay task
 * closes the handle, which <em>detaches</em> (rule 13): the task behind the handle runs on and
 * only its result is dropped; abort it through the handle if it should stop.
 *
 * <h2>Threads</h2>
 * Each subscription spawns a task on the runtime given at registration (by default
 * {@link PollRuntime#shared()}); a worker of that runtime polls the future or stream and signals the
 * subscriber on that worker (WebFlux encodes each value there; MVC hands it to a container thread
 * or its task executor). The subscribing thread (a Netty event loop in WebFlux, the request
 * thread in MVC) only spawns the task and never waits.
 *
 * <h2>Registration</h2>
 * Register while configuring, before the registry serves lookups: {@code ReactiveAdapterRegistry}
 * is a plain list, not safe for registration concurrent with {@code getAdapter}. Registering
 * twice in one registry adds nothing the second time (the first runtime stays).
 */
public final class PollbridgeReactiveAdapters {

    private PollbridgeReactiveAdapters() {}

    /**
     * {@link #registerAdapters(ReactiveAdapterRegistry, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param registry the registry to add the adapters to
     * @return true if they were registered; false if {@code registry} already had them
     * @throws NullPointerException if {@code registry} is null
     */
    public static boolean registerAdapters(ReactiveAdapterRegistry registry) {
        return registerAdapters(registry, PollRuntime.shared());
    }

    /**
     * Registers the adapters for {@link JoinHandle}, {@link PollFuture} and {@link PollStream} in
     * {@code registry}, with tasks running on {@code runtime}. Any thread, but see the class notes
     * on when to register.
     *
     * @param registry the registry to add the adapters to
     * @param runtime the runtime whose tasks poll the converted futures and streams
     * @return true if they were registered; false if {@code registry} already had an adapter for
     *     {@code PollFuture} (from an earlier call), in which case nothing changes
     * @throws NullPointerException if an argument is null
     */
    public static boolean registerAdapters(ReactiveAdapterRegistry registry, PollRuntime runtime) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(runtime, "runtime");
        // Makes check-then-register atomic between concurrent calls of ours (Spring itself takes no
        // lock on the registry, so this cannot deadlock with it; nothing foreign runs inside).
        synchronized (registry) {
            if (isRegistered(registry)) {
                return false;
            }
            // JoinHandle before PollFuture: a lookup by an implementation class falls back to the
            // first registered type it is assignable to, and every JoinHandle is a PollFuture.
            registry.registerReactiveType(
                    ReactiveTypeDescriptor.nonDeferredAsyncValue(JoinHandle.class, () -> runtime.spawn(Futures.ready(null))),
                    handle -> MonoBridge.toMono((JoinHandle<?>) handle, runtime),
                    publisher -> runtime.spawn(MonoBridge.toPollFuture(Mono.from(publisher))));
            registry.registerReactiveType(
                    ReactiveTypeDescriptor.singleOptionalValue(PollFuture.class, () -> Futures.ready(null)),
                    future -> MonoBridge.toMono(SingleUse.of((PollFuture<?>) future, "PollFuture"), runtime),
                    publisher -> MonoBridge.toPollFuture(Mono.from(publisher)));
            registry.registerReactiveType(
                    ReactiveTypeDescriptor.multiValue(PollStream.class, Streams::empty),
                    stream -> FluxBridge.toFlux(SingleUse.of((PollStream<?>) stream, "PollStream"), runtime),
                    FluxBridge::toPollStream);
            return true;
        }
    }

    private static boolean isRegistered(ReactiveAdapterRegistry registry) {
        ReactiveAdapter adapter = registry.getAdapter(PollFuture.class);
        return adapter != null && adapter.getReactiveType() == PollFuture.class;
    }
}
