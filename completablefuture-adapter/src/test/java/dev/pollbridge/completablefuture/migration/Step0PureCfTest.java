package dev.pollbridge.completablefuture.migration;

/** The migration contract for {@link Step0PureCf}. */
class Step0PureCfTest extends MigrationStepContract {

    @Override
    OrderPipeline create(Services services) {
        return new Step0PureCf(services);
    }
}
