package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.async.BodyLauncher;
import java.util.Objects;

/**
 * The stream of {@link Async#stream(AsyncStreamBody)}.
 *
 * <h2>Hand-over protocol</h2>
 * One volatile {@link #slot} carries one item from the body thread to the owner.
 * <ol>
 *   <li>Only the body thread writes an item into the slot, and only when it is empty: an emit
 *       returns only after its item was taken, and emits run one at a time on the body thread.
 *   <li>Only the owner empties the slot, and then unparks the body thread, which parks in
 *       {@code emit} while the slot still holds its item (the body runs at most one item ahead).
 *   <li>No lost owner wake: the owner stores its waker and then reads the slot; the body writes
 *       the slot and then swaps the waker out (the same ordering as {@link AsyncFiber} rule 1).
 *   <li>The body publishes the end only after its last emit returned, so when the owner sees
 *       the end the slot is already empty: no item is lost behind it.
 * </ol>
 *
 * @param <T> the item type
 */
final class AsyncStream<T> extends AsyncFiber<Void> implements PollStream<T> {

    private final AsyncStreamBody<T> body;
    /** The item being handed over, or null. Body thread fills (rule 1), owner empties (rule 2). */
    private volatile T slot;

    AsyncStream(AsyncStreamBody<T> body, BodyLauncher launcher) {
        super(launcher, "Async.stream");
        this.body = Objects.requireNonNull(body, "body");
    }

    @Override
    Poll<Void> execute() throws Exception {
        body.run(this::emit);
        return Poll.done();
    }

    private void emit(T item) {
        Objects.requireNonNull(item, "Async.stream items must not be null");
        checkSuspendable("AsyncEmitter.emit");
        if (isCancelled()) {
            throw cancellation();
        }
        slot = item; // rule 1: the slot is empty here
        wakeOwner(); // rule 3: after the slot write
        try {
            while (slot != null && !isCancelled()) {
                parkOnce();
            }
            if (isCancelled()) {
                slot = null; // nobody polls a closed stream; let the item go
                throw cancellation();
            }
        } finally {
            resume();
        }
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        beginPoll(cx);
        T item = slot; // rule 3: read after the waker store
        if (item != null) {
            slot = null; // rule 2
            unparkBody();
            return Poll.ready(item);
        }
        Poll<Void> end = takeOutcome(); // rule 4: the slot was empty before the end was published
        return end != null ? end.cast() : Poll.pending();
    }

    @Override
    public void close() {
        cancel();
    }
}
