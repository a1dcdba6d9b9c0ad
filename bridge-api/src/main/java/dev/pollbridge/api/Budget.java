package dev.pollbridge.api;

/**
 * How much work one poll of a looping consumer (filter, fold, collect, forEach) may do before it
 * yields: it wakes its own waker and returns {@code pending}, so an always-ready upstream cannot
 * keep a worker inside one poll (rules 4 and 16). The self-wake is the tail of that pending
 * (rule 5).
 */
final class Budget {

    /** Items a looping consumer takes from upstream in one poll before it yields. */
    static final int ITEMS_PER_POLL = 128;

    private Budget() {}
}
