package dev.pollbridge.examples;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;

/** Entry point of {@code mvn -pl examples -am compile exec:java}: runs every example in turn. */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        PollFuture<String> greeting = cx -> Poll.ready("hello from a pull-model future");
        try (greeting) {
            System.out.println(greeting.poll(Context.of(Waker.noop())).value());
        }
        dev.pollbridge.examples.reactor.ReactorExample.run();
    }
}
