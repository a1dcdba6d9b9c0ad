package dev.pollbridge.completablefuture.migration;

/** The migration contract for {@link Step2Half}. */
class Step2HalfTest extends MigrationStepContract {

    @Override
    OrderPipeline create(Services services) {
        return new Step2Half(services);
    }
}
