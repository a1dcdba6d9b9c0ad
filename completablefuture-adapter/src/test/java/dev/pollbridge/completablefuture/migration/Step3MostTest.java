package dev.pollbridge.completablefuture.migration;

/** The migration contract for {@link Step3Most}. */
class Step3MostTest extends MigrationStepContract {

    @Override
    OrderPipeline create(Services services) {
        return new Step3Most(services);
    }
}
