package dev.pollbridge.spring;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on spring-adapter's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return PollbridgeReactiveAdapters.class;
    }
}
