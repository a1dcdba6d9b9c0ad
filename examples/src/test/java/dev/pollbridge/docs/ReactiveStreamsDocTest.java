package dev.pollbridge.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The snippet of docs/reactive-streams.md, run. */
class ReactiveStreamsDocTest {

    record Order(int id) {}

    record Config(String name) {}

    static PollStream<Order> openOrderStream() {
        return Streams.of(new Order(3), new Order(4));
    }

    @Test
    void overview() {
        Publisher<Order> ordersPublisher = Flux.just(new Order(1), new Order(2));
        SubmissionPublisher<Config> configs = new SubmissionPublisher<>();
        Flow.Publisher<Config> configPublisher = configs;
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            // tag::overview[]
            // A Publisher from any library, consumed by polling:
            PollStream<Order> orders = ReactiveStreamsBridge.toPollStream(ordersPublisher);

            // A stream of ours, served to any Reactive Streams subscriber (Reactor, RxJava, Akka ...):
            Publisher<Order> published = ReactiveStreamsBridge.toPublisher(() -> openOrderStream(), runtime);

            // JDK Flow, same behaviour:
            PollFuture<Config> config = FlowBridge.singleItem(configPublisher);
            // end::overview[]
            assertEquals(List.of(new Order(1), new Order(2)), runtime.blockOn(orders.collect(Collectors.toList())));
            StepVerifier.create(published).expectNext(new Order(3), new Order(4)).verifyComplete();
            var handle = runtime.spawn(config);
            org.awaitility.Awaitility.await().until(() -> configs.getNumberOfSubscribers() == 1); // subscribed on the first poll
            configs.submit(new Config("prod"));
            configs.close();
            assertEquals(new Config("prod"), runtime.blockOn(handle));
        }
    }
}
