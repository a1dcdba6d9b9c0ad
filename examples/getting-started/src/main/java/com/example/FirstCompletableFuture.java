package com.example;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

public class FirstCompletableFuture {

    public static void main(String[] args) {
        try (PollRuntime runtime = PollRuntime.create()) {
            // A CompletableFuture becomes a future; closing the future would cancel the stage.
            CompletableFuture<Integer> legacy = CompletableFuture.supplyAsync(() -> 21);
            PollFuture<Integer> doubled = CompletableFutureBridge.toPollFuture(legacy).map(n -> n * 2);
            System.out.println("doubled: " + runtime.blockOn(doubled));

            // And back: a future, spawned on the runtime, as a CompletableFuture for legacy code.
            PollFuture<String> later = runtime.sleep(Duration.ofMillis(20)).map(ignored -> "done");
            CompletableFuture<String> stage = CompletableFutureBridge.toCompletableFuture(later, runtime);
            System.out.println("stage: " + stage.thenApply(String::toUpperCase).join());
        }
    }
}
