package dev.pollbridge.context;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on context-propagation's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return ContextPropagation.class;
    }
}
