package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
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

    /**
     * What the engine fills or reads: metrics and dump records; clock, timer futures, tick
     * behaviour; the types of an {@code Async} body (its body interfaces, emitter and mode).
     */
    @Override
    protected Set<String> valuePackages() {
        return Set.of("dev.pollbridge.runtime.metrics", "dev.pollbridge.runtime.time", "dev.pollbridge.runtime.async");
    }

}
