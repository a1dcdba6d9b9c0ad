/**
 * The Pollbridge runtime: the work-stealing executor, time, sync primitives, structured
 * concurrency, {@code Async} await, and the Reactive Streams and JDK {@code Flow} bridges.
 * Only the public packages are exported; the engine lives in {@code ...runtime.internal.*}.
 *
 * <p>The facade: {@code dev.pollbridge.runtime} ({@code PollRuntime}, its builder, {@code Time},
 * {@code Retry}, {@code VirtualClock}), {@code .async}, {@code .task}, {@code .sync} and
 * {@code .bridge}. Below the engine, the values it fills or reads: {@code .metrics} (metrics and
 * the task dump) and {@code .time} ({@code Clock}, {@code Sleep}, {@code Interval},
 * {@code MissedTickBehavior}). The facade depends on the engine, never the reverse
 * (docs/architecture.md, "Layering").
 */
module dev.pollbridge.runtime {
    requires transitive dev.pollbridge.api;
    requires transitive org.reactivestreams;
    requires static jdk.jfr;

    exports dev.pollbridge.runtime;
    exports dev.pollbridge.runtime.async;
    exports dev.pollbridge.runtime.task;
    exports dev.pollbridge.runtime.time;
    exports dev.pollbridge.runtime.sync;
    exports dev.pollbridge.runtime.bridge;
    exports dev.pollbridge.runtime.metrics;
    // The deterministic runtime of the test kit drives the current-thread scheduler directly.
    exports dev.pollbridge.runtime.internal.scheduler to dev.pollbridge.test.runtime;
    // What the library adapters share (the task link, the Scheduler engine, the waker slot).
    exports dev.pollbridge.runtime.bridge.adapters to dev.pollbridge.reactor, dev.pollbridge.rxjava3;
    // The adapters run on the bridge engine (one-item awaits, publishers with their own failure
    // sink, the uncaught-failure entry point): internal, so not exported to anybody else.
    exports dev.pollbridge.runtime.bridge.engine to
            dev.pollbridge.reactor, dev.pollbridge.rxjava3, dev.pollbridge.completablefuture;
    // The task-local bindings, for context-propagation's TaskLocal accessor, and the ThreadCarrier
    // service through which it carries its registry's thread-locals into Async bodies.
    exports dev.pollbridge.runtime.internal.async to dev.pollbridge.context;
    uses dev.pollbridge.runtime.internal.async.ThreadCarrier;
    // A library adapter subscribes the generic Reactive Streams bridge to its own publishers.
    uses dev.pollbridge.runtime.bridge.engine.LibrarySources;
}
