package dev.pollbridge.completablefuture.migration;

import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.Executor;

/**
 * What every step of the pipeline is built from: the business logic, the two remote services,
 * the pool the legacy code runs blocking calls on, and the runtime the migrated code runs on.
 */
record Services(Shop shop, UserDirectory users, OrderHistory history, Executor pool, PollRuntime runtime) {}
