package dev.pollbridge.runtime.task;

/** What a {@link TaskScope} does when one of its children fails. */
public enum FailurePolicy {

    /**
     * The failure is reported (by {@link TaskScope#next()} and {@link TaskScope#joinAll()}) and
     * the other children run on.
     */
    KEEP_GOING,

    /**
     * The first failure aborts every other unfinished child (their futures are closed on the
     * runtime, and they report as cancelled), and children spawned afterwards are cancelled
     * without running. {@link TaskScope#joinAll()} then fails with that first failure.
     */
    CANCEL_SIBLINGS
}
