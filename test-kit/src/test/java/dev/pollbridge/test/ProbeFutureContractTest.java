package dev.pollbridge.test;

/** The kit's own probe keeps the contract it checks: the control for {@link BrokenFuturesTest}. */
class ProbeFutureContractTest extends PollFutureContract<String> {

    @Override
    protected FutureSubject<String> subject() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        return FutureSubject.of(probe)
                .completesWith("value", () -> probe.complete("value"))
                .failsWith(probe::fail);
    }

    @Override
    protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
        ProbeFuture<AutoCloseable> probe = new ProbeFuture<>();
        return FutureSubject.of(probe).completesWith(value, () -> probe.complete(value));
    }
}
