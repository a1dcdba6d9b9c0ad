package dev.pollbridge.runtime.async;

/**
 * The straight-line code of an {@link dev.pollbridge.runtime.Async#stream(AsyncStreamBody)} stream: it produces items
 * with {@link AsyncEmitter#emit(Object)}, and may await futures and other streams in between.
 * Returning ends the stream normally; throwing fails it with that same exception instance.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface AsyncStreamBody<T> {

    /**
     * Produces the items, in the mode {@link dev.pollbridge.runtime.Async#mode()} says (see {@link dev.pollbridge.runtime.Async}).
     *
     * @param emitter hands each item to the consumer, waiting until it is polled
     * @throws Exception any failure; the stream fails with this instance after the items emitted so far
     */
    void run(AsyncEmitter<T> emitter) throws Exception;
}
