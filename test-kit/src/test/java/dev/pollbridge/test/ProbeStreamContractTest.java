package dev.pollbridge.test;

import java.util.List;

/** The kit's own probe stream keeps the contract it checks: the control for {@link BrokenStreamsTest}. */
class ProbeStreamContractTest extends PollStreamContract<String> {

    @Override
    protected StreamSubject<String> subject() {
        ProbeStream<String> probe = new ProbeStream<>();
        return StreamSubject.of(probe)
                .emits(i -> probe.emit("item" + i), i -> "item" + i)
                .completes(probe::complete)
                .failsWith(probe::fail);
    }

    @Override
    protected StreamSubject<?> subjectEmitting(List<? extends AutoCloseable> items) {
        ProbeStream<AutoCloseable> probe = new ProbeStream<>();
        return StreamSubject.of(probe).emits(i -> probe.emit(items.get(i)), items::get);
    }
}
