package dev.pollbridge.completablefuture;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on completablefuture-adapter's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return CancelPolicy.class;
    }
}
