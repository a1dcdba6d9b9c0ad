package com.example;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.CompletionException;

public class FirstFuture {

    public static void main(String[] args) {
        try (PollRuntime runtime = PollRuntime.create()) {
            PollFuture<Integer> answer = Futures.lazy(() -> 6 * 7);      // lazy: nothing runs yet
            PollFuture<String> text = answer.map(n -> "the answer is " + n);
            JoinHandle<String> task = runtime.spawn(text);               // now it runs, on a worker
            System.out.println(runtime.blockOn(task));

            runtime.blockOn(runtime.sleep(Duration.ofMillis(50)));        // 50 ms later
            PollFuture<Void> tooLong = runtime.timeout(runtime.sleep(Duration.ofSeconds(5)), Duration.ofMillis(50));
            try {
                runtime.blockOn(tooLong);
            } catch (CompletionException e) {                            // checked failures arrive wrapped
                System.out.println("gave up: " + e.getCause().getClass().getName());
            }
        } // close(): cancels what still runs, joins the runtime's threads
    }
}
