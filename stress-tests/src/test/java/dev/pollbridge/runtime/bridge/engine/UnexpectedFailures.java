package dev.pollbridge.runtime.bridge.engine;

/**
 * {@link SerialUpstream.Failures} for tests whose upstream never throws: a report is a bug in the
 * test's subject, so it fails the actor that made it (jcstress records the exception as an error).
 */
final class UnexpectedFailures implements SerialUpstream.Failures {

    static final UnexpectedFailures INSTANCE = new UnexpectedFailures();

    private UnexpectedFailures() {}

    @Override
    public void requestFailed(Throwable error) {
        throw new AssertionError("the recording upstream's request never throws", error);
    }

    @Override
    public void cancelFailed(Throwable error) {
        throw new AssertionError("the recording upstream's cancel never throws", error);
    }
}
