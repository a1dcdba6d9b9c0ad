package dev.pollbridge.examples;

import dev.pollbridge.examples.completablefuture.MigrateCompletableFutureChain;
import dev.pollbridge.examples.reactor.TasksAsFlux;
import dev.pollbridge.examples.reactor.WrapReactorService;
import dev.pollbridge.examples.rxjava.RxJavaInterop;
import java.io.PrintStream;

/**
 * Entry point of {@code mvn -B -q -pl examples -am compile exec:java}: runs every example, one
 * user story each, in this order. Each can also run alone (its own {@code main}). What they print
 * is in docs/examples.md, and {@code ExamplesOutputTest} keeps the two equal.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        runAll(System.out);
    }

    /**
     * Runs every example in the documented order, printing to {@code out} (the README's example
     * prints to {@code System.out}, as its code in the README does).
     */
    public static void runAll(PrintStream out) throws InterruptedException {
        WrapReactorService.run(out);
        TasksAsFlux.run(out);
        MigrateCompletableFutureChain.run(out);
        RxJavaInterop.run(out);
        ReadmeExample.run();
    }
}
