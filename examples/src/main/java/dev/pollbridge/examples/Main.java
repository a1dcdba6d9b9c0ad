package dev.pollbridge.examples;

import dev.pollbridge.examples.completablefuture.MigrationExample;
import dev.pollbridge.examples.reactor.ReactorExample;
import dev.pollbridge.runtime.Runtime;

/** Entry point of {@code mvn -pl examples -am compile exec:java}: runs every example in turn. */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws InterruptedException {
        try (Runtime runtime = Runtime.builder().workers(2).threadNamePrefix("examples-").build()) {
            new MigrationExample(runtime).run();
        }
        ReactorExample.run();
        ReadmeExample.run();
    }
}
