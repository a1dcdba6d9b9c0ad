package dev.pollbridge.context;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.task.TaskLocal;
import io.micrometer.context.ContextRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.MDC;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * With Reactor's {@code Hooks.enableAutomaticContextPropagation()}, which uses the global
 * {@code ContextRegistry}: a task-local crosses into a Reactor {@code Context} through
 * {@code contextCapture()}, and a Reactor {@code Context} entry reaches a task-local and MDC in
 * Reactor's operators, also when the Mono comes from a Pollbridge future on a worker.
 */
@Timeout(60)
class ReactorContextPropagationTest {

    private static final TaskLocal<String> REQUEST_ID = TaskLocal.create("requestId");
    private static final String KEY = "requestId";
    private static final String MDC_KEY = "mdcRequestId";

    private final PollRuntime runtime = PollRuntime.builder().workers(2).build();

    @BeforeEach
    void register() {
        // tag::register[]
        ContextRegistry.getInstance().registerThreadLocalAccessor(TaskLocalAccessor.of("requestId", REQUEST_ID));
        // end::register[]
        ContextRegistry.getInstance().registerThreadLocalAccessor(MDC_KEY,
                () -> MDC.get(MDC_KEY), value -> MDC.put(MDC_KEY, value), () -> MDC.remove(MDC_KEY));
        Hooks.enableAutomaticContextPropagation();
    }

    @AfterEach
    void unregister() {
        Hooks.disableAutomaticContextPropagation();
        ContextRegistry.getInstance().removeThreadLocalAccessor(KEY);
        ContextRegistry.getInstance().removeThreadLocalAccessor(MDC_KEY);
        runtime.close();
    }

    @Test
    void aTaskLocalIsCapturedIntoTheReactorContext() {
        // tag::capture[]
        Mono<String> readsTheContext = Mono.deferContextual(ctx -> Mono.just(ctx.getOrDefault("requestId", "none")));
        String seen = runtime.blockOn(REQUEST_ID.scope("req-1",
                MonoBridge.toPollFuture(readsTheContext.contextCapture()))); // the task-local, captured
        assertEquals("req-1", seen);
        // end::capture[]
    }

    @Test
    void aReactorContextEntryReachesTheTaskLocalAndMdcInOperators() {
        Mono<String> fromATask = MonoBridge.toMono(() -> cx -> dev.pollbridge.api.Poll.ready("value"), runtime);
        String seen = fromATask
                .handle((String value, reactor.core.publisher.SynchronousSink<String> sink) ->
                        sink.next(value + ":" + REQUEST_ID.getOrNull() + ":" + MDC.get(MDC_KEY) + ":" + Thread.currentThread().getName()))
                .contextWrite(Context.of(KEY, "req-2", MDC_KEY, "mdc-2"))
                .block();
        // Reactor restored both thread-locals in handle(), on the worker that emitted the value.
        assertEquals("value:req-2:mdc-2", seen.substring(0, seen.lastIndexOf(':')));
    }
}
