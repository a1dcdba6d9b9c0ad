package dev.pollbridge.runtime.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.SubmissionPublisher;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.reactivestreams.FlowAdapters;

/** The stream bridges against a real asynchronous publisher: the JDK's SubmissionPublisher. */
class JdkPublisherTest {

    private static final int ITEMS = 20_000;
    private static final List<Integer> EXPECTED = IntStream.range(0, ITEMS).boxed().collect(Collectors.toList());

    @Test
    void flowStreamReceivesEverythingInOrderWithBackpressure() throws Exception {
        try (SubmissionPublisher<Integer> publisher = new SubmissionPublisher<>()) {
            Thread producer = producer(publisher);
            assertEquals(EXPECTED, Drain.toList(FlowBridge.toPollStream(publisher, 32), Duration.ofSeconds(30)));
            producer.join();
        }
    }

    @Test
    void reactiveStreamsStreamReceivesEverythingInOrderWithBackpressure() throws Exception {
        try (SubmissionPublisher<Integer> publisher = new SubmissionPublisher<>()) {
            Thread producer = producer(publisher);
            assertEquals(EXPECTED, Drain.toList(
                    ReactiveStreamsBridge.toPollStream(FlowAdapters.toPublisher(publisher)), Duration.ofSeconds(30)));
            producer.join();
        }
    }

    /** Submits once a subscriber is there; submit blocks while the subscriber has no demand. */
    private static Thread producer(SubmissionPublisher<Integer> publisher) {
        Thread thread = new Thread(() -> {
            while (publisher.getNumberOfSubscribers() == 0) {
                Thread.onSpinWait();
            }
            for (int i = 0; i < ITEMS; i++) {
                publisher.submit(i);
            }
            publisher.close();
        });
        thread.start();
        return thread;
    }
}
