/**
 * The Reactor adapter. The public surface is one class per peer type,
 * {@link dev.pollbridge.reactor.MonoBridge} and {@link dev.pollbridge.reactor.FluxBridge}, plus
 * {@link dev.pollbridge.reactor.ReactorBridge} for what concerns Reactor as a whole (context,
 * scheduler, non-blocking workers); every other class is package-private, one per direction, each with a "Cancellation" section:
 *
 * <table>
 *   <caption>Classes by direction</caption>
 *   <tr><th>direction</th><th>class</th><th>engine</th></tr>
 *   <tr><td>{@code Mono} &rarr; {@code PollFuture}</td><td>{@code FutureFromMono}</td>
 *       <td>its own {@code CoreSubscriber}: one atomic subscription slot, volatile outcome and waker</td></tr>
 *   <tr><td>{@code Publisher} &rarr; {@code PollStream}</td><td>{@code StreamFromFlux}</td>
 *       <td>{@code ReactiveStreamsBridge.toPollStream} plus the Reactor context</td></tr>
 *   <tr><td>{@code PollFuture} &rarr; {@code Mono}</td><td>{@code MonoFromFuture}</td>
 *       <td>{@code FutureSubscription} (Reactor's {@code MonoSubscriber}) and one
 *       {@code SubscriberTask} per subscription, linked by a {@code TaskLink}</td></tr>
 *   <tr><td>{@code PollStream} &rarr; {@code Flux}</td><td>{@code FluxFromStream}</td>
 *       <td>{@code ReactiveStreamsBridge.toPublisher} plus the Reactor context</td></tr>
 *   <tr><td>runtime &rarr; {@code Scheduler}</td><td>{@code RuntimeScheduler}, {@code RuntimeWorker}</td>
 *       <td>the runtime's {@code SchedulerCore} (one task per schedule call) and {@code SerialWorker}
 *       (a serial drain task per worker), shared with the RxJava adapter</td></tr>
 * </table>
 *
 * <h2>Shared rules</h2>
 * <ol>
 *   <li><b>Reactor side cancels, runtime side closes.</b> A Reactor cancel or dispose never closes
 *       a future or stream itself: it aborts the task that owns it ({@code TaskLink}),
 *       and the runtime closes it exactly once on one of its threads. In the other direction, a
 *       {@code close()} cancels the Reactor subscription exactly once, through an atomic
 *       subscription slot.
 *   <li><b>Context travels in a task-local.</b> {@code ReactorContextLocal}
 *       binds the subscriber's {@code ContextView} to the task; the Reactor-to-runtime classes
 *       read it when they subscribe (on the first poll).
 *   <li><b>No user code under a lock.</b> None of these classes takes a lock; the state
 *       machines are compare-and-set on volatile fields, and every field says who writes it.
 * </ol>
 */
package dev.pollbridge.reactor;
