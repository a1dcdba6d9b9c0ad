package dev.pollbridge.runtime.time;

/**
 * What an interval does when its consumer takes a tick late, after the next tick was already due
 * (Tokio's {@code MissedTickBehavior}). Ticks are due on the grid {@code start + k * period}; a
 * late consumer (a GC pause, a slow poll, a suspended machine) has missed some of them. Each
 * behavior delivers the late tick at once; they differ in when the next one is due.
 *
 * <p>Example, period 10 ms, first tick at 0: the consumer takes the tick due at 10, then does not
 * poll again until 65.
 * <table>
 *   <caption>The ticks after the late poll at 65</caption>
 *   <tr><th>behavior</th><th>ticks at</th><th>why</th></tr>
 *   <tr><td>{@link #BURST}</td><td>65, 65, 65, 65, 65, 70, 80, ...</td><td>every missed grid
 *       point (20, 30, 40, 50, 60) is delivered at once, then the grid goes on</td></tr>
 *   <tr><td>{@link #DELAY}</td><td>65, 75, 85, ...</td><td>the schedule restarts from the late
 *       tick: the grid moves</td></tr>
 *   <tr><td>{@link #SKIP}</td><td>65, 70, 80, ...</td><td>the missed points are dropped; the
 *       next tick is the next grid point after now</td></tr>
 * </table>
 */
public enum MissedTickBehavior {

    /**
     * Catch up: each missed tick is delivered as fast as the consumer polls, until the ticks are
     * back on the original grid. For counting periods exactly (each tick is a unit of work that
     * must happen), at the price of a burst of work on a consumer that is already late.
     */
    BURST,

    /**
     * Start over: the next tick is due one period after the late tick was taken, so the grid
     * shifts by the lateness. For "at least a period between two ticks" (polling a service that
     * must not be hit twice in quick succession). A tick taken at most 5 ms after its deadline
     * (Tokio's tolerance, for timers that fire a little late) does not move the grid.
     */
    DELAY,

    /**
     * Drop the missed ticks: the next tick is the next grid point after the late one was taken.
     * The schedule stays on the grid and no stale tick piles work on a late consumer. The
     * runtime's default.
     */
    SKIP
}
