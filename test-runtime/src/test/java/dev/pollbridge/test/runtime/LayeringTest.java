package dev.pollbridge.test.runtime;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on test-runtime's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return TestRuntime.class;
    }
}
