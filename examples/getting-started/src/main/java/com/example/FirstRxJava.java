package com.example;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.rxjava3.FlowableBridge;
import dev.pollbridge.rxjava3.SingleBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Single;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

public class FirstRxJava {

    public static void main(String[] args) {
        try (PollRuntime runtime = PollRuntime.create()) {
            // Await a Single inside an Async body; it subscribes on the body's thread.
            Single<Integer> stock = Single.just(7).delay(20, TimeUnit.MILLISECONDS);
            PollFuture<String> line = Async.run(() -> "in stock: " + SingleBridge.await(stock));
            System.out.println(runtime.blockOn(line));

            // A runtime stream as a Flowable: take(3) cancels it, which closes the interval.
            Flowable<Long> ticks = FlowableBridge.toFlowable(() -> runtime.interval(Duration.ofMillis(10)), runtime);
            System.out.println("ticks: " + ticks.take(3).toList().blockingGet());

            // A body as a Flowable. Chained, the builder needs the type witness <Integer>.
            List<Integer> evens = FlowableBridge.<Integer>rxFlowable(emitter -> {
                        for (int i = 1; i <= 6; i++) {
                            emitter.emit(i);
                        }
                    }, runtime)
                    .filter(i -> i % 2 == 0)
                    .toList()
                    .blockingGet();
            System.out.println("evens: " + evens);
        }
    }
}
