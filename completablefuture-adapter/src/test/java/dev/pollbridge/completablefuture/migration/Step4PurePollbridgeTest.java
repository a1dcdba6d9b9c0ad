package dev.pollbridge.completablefuture.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.PollFuture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The migration contract for {@link Step4PurePollbridge}, plus its pull-model entry point. */
class Step4PurePollbridgeTest extends MigrationStepContract {

    @Override
    OrderPipeline create(Services services) {
        return new Step4PurePollbridge(services);
    }

    @Test
    void newCallersAwaitThePipelineDirectly() {
        Step4PurePollbridge step = new Step4PurePollbridge(services());
        PollFuture<String> pipeline = step.pipeline("user=42;sku=book;qty=2;coupon=SAVE10");
        assertEquals(List.of(), shop().auditLog(), "lazy: nothing ran before the first poll");

        assertEquals("42 (Ada): 2 x book = 25.64 EUR", runtime().blockOn(pipeline));
        IllegalArgumentException invalid = assertThrows(IllegalArgumentException.class,
                () -> runtime().blockOn(step.pipeline("user=42;sku=book;qty=-1")));
        assertEquals("quantity must be positive: -1", invalid.getMessage());
    }

    @Test
    void aStageThatIsStillACompletableFutureIsAwaitedWithAwaiting() {
        Step4PurePollbridge step = new Step4PurePollbridge(services());
        assertEquals("42 (Ada): 2 x book = 25.64 EUR",
                runtime().blockOn(step.pipelineWithLegacyHistory("user=42;sku=book;qty=2;coupon=SAVE10")));
    }
}
