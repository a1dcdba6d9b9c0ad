package dev.pollbridge.micrometer;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on micrometer-metrics's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return PollRuntimeMetricsBinder.class;
    }
}
