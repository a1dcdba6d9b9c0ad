package dev.pollbridge.runtime;

import dev.pollbridge.arch.HouseRulesTest;
import java.util.Set;

/**
 * The house rules on core-runtime (docs/architecture.md): no package cycle, the engine
 * ({@code ..internal..}) imports no facade package, only the value packages.
 */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return PollRuntime.class;
    }

    /** What the engine fills or reads: metrics and dump records; clock, timer futures, tick behaviour. */
    @Override
    protected Set<String> valuePackages() {
        return Set.of("dev.pollbridge.runtime.metrics", "dev.pollbridge.runtime.time");
    }

    /** The adapters' shared engine and the bridge engine: above the facade, reached by adapters. */
    @Override
    protected Set<String> bridgeLayerPackages() {
        return Set.of("dev.pollbridge.runtime.internal.adapter", "dev.pollbridge.runtime.internal.bridge");
    }

    /**
     * Facade types the engine still implements or calls (docs/architecture.md#layering, "Known
     * exceptions"): the task handle the engine returns, and the {@code Async} family's body
     * types (which the continuation work moves).
     */
    @Override
    protected Set<String> knownEngineToFacade() {
        return Set.of(
                "dev.pollbridge.runtime.JoinHandle",
                "dev.pollbridge.runtime.async.AsyncBody",
                "dev.pollbridge.runtime.async.AsyncStreamBody",
                "dev.pollbridge.runtime.async.AsyncEmitter",
                "dev.pollbridge.runtime.async.AsyncMode");
    }
}
