/**
 * The RxJava 3 adapter: {@code Single}, {@code Maybe}, {@code Completable}, {@code Flowable} and
 * {@code Observable} to Pollbridge futures and streams and back, and an RxJava {@code Scheduler}
 * that runs on a Pollbridge runtime. The public entry point is
 * {@link dev.pollbridge.rxjava3.RxJavaBridge}.
 *
 * <p>RxJava is required transitively because its types appear in the public API.
 */
module dev.pollbridge.rxjava3 {
    requires transitive dev.pollbridge.runtime;
    requires transitive io.reactivex.rxjava3;

    exports dev.pollbridge.rxjava3;

    // The generic Reactive Streams bridge subscribes to a Flowable as this adapter does.
    provides dev.pollbridge.runtime.internal.bridge.LibrarySources with dev.pollbridge.rxjava3.internal.FlowableSources;
}
