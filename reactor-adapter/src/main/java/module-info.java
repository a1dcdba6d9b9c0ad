/**
 * The Reactor adapter: {@code Mono}/{@code Flux} to Pollbridge futures and streams and back,
 * Reactor {@code Context} carried across the bridge in both directions, and a Reactor
 * {@code Scheduler} that runs on a Pollbridge runtime. The public entry points are
 * {@link dev.pollbridge.reactor.MonoBridge}, {@link dev.pollbridge.reactor.FluxBridge} and
 * {@link dev.pollbridge.reactor.ReactorBridge}.
 *
 * <p>reactor-core is an automatic module (named {@code reactor.core} by its manifest); it is
 * required transitively because {@code Mono}, {@code Flux}, {@code Scheduler} and
 * {@code ContextView} appear in the public API.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.pollbridge.reactor {
    requires transitive dev.pollbridge.runtime;
    requires transitive reactor.core;

    exports dev.pollbridge.reactor;

    // The generic Reactive Streams bridge subscribes to a Reactor publisher as this adapter does.
    provides dev.pollbridge.runtime.bridge.engine.LibrarySources with dev.pollbridge.reactor.internal.FluxSources;
}
