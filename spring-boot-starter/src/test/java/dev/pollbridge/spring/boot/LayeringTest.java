package dev.pollbridge.spring.boot;

import dev.pollbridge.arch.HouseRulesTest;

/** The house rules (docs/architecture.md#layering) on spring-boot-starter's main classes. */
class LayeringTest extends HouseRulesTest {

    @Override
    protected Class<?> anchor() {
        return PollbridgeProperties.class;
    }
}
