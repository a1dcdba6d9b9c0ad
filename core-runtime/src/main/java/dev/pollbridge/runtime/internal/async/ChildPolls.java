package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;

/**
 * How both engines poll what a body waits for (rule A3): a poll that throws, returns
 * {@code null} or breaks the contract becomes the child's failure, so the body sees it where it
 * awaits, and an awaited future is closed once, as soon as it is ready.
 */
final class ChildPolls {

    private ChildPolls() {}

    /** The awaited future's result, or null while pending; a throwing or broken poll is its failure. */
    static Poll<?> pollAwaited(PollFuture<?> future, Context cx) {
        Poll<?> poll;
        try {
            poll = future.poll(cx);
        } catch (Throwable failure) {
            return Poll.failed(failure);
        }
        if (poll == null) {
            return Poll.failed(new NullPointerException("poll() of an awaited future returned null"));
        }
        if (poll.isPending()) {
            return null;
        }
        if (poll.isDone()) {
            return Poll.failed(new IllegalStateException("a future returned " + poll + ", which only streams may"));
        }
        return poll;
    }

    /** The stream's next result, or null while pending. */
    static Poll<?> pollNextOf(PollStream<?> stream, Context cx) {
        Poll<?> poll;
        try {
            poll = stream.pollNext(cx);
        } catch (Throwable failure) {
            return Poll.failed(failure);
        }
        if (poll == null) {
            return Poll.failed(new NullPointerException("pollNext() of a stream returned null"));
        }
        if (poll.isPending()) {
            return null;
        }
        if (poll.isReady() && poll.value() == null) {
            return Poll.failed(new NullPointerException("a stream yielded a null item"));
        }
        return poll;
    }

    /** Closes a finished awaited future; a throwing close fails the await (or is added to its failure). */
    static Poll<?> closeFinished(PollFuture<?> future, Poll<?> result) {
        Throwable failure = closeQuietly(future);
        if (failure == null) {
            return result;
        }
        if (result.isReady()) {
            return Poll.failed(failure);
        }
        if (result.error() != failure) {
            result.error().addSuppressed(failure);
        }
        return result;
    }

    /** Closes {@code target}; returns what its close threw, or null. */
    static Throwable closeQuietly(AutoCloseable target) {
        try {
            target.close();
            return null;
        } catch (Throwable failure) {
            return failure;
        }
    }
}
