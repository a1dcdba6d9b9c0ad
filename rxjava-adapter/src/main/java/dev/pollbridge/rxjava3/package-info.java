/**
 * The RxJava 3 adapter. The public surface is one class per RxJava type, each holding both
 * directions of its type ({@link dev.pollbridge.rxjava3.SingleBridge},
 * {@link dev.pollbridge.rxjava3.MaybeBridge}, {@link dev.pollbridge.rxjava3.CompletableBridge},
 * {@link dev.pollbridge.rxjava3.FlowableBridge}, {@link dev.pollbridge.rxjava3.ObservableBridge}),
 * {@link dev.pollbridge.rxjava3.RxJavaBridge} for RxJava as a whole (the {@code Scheduler}, the
 * non-blocking workers) and {@link dev.pollbridge.rxjava3.ObservableOverflow}; every other class
 * is package-private, one per direction, each with a "Cancellation" section:
 *
 * <table>
 *   <caption>Classes by direction</caption>
 *   <tr><th>direction</th><th>class</th><th>engine</th></tr>
 *   <tr><td>{@code Single}/{@code Maybe}/{@code Completable} &rarr; {@code PollFuture}</td>
 *       <td>{@code FutureFromSingle}, {@code FutureFromMaybe}, {@code FutureFromCompletable}</td>
 *       <td>{@code ObserverFuture}: an atomic {@code Disposable} slot, an atomic outcome slot, a volatile waker</td></tr>
 *   <tr><td>{@code Flowable} &rarr; {@code PollStream}</td><td>{@code StreamFromFlowable}</td>
 *       <td>{@code ReactiveStreamsBridge.toPollStream} behind a guard on the RxJava subscription</td></tr>
 *   <tr><td>{@code Observable} &rarr; {@code PollStream}</td><td>{@code StreamFromObservable}</td>
 *       <td>a lock-free bounded {@code OverflowRing} and an {@code ObservableOverflow} strategy</td></tr>
 *   <tr><td>{@code PollFuture} &rarr; {@code Single}/{@code Maybe}/{@code Completable}</td>
 *       <td>{@code SingleFromFuture}, {@code MaybeFromFuture}, {@code CompletableFromFuture}</td>
 *       <td>one {@code FutureDriver} task per subscription, which is also the observer's {@code Disposable}</td></tr>
 *   <tr><td>{@code PollStream} &rarr; {@code Flowable}</td><td>{@code FlowableFromStream}</td>
 *       <td>the engine of {@code ReactiveStreamsBridge.toPublisher}, reporting to {@code RxJavaPlugins.onError}</td></tr>
 *   <tr><td>{@code PollStream} &rarr; {@code Observable}</td><td>{@code ObservableFromStream}</td>
 *       <td>one {@code StreamDriver} task per subscription</td></tr>
 *   <tr><td>runtime &rarr; {@code Scheduler}</td><td>{@code RuntimeScheduler}, {@code RuntimeWorker}</td>
 *       <td>the runtime's {@code SchedulerCore} (one task per schedule call) and {@code SerialWorker}
 *       (a serial drain task per worker), shared with the Reactor adapter</td></tr>
 * </table>
 *
 * <h2>Shared rules</h2>
 * <ol>
 *   <li><b>RxJava side disposes, runtime side closes.</b> A dispose or cancel never closes a
 *       future or stream itself: it aborts the task that owns it (the runtime's {@code TaskLink},
 *       shared with the Reactor adapter), and the runtime closes it exactly once on one of its
 *       threads. In the other direction a {@code close()} disposes the RxJava source exactly
 *       once, through an atomic slot.
 *   <li><b>One terminal signal.</b> A task signals its outcome only if it wins
 *       {@code TaskLink.finish()} against the dispose; the loser's error goes to
 *       {@code RxJavaPlugins.onError} ({@code Undeliverable}), its value is released.
 *   <li><b>Contained.</b> Every call into an observer, subscriber, future, stream, waker or
 *       {@code Disposable} from a runtime thread is caught; what escapes goes to
 *       {@code RxJavaPlugins.onError}, never into a worker.
 *   <li><b>No user code under a lock.</b> None of these classes takes a lock; the state machines
 *       are compare-and-set on volatile fields, and every field says who writes it.
 * </ol>
 */
package dev.pollbridge.rxjava3;
