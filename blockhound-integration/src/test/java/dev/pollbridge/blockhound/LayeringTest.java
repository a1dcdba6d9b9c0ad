package dev.pollbridge.blockhound;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on blockhound-integration's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return PollbridgeBlockHoundIntegration.class;
    }
}
