package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.OneItemSubjects;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import dev.pollbridge.test.runtime.RoundTripSubjects;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.processors.UnicastProcessor;
import io.reactivex.rxjava3.subjects.CompletableSubject;
import io.reactivex.rxjava3.subjects.MaybeSubject;
import io.reactivex.rxjava3.subjects.SingleSubject;
import io.reactivex.rxjava3.subjects.UnicastSubject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * Every direction of the RxJava bridges ({@link SingleBridge}, {@link MaybeBridge},
 * {@link CompletableBridge}, {@link FlowableBridge}, {@link ObservableBridge}) keeps the contract.
 * RxJava to pull: an RxJava subject or
 * processor is the source, counted with {@code doOnSubscribe} and {@code doOnDispose} /
 * {@code doOnCancel}. Pull to RxJava: checked through a round trip back to a future or stream,
 * whose upstream is what the spawned task polls (reached on a runtime thread, so asynchronously).
 */
class RxJavaBridgeContractTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("rx-contract-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** Subscription and dispose counts of one source. */
    static final class Counts {
        final AtomicInteger subscriptions = new AtomicInteger();
        final AtomicInteger disposals = new AtomicInteger();

        Upstream upstream(String name) {
            return Upstream.counting(name, subscriptions::get, disposals::get);
        }
    }

    @Nested
    class FromSingle extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            SingleSubject<String> source = SingleSubject.create();
            Counts counts = new Counts();
            Single<String> single = source.doOnSubscribe(d -> counts.subscriptions.incrementAndGet())
                    .doOnDispose(counts.disposals::incrementAndGet);
            return FutureSubject.of(SingleBridge.<String>toPollFuture(single))
                    .completesWith("value", () -> source.onSuccess("value"))
                    .failsWith(source::onError)
                    .upstream(counts.upstream("single"));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            SingleSubject<AutoCloseable> source = SingleSubject.create();
            return FutureSubject.of(SingleBridge.<AutoCloseable>toPollFuture(source)).completesWith(value, () -> source.onSuccess(value));
        }
    }

    @Nested
    class FromMaybe extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            MaybeSubject<String> source = MaybeSubject.create();
            Counts counts = new Counts();
            return FutureSubject.of(MaybeBridge.<String>toPollFuture(counted(source, counts)))
                    .completesWith("value", () -> source.onSuccess("value"))
                    .failsWith(source::onError)
                    .upstream(counts.upstream("maybe"));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            MaybeSubject<AutoCloseable> source = MaybeSubject.create();
            return FutureSubject.of(MaybeBridge.<AutoCloseable>toPollFuture(source)).completesWith(value, () -> source.onSuccess(value));
        }
    }

    /** An empty Maybe completes the future with {@code null}. */
    @Nested
    class FromEmptyMaybe extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            MaybeSubject<String> source = MaybeSubject.create();
            Counts counts = new Counts();
            return FutureSubject.of(MaybeBridge.<String>toPollFuture(counted(source, counts)))
                    .completesWith(null, source::onComplete)
                    .upstream(counts.upstream("maybe"));
        }
    }

    @Nested
    class FromMaybeAsOptional extends PollFutureContract<Optional<String>> {
        @Override
        protected FutureSubject<Optional<String>> subject() {
            MaybeSubject<String> source = MaybeSubject.create();
            Counts counts = new Counts();
            return FutureSubject.of(MaybeBridge.<String>toOptionalPollFuture(counted(source, counts)))
                    .completesWith(Optional.of("value"), () -> source.onSuccess("value"))
                    .failsWith(source::onError)
                    .upstream(counts.upstream("maybe"));
        }
    }

    @Nested
    class FromCompletable extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            CompletableSubject source = CompletableSubject.create();
            Counts counts = new Counts();
            Completable completable = source.doOnSubscribe(d -> counts.subscriptions.incrementAndGet())
                    .doOnDispose(counts.disposals::incrementAndGet);
            return FutureSubject.of(CompletableBridge.toPollFuture(completable))
                    .completesWith(null, source::onComplete)
                    .failsWith(source::onError)
                    .upstream(counts.upstream("completable"));
        }
    }

    @Nested
    class FromFlowable extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return fromFlowable(0);
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            UnicastProcessor<AutoCloseable> source = UnicastProcessor.create();
            return StreamSubject.of(FlowableBridge.<AutoCloseable>toPollStream(source)).emits(i -> source.onNext(items.get(i)), items::get);
        }
    }

    @Nested
    class FromFlowablePrefetchOne extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return fromFlowable(1);
        }
    }

    private static StreamSubject<String> fromFlowable(int prefetch) {
        UnicastProcessor<String> source = UnicastProcessor.create();
        Counts counts = new Counts();
        Flowable<String> flowable = source.doOnSubscribe(s -> counts.subscriptions.incrementAndGet())
                .doOnCancel(counts.disposals::incrementAndGet);
        return StreamSubject.of(prefetch == 0 ? FlowableBridge.<String>toPollStream(flowable)
                        : FlowableBridge.<String>toPollStream(flowable, prefetch))
                .emits(i -> source.onNext("item" + i), i -> "item" + i)
                .completes(source::onComplete)
                .failsWith(source::onError)
                .upstream(counts.upstream("flowable"));
    }

    /**
     * The same source with queue fusion left on: a {@code UnicastProcessor}, fused asynchronously,
     * so the stream takes its items from the processor's queue ({@link FusionProbe} counts what a
     * {@code doOnSubscribe}/{@code doOnCancel} would, without turning fusion off).
     */
    @Nested
    class FromFlowableFused extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            UnicastProcessor<String> source = UnicastProcessor.create();
            FusionProbe<String> probe = new FusionProbe<>(source);
            return StreamSubject.of(FlowableBridge.<String>toPollStream(probe))
                    .emits(i -> source.onNext("item" + i), i -> "item" + i)
                    .completes(source::onComplete)
                    .failsWith(source::onError)
                    .upstream(Upstream.counting("fused flowable", probe.subscriptions::get, probe.cancels::get));
        }
    }

    @Nested
    class FromObservableFailingOnOverflow extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return fromObservable(ObservableOverflow.error(8));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return observableEmitting(items, ObservableOverflow.error(8));
        }
    }

    @Nested
    class FromObservableDroppingNewest extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return fromObservable(ObservableOverflow.dropNewest(8));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return observableEmitting(items, ObservableOverflow.dropNewest(8));
        }
    }

    @Nested
    class FromObservableDroppingOldest extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return fromObservable(ObservableOverflow.dropOldest(8));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return observableEmitting(items, ObservableOverflow.dropOldest(8));
        }
    }

    @Nested
    class FromObservableKeepingLatest extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return fromObservable(ObservableOverflow.latest());
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return observableEmitting(items, ObservableOverflow.latest());
        }
    }

    private static StreamSubject<String> fromObservable(ObservableOverflow overflow) {
        UnicastSubject<String> source = UnicastSubject.create();
        Counts counts = new Counts();
        Observable<String> observable = source.doOnSubscribe(d -> counts.subscriptions.incrementAndGet())
                .doOnDispose(counts.disposals::incrementAndGet);
        return StreamSubject.of(ObservableBridge.<String>toPollStream(observable, overflow))
                .emits(i -> source.onNext("item" + i), i -> "item" + i)
                .completes(source::onComplete)
                .failsWith(source::onError)
                .upstream(counts.upstream("observable"));
    }

    /** For the dropped-item checks: an Observable's stream, whose overflow buffer holds what nobody read. */
    private static StreamSubject<?> observableEmitting(List<? extends AutoCloseable> items, ObservableOverflow overflow) {
        UnicastSubject<AutoCloseable> source = UnicastSubject.create();
        return StreamSubject.of(ObservableBridge.<AutoCloseable>toPollStream(source, overflow))
                .emits(i -> source.onNext(items.get(i)), items::get);
    }

    /** For the dropped-value checks: a one-item await of a source that emits {@code value}, then ends. */
    private static FutureSubject<?> oneItemOf(PollFuture<AutoCloseable> await, AutoCloseable value,
            Consumer<AutoCloseable> next, Runnable complete) {
        return FutureSubject.of(await).completesWith(value, () -> {
            next.accept(value);
            complete.run();
        });
    }

    private static Maybe<String> counted(MaybeSubject<String> source, Counts counts) {
        return source.doOnSubscribe(d -> counts.subscriptions.incrementAndGet())
                .doOnDispose(counts.disposals::incrementAndGet);
    }

    // ---- awaiting one item of a Flowable or an Observable ------------------------------------

    /** {@code firstItem(Flowable)}: the first item; an empty source fails it. */
    @Nested
    class FlowableFirst extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.first(feed, FlowableBridge.<String>firstItem(feed.flowable()));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            UnicastProcessor<AutoCloseable> source = UnicastProcessor.create();
            return oneItemOf(FlowableBridge.<AutoCloseable>firstItem(source), value, source::onNext, source::onComplete);
        }
    }

    /** {@code firstItemOrNull(Flowable)}: an empty source gives {@code null}. */
    @Nested
    class FlowableFirstOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, FlowableBridge.<String>firstItemOrNull(feed.flowable()), null);
        }
    }

    /** {@code firstItemOrDefault(Flowable)}: an empty source gives the default. */
    @Nested
    class FlowableFirstOrDefault extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, FlowableBridge.<String>firstItemOrDefault(feed.flowable(), "default"), "default");
        }
    }

    /** {@code lastItem(Flowable)}: two items and the end give the second; an empty source fails it. */
    @Nested
    class FlowableLast extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.last(feed, FlowableBridge.<String>lastItem(feed.flowable()));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            UnicastProcessor<AutoCloseable> source = UnicastProcessor.create();
            return oneItemOf(FlowableBridge.<AutoCloseable>lastItem(source), value, source::onNext, source::onComplete);
        }
    }

    /** {@code lastItemOrNull(Flowable)}: an empty source gives {@code null}. */
    @Nested
    class FlowableLastOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, FlowableBridge.<String>lastItemOrNull(feed.flowable()), null);
        }
    }

    /** {@code singleItem(Flowable)}: one item and the end give it; a second item fails it. */
    @Nested
    class FlowableSingle extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.single(feed, FlowableBridge.<String>singleItem(feed.flowable()));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            UnicastProcessor<AutoCloseable> source = UnicastProcessor.create();
            return oneItemOf(FlowableBridge.<AutoCloseable>singleItem(source), value, source::onNext, source::onComplete);
        }
    }

    /** {@code singleItemOrNull(Flowable)}: an empty source gives {@code null}. */
    @Nested
    class FlowableSingleOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, FlowableBridge.<String>singleItemOrNull(feed.flowable()), null);
        }
    }

    /** {@code firstItem(Observable)}: the first item; an empty source fails it. */
    @Nested
    class ObservableFirst extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.first(feed, ObservableBridge.<String>firstItem(feed.observable()));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            UnicastSubject<AutoCloseable> source = UnicastSubject.create();
            return oneItemOf(ObservableBridge.<AutoCloseable>firstItem(source), value, source::onNext, source::onComplete);
        }
    }

    /** {@code firstItemOrNull(Observable)}: an empty source gives {@code null}. */
    @Nested
    class ObservableFirstOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, ObservableBridge.<String>firstItemOrNull(feed.observable()), null);
        }
    }

    /** {@code firstItemOrDefault(Observable)}: an empty source gives the default. */
    @Nested
    class ObservableFirstOrDefault extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, ObservableBridge.<String>firstItemOrDefault(feed.observable(), "default"), "default");
        }
    }

    /** {@code lastItem(Observable)}: two items and the end give the second; an empty source fails it. */
    @Nested
    class ObservableLast extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.last(feed, ObservableBridge.<String>lastItem(feed.observable()));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            UnicastSubject<AutoCloseable> source = UnicastSubject.create();
            return oneItemOf(ObservableBridge.<AutoCloseable>lastItem(source), value, source::onNext, source::onComplete);
        }
    }

    /** {@code lastItemOrNull(Observable)}: an empty source gives {@code null}. */
    @Nested
    class ObservableLastOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, ObservableBridge.<String>lastItemOrNull(feed.observable()), null);
        }
    }

    /** {@code singleItem(Observable)}: one item and the end give it; a second item fails it. */
    @Nested
    class ObservableSingle extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.single(feed, ObservableBridge.<String>singleItem(feed.observable()));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            UnicastSubject<AutoCloseable> source = UnicastSubject.create();
            return oneItemOf(ObservableBridge.<AutoCloseable>singleItem(source), value, source::onNext, source::onComplete);
        }
    }

    /** {@code singleItemOrNull(Observable)}: an empty source gives {@code null}. */
    @Nested
    class ObservableSingleOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            Feed feed = new Feed();
            return OneItemSubjects.orDefault(feed, ObservableBridge.<String>singleItemOrNull(feed.observable()), null);
        }
    }

    /**
     * A source of items the test feeds, as a {@link Flowable} (over a {@link UnicastProcessor}) or
     * an {@link Observable} (over a {@link UnicastSubject}), whichever is asked for first, counted.
     */
    static final class Feed implements OneItemSubjects.Feed {
        private final UnicastProcessor<String> processor = UnicastProcessor.create();
        private final UnicastSubject<String> subject = UnicastSubject.create();
        private final Counts counts = new Counts();
        private volatile boolean observable; // set by the first accessor, before any trigger runs

        Flowable<String> flowable() {
            return processor.doOnSubscribe(s -> counts.subscriptions.incrementAndGet())
                    .doOnCancel(counts.disposals::incrementAndGet);
        }

        Observable<String> observable() {
            observable = true;
            return subject.doOnSubscribe(d -> counts.subscriptions.incrementAndGet())
                    .doOnDispose(counts.disposals::incrementAndGet);
        }

        @Override
        public void next(String item) {
            if (observable) {
                subject.onNext(item);
            } else {
                processor.onNext(item);
            }
        }

        @Override
        public void complete() {
            if (observable) {
                subject.onComplete();
            } else {
                processor.onComplete();
            }
        }

        @Override
        public void fail(Throwable error) {
            if (observable) {
                subject.onError(error);
            } else {
                processor.onError(error);
            }
        }

        @Override
        public Upstream upstream() {
            return counts.upstream(observable ? "observable" : "flowable");
        }
    }

    // ---- pull to RxJava, read back ------------------------------------------------------------

    @Nested
    class ToSingleRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromFactory(factory -> SingleBridge.toPollFuture(SingleBridge.toSingle(factory, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromFactoryReadyWith(value, factory -> SingleBridge.toPollFuture(SingleBridge.toSingle(factory, runtime)));
        }
    }

    @Nested
    class ToMaybeRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromFactory(factory -> MaybeBridge.toPollFuture(MaybeBridge.toMaybe(factory, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromFactoryReadyWith(value, factory -> MaybeBridge.toPollFuture(MaybeBridge.toMaybe(factory, runtime)));
        }
    }

    @Nested
    class ToCompletableRoundTrip extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            ProbeFuture<String> source = new ProbeFuture<>();
            AtomicBoolean taken = new AtomicBoolean();
            return FutureSubject.of(CompletableBridge.toPollFuture(CompletableBridge.toCompletable(() -> handOver(source, taken), runtime)))
                    .completesWith(null, () -> source.complete("ignored"))
                    .failsWith(source::fail)
                    .upstream(Upstream.handedOver(source).takenWhen(taken::get).reachedAsynchronously());
        }
    }

    /** The handle variants: the task runs from its spawn, and a dispose detaches (rule 13). */
    @Nested
    class ToSingleFromHandleRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromHandle(runtime, handle -> SingleBridge.toPollFuture(SingleBridge.toSingle(handle, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromHandleReadyWith(runtime, value, handle -> SingleBridge.toPollFuture(SingleBridge.toSingle(handle, runtime)));
        }
    }

    @Nested
    class ToMaybeFromHandleRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromHandle(runtime, handle -> MaybeBridge.toPollFuture(MaybeBridge.toMaybe(handle, runtime)));
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return RoundTripSubjects.fromHandleReadyWith(runtime, value, handle -> MaybeBridge.toPollFuture(MaybeBridge.toMaybe(handle, runtime)));
        }
    }

    @Nested
    class ToCompletableFromHandleRoundTrip extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            ProbeFuture<String> work = new ProbeFuture<>();
            JoinHandle<String> handle = runtime.spawn(work);
            return FutureSubject.of(CompletableBridge.toPollFuture(CompletableBridge.toCompletable(handle, runtime)))
                    .completesWith(null, () -> work.complete("ignored"))
                    .failsWith(work::fail)
                    .startsEagerly()
                    .closeDetaches();
        }
    }

    /**
     * {@code toSingle(shared)}, read back with {@code toPollFuture}: the subscription polls a clone, so
     * the work starts only then; a dispose closes that clone only (the shared future stays open), so
     * closing cancels nothing.
     */
    @Nested
    class ToSingleFromSharedRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromShared(shared -> SingleBridge.toPollFuture(SingleBridge.toSingle(shared, runtime)));
        }
    }

    /** {@code toMaybe(shared)}, read back with {@code toPollFuture}: as {@code toSingle(shared)}. */
    @Nested
    class ToMaybeFromSharedRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.fromShared(shared -> MaybeBridge.toPollFuture(MaybeBridge.toMaybe(shared, runtime)));
        }
    }

    @Nested
    class ToFlowableRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.streamFromFactory(factory -> FlowableBridge.toPollStream(FlowableBridge.toFlowable(factory, runtime)));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return RoundTripSubjects.streamFromFactoryEmitting(items, factory -> FlowableBridge.toPollStream(FlowableBridge.toFlowable(factory, runtime)));
        }
    }

    @Nested
    class ToObservableRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.streamFromFactory(factory -> ObservableBridge.toPollStream(ObservableBridge.toObservable(factory, runtime),
                    ObservableOverflow.error(8)));
        }

        @Override
        protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
            return RoundTripSubjects.streamFromFactoryEmitting(items, factory -> ObservableBridge.toPollStream(ObservableBridge.toObservable(factory, runtime),
                    ObservableOverflow.error(8)));
        }
    }

    /** {@code rxSingle(body)}, read back: the body awaits a promise. */
    @Nested
    class SingleBodyRoundTrip extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return RoundTripSubjects.awaitingAPromise(body -> SingleBridge.toPollFuture(SingleBridge.rxSingle(body, runtime)));
        }
    }

    /** {@code rxFlowable(body)}, read back: the body passes a source stream on. */
    @Nested
    class FlowableBodyRoundTrip extends PollStreamContract<String> {
        @Override
        protected StreamSubject<String> subject() {
            return RoundTripSubjects.passingAStreamOn(body -> FlowableBridge.toPollStream(FlowableBridge.rxFlowable(body, runtime)));
        }
    }

    /** What a factory or body takes over: {@code source}, noting that it was handed over. */
    static <S> S handOver(S source, AtomicBoolean taken) {
        taken.set(true);
        return source;
    }
}
