package dev.pollbridge.completablefuture.migration;

/** The migration contract for {@link Step1TwoStages}. */
class Step1TwoStagesTest extends MigrationStepContract {

    @Override
    OrderPipeline create(Services services) {
        return new Step1TwoStages(services);
    }
}
