/**
 * The engine behind {@code ReactiveStreamsBridge} and {@code FlowBridge}, written once.
 *
 * <h2>Three interfaces, two faces</h2>
 * The engine speaks {@link dev.pollbridge.runtime.bridge.engine.Source} (a publisher),
 * {@link dev.pollbridge.runtime.bridge.engine.Downstream} (a subscriber) and
 * {@link dev.pollbridge.runtime.bridge.engine.Upstream} (a subscription).
 * {@link dev.pollbridge.runtime.bridge.engine.RsAdapter} and
 * {@link dev.pollbridge.runtime.bridge.engine.FlowAdapter} translate {@code org.reactivestreams}
 * and {@code java.util.concurrent.Flow} to and from them, one call for one call; they add only
 * the null checks of rules 1.9 and 2.13. A publisher of a library whose adapter is present (Reactor,
 * RxJava: {@link dev.pollbridge.runtime.bridge.engine.LibrarySources}, a service) is subscribed
 * the adapter's way: with a subscriber the library trusts, and with queue fusion.
 *
 * <h2>The batch path</h2>
 * The engine's own streams hand over what they already have without a {@code Poll} per item
 * ({@link dev.pollbridge.runtime.bridge.engine.BatchStream}), and its consumers drain them
 * while demand and budget last, polling only when they run dry. A fused source
 * ({@link dev.pollbridge.runtime.bridge.engine.FusedUpstream}) hands its items over from its
 * own queue, with no {@code onNext} per item.
 *
 * <h2>Push to pull: {@code StreamFromPublisher}</h2>
 * <ol>
 *   <li>P1. The subscriber requests {@code prefetch} in {@code onSubscribe} and
 *       {@code prefetch - prefetch / 4} each time the poller consumed that many; the demand
 *       counter grows before the request is issued.
 *   <li>P2. {@code received <= requested} on every {@code onNext}; a violation fails the stream
 *       (after the queued items) and cancels.
 *   <li>P3. Items go through a bounded SPSC ring; the terminal signal is published after the last
 *       item, so a poller that sees the terminal and an empty ring has seen every item.
 *   <li>P4. Calls on the subscription go through {@code SerialUpstream}: serial (rule 2.7),
 *       cancel at most once, nothing after the publisher terminated.
 *   <li>P5. Wake-ups go through {@code WakerSlot}: register-then-recheck against
 *       publish-then-take, both atomic swaps, so no wake is lost (rule 6).
 *   <li>P6. {@code onNext}, {@code onError} and {@code onComplete} pass a compare-and-set gate,
 *       so two signals that overlap (rule 1.3 broken) fail the stream instead of corrupting
 *       the single-producer ring.
 *   <li>P7. Nothing the publisher does escapes as an exception from {@code pollNext} or
 *       {@code close}: a {@code request} that throws fails the stream, a {@code cancel} that
 *       throws is reported, and {@code close} always forgets the waker and drops (closing the
 *       {@code AutoCloseable} ones) the queued items.
 * </ol>
 *
 * <h2>Pull to push: {@code PublisherFromStream} and {@code StreamSubscription}</h2>
 * <ol>
 *   <li>Q1. {@code onSubscribe} runs on the subscribing thread before the task is spawned; every
 *       other signal comes from the task, so signals are serial (rule 1.3).
 *   <li>Q2. The task keeps the stream polled at most one item ahead of demand: with no demand
 *       it polls once and holds the item it gets until a request, so the end goes out without
 *       demand; {@code request} only adds demand and wakes, so it never recurses into
 *       {@code onNext} (rule 3.3).
 *   <li>Q3. The stream is closed exactly once, by whoever ends the task first: the task itself,
 *       the runtime's close after {@code abort()}, or the subscribing thread when no task exists.
 *   <li>Q4. Cancel forgets the subscriber at once (rule 3.13); the task signals nothing after it,
 *       drops the held item, and reports a stream failure it meets after the cancel unless it is
 *       the cancellation itself ({@code FailureSink.reportAfterCancel}).
 *   <li>Q5. A subscriber that throws (rule 2.13) is cancelled; the exception goes to the
 *       spawner's sink.
 *   <li>Q6. A stream that breaks its contract never costs the subscriber its terminal signal: a
 *       {@code pollNext} that throws or returns {@code null} becomes {@code onError}, and a
 *       {@code close} that throws is reported, after the signal the stream ended with.
 * </ol>
 *
 * <h2>Where failures go</h2>
 * A failure that no signal can carry any more (a {@code cancel} or {@code close} that threw,
 * a subscriber that threw, a signal after the terminal one, an error after cancellation) goes
 * to a {@code FailureSink}: by default {@code UncaughtFailures}, the uncaught-failure handler of
 * the runtime the bridge belongs to (the one whose task polled the stream first, or the
 * publisher's spawner), else {@link System.Logger}; an adapter may name its own (Reactor's
 * {@code Hooks.onErrorDropped}, RxJava's {@code RxJavaPlugins.onError}).
 * {@code docs/reliability.md} lists every fault with its outcome.
 */
package dev.pollbridge.runtime.bridge.engine;
