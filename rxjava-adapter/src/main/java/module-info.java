/**
 * The RxJava 3 adapter: {@code Single}, {@code Maybe}, {@code Completable}, {@code Flowable} and
 * {@code Observable} to Pollbridge futures and streams and back, and an RxJava {@code Scheduler}
 * that runs on a Pollbridge runtime. The public entry points are one class per RxJava type
 * ({@link dev.pollbridge.rxjava3.SingleBridge}, {@link dev.pollbridge.rxjava3.MaybeBridge},
 * {@link dev.pollbridge.rxjava3.CompletableBridge}, {@link dev.pollbridge.rxjava3.FlowableBridge},
 * {@link dev.pollbridge.rxjava3.ObservableBridge}) and {@link dev.pollbridge.rxjava3.RxJavaBridge}
 * for the runtime as an RxJava {@code Scheduler}.
 *
 * <p>RxJava is required transitively because its types appear in the public API.
 */
module dev.pollbridge.rxjava3 {
    requires transitive dev.pollbridge.runtime;
    requires transitive io.reactivex.rxjava3;

    exports dev.pollbridge.rxjava3;

    // The generic Reactive Streams bridge subscribes to a Flowable as this adapter does.
    provides dev.pollbridge.runtime.bridge.engine.LibrarySources with dev.pollbridge.rxjava3.internal.FlowableSources;
}
