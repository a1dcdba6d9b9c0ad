/**
 * The task engine: one {@link dev.pollbridge.runtime.internal.task.Task} per spawned future, its
 * atomic state word ({@code TaskState}), its join handle, the owned-task registry and the poll
 * budget. This comment is the task protocol; the code cites its rules as "rule T<n>".
 *
 * <h2>State bits (one {@code long}, {@code TaskState})</h2>
 * <pre>
 *   SCHEDULED      in a run queue, or about to be pushed to one by whoever set the bit
 *   RUNNING        one thread owns the future (polling, completing or cancelling it)
 *   NOTIFIED       woken while RUNNING: the runner re-schedules the task once after the poll
 *   COMPLETE       finished, future closed, output stored        (once set, never unset)
 *   CANCELLED      abort() or shutdown requested                 (once set, never unset)
 *   JOIN_INTEREST  a join handle is attached                      (once unset, never set)
 *   SLOW_POLL_REPORTED  a slow poll was reported; set by a runner (once set, never unset)
 * </pre>
 * Besides the word, a task that cancelled running {@code Async} bodies holds the set of those
 * still unwinding (rule T11); while it is not empty a completing task stays RUNNING.
 * Invariants: SCHEDULED and RUNNING are never both set; NOTIFIED only with RUNNING; COMPLETE
 * excludes SCHEDULED, RUNNING and NOTIFIED. A task is in a run queue only while SCHEDULED, or
 * while RUNNING with its {@code queuedRunning} flag set (T1's owned spawn and T4's owned re-queue:
 * the queue entry holds RUNNING). Hence a task is in at most one queue at a time and is polled by at most one
 * thread at a time.
 *
 * <h2>Transitions (each one CAS loop in {@code TaskState}, returning a named outcome)</h2>
 * <ul>
 *   <li><b>T1 spawn.</b> A task is born SCHEDULED (plus JOIN_INTEREST unless detached) and pushed
 *       to a run queue exactly once by the spawner; it is not in the registry yet (T4). If the
 *       runtime is closed (shutdown, T7) the task is never queued: a spawner inside the runtime
 *       cancels it at once by T7 on its own thread (its handle reports the cancellation); one
 *       outside gets {@code RejectedExecutionException} and keeps the future. A spawn that races
 *       with the close is settled by the spawner re-reading the closed flag after its push
 *       ({@code Engine.submit}): the task is then run, or cancelled by T7, never lost.
 *       <br><b>Owned spawn.</b> A task spawned on a worker of a scheduler that takes owned entries
 *       ({@code Scheduler.requeuesOwned}) is born RUNNING instead, with its {@code queuedRunning}
 *       flag set: its one queue entry carries the ownership, as T4's owned re-queue does, and the
 *       worker that takes it polls it with no T2 transition (one CAS less per spawned task). A wake
 *       or an abort before its first turn finds it RUNNING and acts as during a poll. A spawn from
 *       another thread stays SCHEDULED: it can race with the close, which the re-read above
 *       settles with {@code shutdown()}, a no-op on a RUNNING task; a worker's spawn cannot (the
 *       closer joins the worker before it empties the queues, and takes the entry by T7). If the
 *       runtime is closed already, the spawner still holds the entry and cancels the task itself
 *       ({@code shutdownQueued}). Born owned, its first turn's start is recorded as its spawn time
 *       (if turns are timed): the taker re-records it only if its turn starts in a later
 *       {@code TaskClock} unit.
 *   <li><b>T2 run.</b> A thread that takes a task from a queue performs SCHEDULED -&gt; RUNNING
 *       ({@code transitionToRunning}). Only the RUNNING holder touches {@code future} and
 *       {@code output} before COMPLETE (one field holds the future, then the output); the CAS
 *       that hands RUNNING from one thread to the next orders their accesses. The slow-poll flag
 *       is set by the RUNNING holder, or by the thread that just ran the task (a CAS that keeps
 *       the other bits, so it needs no ownership). An entry whose task is no longer SCHEDULED (possible only after shutdown took
 *       it) is skipped. An entry of T1's owned spawn or T4's owned re-queue needs no transition: the
 *       thread that took it from the queue is the RUNNING holder; it reads the word first and cancels instead of
 *       polling if CANCELLED was set meanwhile (T6).
 *   <li><b>T3 wake.</b> {@code wake()} from any thread: if COMPLETE, SCHEDULED or NOTIFIED,
 *       nothing (wakes coalesce); if RUNNING, set NOTIFIED; if idle, set SCHEDULED and push the
 *       task to a queue (the {@code SUBMIT} outcome; exactly one push per outcome). A wake never
 *       polls inline and allocates nothing: the task is its own waker. Fast path: a wake on the
 *       runtime thread that is polling (or closing) this very task only sets a plain flag of
 *       the RUNNING holder, which T4 treats as NOTIFIED (one CAS less per yield).
 *   <li><b>T4 after a pending poll.</b> First, if the task is not in the owned-task registry, the
 *       runner enters it there ({@code Scheduler.enterRegistry}): an idle task sits in no queue
 *       and is reachable only through its wakers, so shutdown finds it only there. A task that
 *       completes in its first poll never enters it: until it waits it is always in a queue or
 *       owned by its runner, where T7 reaches it. If the registry is closed, the runner cancels
 *       the task instead (it holds RUNNING). Then {@code transitionToIdle}: if CANCELLED, the runner keeps
 *       RUNNING and cancels (T6); if NOTIFIED, RUNNING|NOTIFIED -&gt; SCHEDULED and the runner
 *       re-queues it at the back of a queue (a wake during a poll re-schedules exactly once);
 *       else RUNNING is cleared and the task is idle, its waker held by someone (rule 5).
 *       <br><b>Owned re-queue.</b> If the poll woke only its own task (the self-wake of T3: a
 *       yield, a spent budget), the scheduler allows it ({@code Scheduler.requeuesOwned}: only
 *       its workers and its closer take tasks out of its queues) and the word shows no CANCELLED,
 *       the runner skips {@code transitionToIdle}: it sets the task's {@code queuedRunning} flag
 *       (a plain field of the RUNNING holder) and pushes the task to the back of a queue still
 *       RUNNING. The entry carries the ownership: the queue's hand-off (a release store or CAS
 *       by the pusher, an acquire or CAS by the taker) orders the runner's accesses before the
 *       taker's, as the state CAS would. Meanwhile a wake finds RUNNING and sets NOTIFIED (one
 *       extra poll at worst), an abort sets CANCELLED|NOTIFIED, and neither pushes, so the entry
 *       stays the task's only one. This saves the two state CASes of a yield (RUNNING -&gt;
 *       SCHEDULED here, back at T2). The taker records its turn's start for the dump only when the
 *       clock moved to another unit (a CAS about once per 17 ms). A work-stealing worker runs its
 *       turns with {@code Task.runYieldingToCaller}: the runner then hands the flagged task back
 *       to the worker, which pushes it at once, instead of calling {@code Scheduler.yieldTask}.
 *   <li><b>T5 completion.</b> The RUNNING holder closes the future (exactly once: the only
 *       close of a task's future is here), writes {@code output}, then (once the {@code Async}
 *       bodies it cancelled have unwound, T11) RUNNING -&gt; COMPLETE, removes the task from the registry (if it entered it) and wakes the join waker (contained, T10: a throwing
 *       join waker is reported and the output stays for the handle). After COMPLETE, the output
 *       belongs to the join handle.
 *   <li><b>T6 abort.</b> From any thread: set CANCELLED; an idle task also becomes SCHEDULED and
 *       is pushed (so a worker cancels it, never the aborting thread); a running one also gets
 *       NOTIFIED so its runner sees CANCELLED in T4; a scheduled one is cancelled by T2's
 *       {@code CANCELLED} outcome. Cancelling = T5 with a {@code CancellationException}. If the
 *       task completes first, the abort does nothing: one outcome only.
 *   <li><b>T7 shutdown.</b> After the workers stopped, the closer empties the queues and performs
 *       {@code transitionToShutdown} on every task it took from them ({@code shutdownQueued}: an
 *       entry of T1's owned spawn or T4's owned re-queue makes the closer the RUNNING holder, which cancels the task
 *       at once; the workers that could have taken the entry were joined first, which orders
 *       their writes of the flag before the closer's read), then on every task in the
 *       registry (a task may be in both; the second shutdown finds it RUNNING or COMPLETE and
 *       does nothing): COMPLETE -&gt;
 *       nothing; RUNNING (the worker that called close, mid-poll) -&gt; set CANCELLED|NOTIFIED and
 *       that worker cancels it after the poll; otherwise clear SCHEDULED, set RUNNING|CANCELLED
 *       and cancel it on the closing thread. Every future is thus closed exactly once.
 *   <li><b>T8 detach.</b> {@code JoinHandle.close()} clears JOIN_INTEREST, unless the handle
 *       already returned the output (the task is complete and nothing is left to discard). The completer's CAS
 *       (T5) and this one are ordered: if detach came first, the completer discards the output;
 *       if completion came first, the handle owns the output and discards it unless it already
 *       returned it. Exactly one of them discards. Discarding reports a failure (not a
 *       cancellation) to the uncaught-failure handler and closes a value that is an
 *       {@link java.lang.AutoCloseable} (contained, T10), so a task's resource (a semaphore
 *       permit) is not leaked when nobody takes it.
 *   <li><b>T9 join.</b> The joiner stores its waker (volatile), then re-reads the word; the
 *       completer sets COMPLETE (CAS), then swaps the waker out and wakes it. Both pairs are
 *       sequentially consistent, so a completion is never missed; a stale waker only costs a
 *       spurious wake.
 *   <li><b>T10 containment.</b> Every call a runtime thread makes into user code is contained:
 *       the future's {@code poll} (a throw, checked ones thrown sneakily included, fails the
 *       task; a null or {@code done} result too) and {@code close}, the join waker, the
 *       {@code close()} of a discarded output, and on the scheduler's side the slow-poll report
 *       (a logging backend, JFR) and the uncaught-failure handler itself. Whatever they throw is
 *       caught as {@code Throwable} and handed to {@code Scheduler.reportUncaught}, which never
 *       throws; nothing is rethrown into the runtime's loops. So no user code kills a runtime
 *       thread. A throwable that escapes {@code run()} anyway came from the runtime's own code;
 *       the task it cut short is left as it is, and the scheduler replaces the thread (see
 *       {@code internal.scheduler}).
 *   <li><b>T11 unwinding.</b> An {@code Async} future closed while its body runs cannot stop that
 *       body on the spot: the body unwinds on its own thread (its pending await throws
 *       {@code CancellationException}, its {@code finally} blocks run). The close registers that
 *       unwind with {@code UnwindScopes.current()}, which on a runtime thread is the task being
 *       polled or closed ({@code Task.current()}: a select loser, a join child, the task's own
 *       future at T5). The task keeps the registrations in {@code unwinds} (an
 *       {@code UnwindSet}, null for almost every task; RUNNING holder only); each one is ended
 *       exactly once, by the body's thread, after its last {@code finally}. At T5, after the
 *       close and the output write, the RUNNING holder calls {@code handOver}: if no registered
 *       body is unwinding it completes at once as before; otherwise the rest of T5 is stored in
 *       the set and the holder walks away <em>leaving RUNNING set</em>, and the last body to end
 *       becomes the RUNNING holder and finishes T5 on its own thread (COMPLETE, release, the join
 *       waker, contained by T10). No worker waits: the task is simply not finished yet.
 *       <br>Why it is safe. {@code handOver} and the last {@code ended} both run under the set's
 *       monitor, so exactly one of them finishes the completion: either the holder saw no body
 *       pending, or the last ender saw the handed-over completion; the monitor also publishes
 *       the output written before {@code handOver} to the ender. RUNNING stays set from the close
 *       to COMPLETE, so the single-owner rule holds throughout (one thread at a time: the worker,
 *       then the ender), and the other transitions treat the task as running: a wake only sets
 *       NOTIFIED (T3), an abort only CANCELLED|NOTIFIED (T6), a shutdown leaves it to its runner
 *       (T7), and COMPLETE clears those bits. The future was closed once, before the hand-over,
 *       and the ender never touches it (exactly-once close). Registrations come only from code
 *       inside this task's poll or close, all of which happens before the hand-over.
 *       <br>Consequences. A join handle completes only after the bodies its task cancelled have
 *       run their {@code finally} blocks; {@code afterUnwinds(action)} (used by {@code TaskScope}
 *       to report a child's end) runs its action when the last registered body ended, before the
 *       completion. What a body's cleanup threw arrives with its end: while the task completes it
 *       is added as suppressed to a {@code CancellationException} output a joiner will see, and
 *       otherwise (earlier, a detached task, a value output) reported by T10. The task counts as
 *       alive until it completes, so {@code PollRuntime.close()} (T7) and a graceful shutdown wait
 *       for no task to be alive, up to their deadline, and name the bodies still unwinding.
 *   <li><b>T12 home worker.</b> A task in which a continuation-mode {@code Async} body suspended
 *       has a <em>home</em>: the worker thread it suspended on ({@code homeOn}, set once by the
 *       RUNNING holder). The JIT may keep {@code Thread.currentThread()} in a register across a
 *       continuation's yield (it assumes a platform thread's code never changes threads), so a
 *       continuation resumed on another thread could read another thread's thread-locals. A
 *       worker that takes a task whose home is another live worker of its runtime does not run
 *       it: it forwards it to that worker's inbox and wakes that worker (the task stays
 *       SCHEDULED, so it is still in exactly one queue). Stolen tasks and wakes from other threads
 *       reach the home worker this way, at the cost of one hop. A home whose thread died (replaced
 *       by a successor or not) is no home: the worker that takes the task waits for that thread to
 *       end and runs it, and becomes its home (rule A9 allows it once the thread ended); tasks in a
 *       dead worker's inbox go to its queue, where others steal them.
 * </ul>
 *
 * <h2>Poll budget</h2>
 * {@link dev.pollbridge.runtime.internal.task.CoopBudget}: every turn of a task starts with 128
 * units (on the work-stealing scheduler the LIFO polls that follow a poll share its budget and
 * spend a unit each); every primitive of the runtime (join handles, promises, channels,
 * semaphores, notify, task scopes, timers, blocking futures) spends one per ready result and,
 * once it is spent, wakes its task and returns pending without taking anything, so the task
 * re-queues by T4. User futures take part through the public {@code task.Coop}.
 *
 * <h2>Context attachment, current task</h2>
 * Every poll of a task gets a {@code Context} whose waker and attachment are the task itself (a
 * new one per poll: cheaper than keeping one per pending task).
 * While a task's future is polled or closed, {@code Task.current()} returns that task (a field of
 * the runtime thread, or a thread-local on a foreign driver thread): the {@code Async} owner side
 * uses it to register unwinding bodies (T11) and to hand no value to a body whose task is being
 * cancelled. Task-locals do not live in the task: see {@code internal.async.LocalBindings}.
 */
package dev.pollbridge.runtime.internal.task;
