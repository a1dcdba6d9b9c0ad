package dev.pollbridge.rxjava3;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on rxjava-adapter's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return RuntimeScheduler.class;
    }
}
