package dev.pollbridge.smoke;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.api.Poll;
import dev.pollbridge.blockhound.PollbridgeBlockHoundIntegration;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.context.ContextPropagation;
import dev.pollbridge.context.TaskLocalAccessor;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.rxjava3.FlowableBridge;
import dev.pollbridge.rxjava3.MaybeBridge;
import dev.pollbridge.rxjava3.ObservableBridge;
import dev.pollbridge.rxjava3.ObservableOverflow;
import dev.pollbridge.rxjava3.RxJavaBridge;
import dev.pollbridge.rxjava3.SingleBridge;
import dev.pollbridge.micrometer.PollRuntimeMetricsBinder;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import dev.pollbridge.spring.boot.PollbridgeProperties;
import dev.pollbridge.spring.boot.PollbridgeRuntimeAutoConfiguration;
import dev.pollbridge.spring.boot.RuntimeBuilderCustomizer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import dev.pollbridge.spring.PollbridgeReactiveAdapters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.sync.Channel;
import dev.pollbridge.runtime.task.TaskLocal;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.runtime.TestRuntime;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshotFactory;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import reactor.blockhound.integration.BlockHoundIntegration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * Uses the runtime and every published adapter once, the way a user's first program would, and
 * fails (exit status 1) on the first thing that does not work. The build runs it twice with the
 * JDK that runs Maven: on the module path and on the class path (see {@code RunSmoke.java} and
 * this module's {@code pom.xml}).
 *
 * <p>Argument: {@code module} or {@code classpath}, the mode the launcher meant to use; the
 * program checks that it really runs in that mode, so a misconfigured launcher cannot pass by
 * silently falling back to the class path.
 */
public final class ModulePathSmoke {

    /** The last line of a successful run; the launcher requires it. */
    static final String OK = "module-path-smoke: OK";

    private static final Duration LONG = Duration.ofSeconds(30);

    /** The {@code AsyncMode} the launcher started this JVM for (its JVM options), or empty. */
    private static String expectedAsyncMode = "";

    private ModulePathSmoke() {}

    public static void main(String[] args) {
        try {
            checkMode(args.length >= 1 ? args[0] : "");
            expectedAsyncMode = args.length >= 2 ? args[1] : "";
            try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("smoke-").build()) {
                runtime(runtime);
                async(runtime);
                channel(runtime);
                reactor(runtime);
                completableFuture(runtime);
                reactiveStreams(runtime);
                flow(runtime);
                rxJava(runtime);
                spring(runtime);
                springBoot();
                contextPropagation(runtime);
                blockHoundService();
                observability(runtime);
            }
            sharedRuntime();
            testKit();
        } catch (Throwable failure) {
            System.out.println("module-path-smoke: FAILED");
            failure.printStackTrace(System.out);
            System.exit(1);
        }
        System.out.println(OK);
    }

    private static void checkMode(String mode) {
        Module ours = ModulePathSmoke.class.getModule();
        Module runtimeModule = PollRuntime.class.getModule();
        switch (mode) {
            case "module" -> {
                check(ours.isNamed() && ours.getName().equals("dev.pollbridge.smoke"), "runs as a named module, was " + ours);
                check("dev.pollbridge.runtime".equals(runtimeModule.getName()), "runtime is a named module, was " + runtimeModule);
            }
            case "classpath" -> check(!ours.isNamed() && !runtimeModule.isNamed(), "runs on the class path, was " + ours);
            default -> throw new IllegalArgumentException("usage: ModulePathSmoke module|classpath, was '" + mode + "'");
        }
        ok("mode " + mode + " (Java " + java.lang.Runtime.version().feature() + ")");
    }

    /** Create (above), spawn, blockOn, sleep, timeout. */
    private static void runtime(PollRuntime runtime) {
        JoinHandle<Integer> handle = runtime.spawn(Futures.lazy(() -> 6 * 7));
        check(runtime.blockOn(handle) == 42, "spawned task's value");

        long start = System.nanoTime();
        runtime.blockOn(runtime.sleep(Duration.ofMillis(20)));
        check(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20), "sleep ends after its deadline");

        check(runtime.blockOn(runtime.timeout(Futures.ready("in time"), LONG)).equals("in time"), "timeout: value");
        try {
            runtime.blockOn(runtime.timeout(Futures.pending(), Duration.ofMillis(10)));
            throw new AssertionError("timeout of a pending future did not fail");
        } catch (RuntimeException expected) {
            check(causedBy(expected, TimeoutException.class), "timeout fails with TimeoutException, was " + expected);
        }
        ok("runtime: spawn, blockOn, sleep, timeout");
    }

    /** Async.run in the mode the launcher chose: continuations with the export (21+), else threads. */
    private static void async(PollRuntime runtime) {
        check(expectedAsyncMode.isEmpty() || Async.mode().name().equals(expectedAsyncMode),
                "Async.mode() is " + Async.mode() + ", the launcher expected " + expectedAsyncMode);
        PollFuture<String> body = Async.run(() -> {
            Async.await(runtime.sleep(Duration.ofMillis(1)));
            return Async.await(Futures.ready("a")) + Async.await(runtime.spawn(Futures.ready("b")));
        });
        check(runtime.blockOn(body).equals("ab"), "Async.run body value");
        ok("Async.run (mode: " + Async.mode() + ")");
    }

    private static void channel(PollRuntime runtime) {
        Channel<Integer> channel = Channel.bounded(2);
        JoinHandle<Void> producer = runtime.spawn(Async.run(() -> {
            for (int i = 1; i <= 10; i++) {
                Async.await(channel.send(i));
            }
            channel.close();
            return null;
        }));
        List<Integer> received = runtime.blockOn(collect(channel.stream()));
        runtime.blockOn(producer);
        check(received.equals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)), "channel items in order, was " + received);
        ok("channel: bounded send and receive");
    }

    private static void rxJava(PollRuntime runtime) {
        check(runtime.blockOn(SingleBridge.toPollFuture(Single.just("single"))).equals("single"), "Single -> future");
        check(runtime.blockOn(MaybeBridge.toPollFuture(Maybe.empty())) == null, "empty Maybe -> null");
        check(runtime.blockOn(collect(FlowableBridge.toPollStream(Flowable.range(1, 5)))).equals(List.of(1, 2, 3, 4, 5)),
                "Flowable -> stream");
        check(runtime.blockOn(collect(ObservableBridge.toPollStream(Observable.range(1, 3), ObservableOverflow.error(16))))
                .equals(List.of(1, 2, 3)), "Observable -> stream");
        SingleBridge.toSingle(() -> runtime.sleep(Duration.ofMillis(1)).map(ignored -> "from future"), runtime)
                .test()
                .awaitDone(LONG.toSeconds(), TimeUnit.SECONDS)
                .assertValue("from future");
        FlowableBridge.toFlowable(() -> Streams.of(1, 2, 3), runtime)
                .observeOn(RxJavaBridge.scheduler(runtime))
                .test()
                .awaitDone(LONG.toSeconds(), TimeUnit.SECONDS)
                .assertValues(1, 2, 3)
                .assertComplete();
        ok("RxJava: Single/Maybe/Flowable/Observable both ways, the runtime as a Scheduler");
    }

    /** Spring's registry, without Spring Boot (its optional modules stay off the module path). */
    private static void spring(PollRuntime runtime) {
        ReactiveAdapterRegistry registry = new ReactiveAdapterRegistry();
        check(PollbridgeReactiveAdapters.registerAdapters(registry, runtime), "adapters registered");
        ReactiveAdapter adapter = Objects.requireNonNull(registry.getAdapter(PollFuture.class), "PollFuture adapter");
        StepVerifier.create(Mono.from(adapter.toPublisher(Futures.ready("from registry"))))
                .expectNext("from registry")
                .expectComplete()
                .verify(LONG);
        ok("spring: PollFuture through ReactiveAdapterRegistry");
    }

    /** The starter's public types resolve with Spring Boot's jars as automatic modules, and a customizer shapes a runtime. */
    private static void springBoot() {
        check(PollbridgeRuntimeAutoConfiguration.class.isAnnotationPresent(AutoConfiguration.class), "an auto-configuration");
        PollbridgeProperties properties = new PollbridgeProperties();
        check(properties.getBlocking().getMaxThreads() == 512, "the builder's default blocking bound");
        RuntimeBuilderCustomizer customizer = builder -> builder.workers(1).threadNamePrefix("smoke-boot-");
        PollRuntimeBuilder builder = PollRuntime.builder();
        customizer.customize(builder);
        try (PollRuntime runtime = builder.build()) {
            check(runtime.metrics().perWorker().size() == 1, "one worker from the customizer");
        }
        ok("spring boot: the starter's types on the module path");
    }

    /** A thread-local and a task-local carried into a task by a snapshot (the qualified export of the bindings). */
    private static void contextPropagation(PollRuntime runtime) {
        ThreadLocal<String> user = new ThreadLocal<>();
        TaskLocal<String> request = TaskLocal.create("request");
        ContextRegistry registry = new ContextRegistry()
                .registerThreadLocalAccessor("user", user::get, user::set, user::remove)
                .registerThreadLocalAccessor(TaskLocalAccessor.of("request", request));
        ContextPropagation context = ContextPropagation.using(ContextSnapshotFactory.builder().contextRegistry(registry).build());
        user.set("ada");
        String seen = runtime.blockOn(request.scope("r-1",
                cx -> Poll.ready(context.spawn(runtime, c -> Poll.ready(user.get() + "/" + request.get()))))
                .flatMap(child -> child));
        user.remove();
        check(seen.equals("ada/r-1"), "context propagated into a task: " + seen);
        ok("context-propagation: a ThreadLocal and a TaskLocal into a spawned task");
    }

    /** BlockHound finds the integration as a service (the agent itself is not installed here). */
    private static void blockHoundService() {
        boolean found = ServiceLoader.load(BlockHoundIntegration.class).stream()
                .anyMatch(provider -> provider.type() == PollbridgeBlockHoundIntegration.class);
        check(found, "PollbridgeBlockHoundIntegration is a BlockHoundIntegration service");
        ok("blockhound: the integration is a service");
    }

    /** The task dump, and the Micrometer binder on a registry (micrometer.core is an automatic module). */
    private static void observability(PollRuntime runtime) {
        check(runtime.dump().tasks().isEmpty(), "no live task");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new PollRuntimeMetricsBinder(runtime, "smoke").bindTo(registry);
        check(registry.get("pollbridge.worker.polls").functionCounters().size() == 2, "a polls counter per worker");
        ok("observability: PollRuntime.dump(), PollRuntimeMetricsBinder on a SimpleMeterRegistry");
    }

    private static void reactor(PollRuntime runtime) {
        check(runtime.blockOn(MonoBridge.toPollFuture(Mono.just("mono"))).equals("mono"), "Mono -> future");
        check(runtime.blockOn(collect(FluxBridge.toPollStream(Flux.range(1, 5)))).equals(List.of(1, 2, 3, 4, 5)),
                "Flux -> stream");
        StepVerifier.create(MonoBridge.toMono(() -> runtime.sleep(Duration.ofMillis(1)).map(ignored -> "from future"), runtime))
                .expectNext("from future")
                .expectComplete()
                .verify(LONG);
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.of(1, 2, 3), runtime))
                .expectNext(1, 2, 3)
                .expectComplete()
                .verify(LONG);
        String onScheduler = Mono.fromCallable(() -> Thread.currentThread().getName())
                .subscribeOn(ReactorBridge.scheduler(runtime))
                .block(LONG);
        check(onScheduler != null && onScheduler.startsWith("smoke-"), "Reactor scheduler runs on a worker, was " + onScheduler);
        ok("reactor: Mono/Flux both ways, scheduler, StepVerifier");
    }

    private static void completableFuture(PollRuntime runtime) throws Exception {
        CompletableFuture<String> source = new CompletableFuture<>();
        PollFuture<String> fromStage = CompletableFutureBridge.toPollFuture(source);
        JoinHandle<String> awaiting = runtime.spawn(fromStage);
        source.complete("stage");
        check(runtime.blockOn(awaiting).equals("stage"), "CompletionStage -> future");

        CompletableFuture<Integer> toStage = CompletableFutureBridge.toCompletableFuture(Futures.ready(7), runtime);
        check(toStage.get(LONG.toSeconds(), TimeUnit.SECONDS) == 7, "future -> CompletableFuture");
        ok("completablefuture: both ways");
    }

    private static void reactiveStreams(PollRuntime runtime) {
        List<Integer> viaPublisher = runtime.blockOn(collect(
                ReactiveStreamsBridge.toPollStream(ReactiveStreamsBridge.toPublisher(() -> Streams.of(1, 2, 3), runtime))));
        check(viaPublisher.equals(List.of(1, 2, 3)), "stream -> Publisher -> stream, was " + viaPublisher);
        // The adapters' LibrarySources services are found: the generic bridge fuses a Flux and a
        // Flowable with a synchronous source, so the first item is the only one taken from it.
        AtomicInteger fromFlux = new AtomicInteger();
        int first = runtime.blockOn(ReactiveStreamsBridge.toPollStream(Flux.fromIterable(counted(fromFlux))).next());
        check(first == 0 && fromFlux.get() == 1, "the generic bridge fuses a Flux, took " + fromFlux);
        AtomicInteger fromFlowable = new AtomicInteger();
        first = runtime.blockOn(ReactiveStreamsBridge.toPollStream(Flowable.fromIterable(counted(fromFlowable))).next());
        check(first == 0 && fromFlowable.get() == 1, "the generic bridge fuses a Flowable, took " + fromFlowable);
        ok("reactive streams: Publisher both ways, Reactor and RxJava publishers fused");
    }

    /** Endless 0, 1, 2, ...; counts the items taken. */
    private static Iterable<Integer> counted(AtomicInteger taken) {
        return () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Integer next() {
                return taken.getAndIncrement();
            }
        };
    }

    private static void flow(PollRuntime runtime) {
        List<Integer> viaFlow = runtime.blockOn(collect(
                FlowBridge.toPollStream(FlowBridge.toPublisher(() -> Streams.of(4, 5, 6), runtime))));
        check(viaFlow.equals(List.of(4, 5, 6)), "stream -> Flow.Publisher -> stream, was " + viaFlow);

        try (SubmissionPublisher<String> jdkPublisher = new SubmissionPublisher<>()) {
            PollStream<String> stream = FlowBridge.toPollStream(jdkPublisher);
            JoinHandle<List<String>> collected = runtime.spawn(collect(stream));
            // The stream subscribes on its first poll; submit once the subscriber is there.
            long deadline = System.nanoTime() + LONG.toNanos();
            while (jdkPublisher.getNumberOfSubscribers() == 0) {
                check(System.nanoTime() - deadline < 0, "the stream subscribed to the SubmissionPublisher");
                Thread.onSpinWait();
            }
            jdkPublisher.submit("x");
            jdkPublisher.submit("y");
            jdkPublisher.close();
            check(runtime.blockOn(collected).equals(List.of("x", "y")), "SubmissionPublisher -> stream");
        }
        ok("flow: Flow.Publisher both ways, SubmissionPublisher");
    }

    private static void sharedRuntime() {
        check(PollRuntime.shared().blockOn(Futures.ready("shared")).equals("shared"), "PollRuntime.shared()");
        ok("PollRuntime.shared()");
    }

    private static void testKit() {
        // The thread-free kit, without JUnit on the path (only its contract bases need JUnit).
        ProbeFuture<String> probe = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(probe.map(String::toUpperCase))) {
            check(task.poll().isPending(), "MockTask: pending before the probe completes");
            probe.complete("kit");
            check(task.isWoken() && "KIT".equals(task.poll().value()), "MockTask: woken, then ready");
        }
        check(probe.closes() == 1, "the probe closed once");
        try (TestRuntime test = TestRuntime.create()) {
            List<String> order = new ArrayList<>();
            test.spawn(Futures.lazy(() -> order.add("first")));
            test.spawn(Futures.lazy(() -> order.add("second")));
            check(order.isEmpty(), "TestRuntime runs nothing until driven");
            test.runUntilIdle();
            check(order.equals(List.of("first", "second")), "TestRuntime FIFO order, was " + order);
            check(test.uncaughtFailures().isEmpty(), "no uncaught failures");
        }
        ok("test kit: MockTask, ProbeFuture, and TestRuntime");
    }

    private static <T> PollFuture<List<T>> collect(PollStream<T> stream) {
        return stream.collect(Collectors.toList());
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("check failed: " + what);
        }
    }

    private static void ok(String what) {
        System.out.println("ok: " + Objects.requireNonNull(what));
    }
}
