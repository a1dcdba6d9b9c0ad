package dev.pollbridge.benchmarks;

/** The worker count every pool in every scenario uses. */
final class Workers {

    /** Two worker threads everywhere: runtime workers, ForkJoinPool, Reactor, RxJava, carriers. */
    static final int COUNT = 2;

    private Workers() {}
}
