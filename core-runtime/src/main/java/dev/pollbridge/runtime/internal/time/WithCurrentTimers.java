package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import java.util.function.Function;

/**
 * A timer future built at its first poll, on the timers of the runtime that polls it
 * ({@link ContextTimers}): {@code Time.timeout}, {@code Time.timeoutOrNull} and {@code Time.sleep}.
 * Until then it holds only what it was given; the deadline is counted from that first poll, the
 * first moment the runtime (and so its clock) is known. Polled outside a runtime it fails with
 * {@link ContextTimers#outsideRuntime} and closes what it owns. Every later poll, and
 * {@link #close()}, go to the built future.
 *
 * <p>A {@link SingleUse}: it has one owner itself. What it owns ({@code owned}) its caller has
 * claimed already, at the call ({@code SingleUse.claim(future, "Time.timeout")}); the built
 * future takes it over unclaimed.
 *
 * <p>Owner-thread only, like any future.
 *
 * @param <T> the value type
 */
public final class WithCurrentTimers<T> extends SingleUse implements PollFuture<T> {

    private final Function<TimeDriver, PollFuture<T>> build;
    /** What the built future will own, closed here if it is never built; may be null. */
    private final PollFuture<?> owned;
    private final String call;
    private final String withRuntime;
    /** Owner-thread only: the built future, once polled inside a runtime. */
    private PollFuture<T> built;
    /** Owner-thread only: failed outside a runtime; closed before it was built; owned closed. */
    private boolean ended;
    private boolean closed;
    private boolean ownedClosed;

    /**
     * @param build makes the future on the runtime's timers, at the first poll
     * @param owned what {@code build} takes over (the work of a timeout), already claimed by the
     *     caller; closed here if the future is closed or fails before it was built; or {@code null}
     * @param call names the call for the failure outside a runtime ({@code "Time.timeout(future, PT2S)"})
     * @param withRuntime the same call with a runtime named, for that failure; or {@code null}
     */
    public WithCurrentTimers(Function<TimeDriver, PollFuture<T>> build, PollFuture<?> owned, String call,
            String withRuntime) {
        this.build = build;
        this.owned = owned;
        this.call = call;
        this.withRuntime = withRuntime;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (built == null) {
            if (closed || ended) {
                throw SingleUse.polledAfter(call, closed ? "close()" : "it failed");
            }
            TimeDriver timers = ContextTimers.of(cx);
            if (timers == null) {
                ended = true;
                closeOwned();
                return Poll.failed(ContextTimers.outsideRuntime(call, withRuntime));
            }
            built = build.apply(timers);
        }
        return built.poll(cx);
    }

    @Override
    public void close() {
        if (built != null) {
            built.close();
        } else {
            closed = true;
            closeOwned();
        }
    }

    private void closeOwned() {
        if (owned != null && !ownedClosed) {
            ownedClosed = true;
            owned.close();
        }
    }

    @Override
    public String toString() {
        return built != null ? built.toString() : call;
    }
}
