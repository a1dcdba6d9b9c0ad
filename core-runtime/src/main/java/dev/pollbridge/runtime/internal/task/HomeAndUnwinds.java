package dev.pollbridge.runtime.internal.task;

/**
 * The rare task that has both a home worker (rule T12) and bodies it waits for (rule T11): what
 * {@code Task}'s one field for rare things holds then. Immutable, so a worker that reads it with
 * an acquire load sees both; a change of either replaces it.
 */
final class HomeAndUnwinds {

    final Thread home;
    final UnwindSet unwinds;

    HomeAndUnwinds(Thread home, UnwindSet unwinds) {
        this.home = home;
        this.unwinds = unwinds;
    }
}
