/**
 * The Pollbridge contract: {@link dev.pollbridge.api.PollFuture}, {@link dev.pollbridge.api.PollStream},
 * {@link dev.pollbridge.api.Poll}, {@link dev.pollbridge.api.Waker}, {@link dev.pollbridge.api.Context}
 * and the pure combinators ({@link dev.pollbridge.api.Futures}, {@link dev.pollbridge.api.Streams}).
 * It has no dependencies and starts no threads.
 */
module dev.pollbridge.api {
    exports dev.pollbridge.api;
}
