package dev.pollbridge.completablefuture.migration;

import java.util.concurrent.CompletableFuture;

/**
 * The entry point callers use. Its signature stays the same through every migration step, so
 * callers never notice the migration.
 */
interface OrderPipeline {

    /** Processes one raw order into its audited invoice line. */
    CompletableFuture<String> process(String rawOrder);
}
