/**
 * The engines behind {@code Async}, and the task-locals; not exported. This comment is the
 * {@code Async} protocol, written once for both engines; the code cites its rules as "rule A<n>".
 *
 * <h2>Two engines, one contract</h2>
 * <ul>
 *   <li><b>Continuation mode</b> ({@link dev.pollbridge.runtime.internal.async.ContinuationFiber}
 *       the owner side, {@code ContinuationBody} the body side, {@code ContinuationFuture},
 *       {@code ContinuationStream}): the body is a
 *       {@code jdk.internal.vm.Continuation} ({@link dev.pollbridge.runtime.internal.async.Continuations})
 *       that the owner runs inside its own poll, on its own thread.
 *   <li><b>Thread mode</b> ({@link dev.pollbridge.runtime.internal.async.ThreadFiber},
 *       {@code ThreadFuture}, {@code ThreadStream}): the body runs on a thread of its own
 *       ({@link dev.pollbridge.runtime.internal.async.BodyLauncher}: a virtual thread, or the
 *       bounded pool on Java 17) and parks in each suspension; the owner's polls serve it.
 * </ul>
 * The <em>owner</em> is whoever polls the {@code Async} future or stream (a task, {@code blockOn},
 * a combinator), one thread at a time, and it also closes it. {@code Async.await},
 * {@code Async.next} and {@code emit} find the body through
 * {@link dev.pollbridge.runtime.internal.async.Fiber#current}.
 *
 * <h2>Rules</h2>
 * <ol>
 *   <li><b>A1 One mode per JVM.</b> {@link dev.pollbridge.runtime.internal.async.AsyncEngine}
 *       picks it once: continuations where the JVM lets this module use them, unless
 *       {@code -Ddev.pollbridge.async.mode=threads}; threads otherwise (and an {@code INFO} line
 *       naming the flag on Java 21+). Both engines may meet in one JVM (tests make both), since
 *       each awaits the other as a plain future.
 *   <li><b>A2 The body moves only inside its owner's poll or close.</b> Continuation mode: the
 *       first poll creates the continuation and runs it; the body runs until an await of a
 *       pending future, an {@code emit}, or its end, then yields and the poll returns; the next
 *       poll resumes it. An await of a ready future returns without yielding. Thread mode: the
 *       first poll launches the body thread; a suspension publishes what it waits for, wakes the
 *       owner and parks; the owner's poll polls it and hands the result over. Either way, a value
 *       reaches the body only during a poll of its owner.
 *   <li><b>A3 A child is polled with the owner's context.</b> The future an await waits for (the
 *       stream {@code next} reads) is polled on the owner's thread with the owner's
 *       {@code Context}: its wake wakes the owner's task, its polls spend the owner's poll budget
 *       and count in the owner's slow-poll timing, and it sees the owner's task-locals plus those
 *       the body bound itself around the await. A finished future is closed at once, exactly once
 *       (a throwing close fails the await). A poll that throws, returns {@code null} or breaks its
 *       contract is the child's failure. In thread mode the body also sees, in
 *       {@code Coop.hasBudgetRemaining()}, what its owner's budget had left when it resumed it.
 *       A suspension from inside such a poll is refused: a poll must never wait.
 *   <li><b>A4 Locals follow the poll that resumes the body.</b> At every resume the body sees the
 *       task-locals and the carried thread-locals ({@link dev.pollbridge.runtime.internal.async.ThreadCarrier},
 *       such as MDC) of that poll. What it binds itself lasts until it suspends: task-local scopes
 *       it opened stay with the body (installed again when it resumes, until they end), carried
 *       thread-locals are put back as they were at the resume. So in continuation mode nothing a
 *       body sets through them is left on the worker for its next task.
 *   <li><b>A5 Cancellation is drop.</b> {@code close()} cancels the body: one that never started
 *       never runs; a suspended one throws {@code CancellationException} from its suspension
 *       after the awaited future was closed, its {@code finally} blocks run, and every later
 *       suspension throws at once (cleanup cannot wait). Continuation mode resumes the body once,
 *       inside {@code close()}, so it has ended when {@code close()} returns; thread mode unparks
 *       its thread and registers the unwind with the closer's scope (task rule T11), which waits
 *       for it. What a cancelled body leaves (its cleanup failures, a failure it ended with, a
 *       value it returned anyway, an end nobody read) goes to
 *       {@link dev.pollbridge.runtime.internal.async.Endings}: values are closed if
 *       {@code AutoCloseable}; failures other than the cancellation itself go to the sink the
 *       closer named ({@code UnwindScopes.closeReporting}: an adapter's error hook), else to the
 *       task (attached to the cancellation its joiner sees, or reported), else to the log.
 *   <li><b>A6 An aborted task hands nothing over.</b> Once the owner's task is asked to cancel
 *       ({@code abort()}, shutdown), an await or {@code next} neither polls its child nor hands
 *       over a result: it checks before the poll and again after a ready result, which it then
 *       drops as in A5. The task closes the future after this poll, which unwinds the body. So a
 *       value sent after {@code abort()} returned never reaches the body.
 *   <li><b>A7 A refused yield fails that suspension.</b> The JVM may refuse to suspend a
 *       continuation (it is pinned: a native frame such as a class initializer, or a monitor on
 *       Java 21 to 23). The await, {@code next} or {@code emit} then throws an
 *       {@code IllegalStateException} that names the reason, after closing what it owned; the
 *       body's stack is intact and it goes on, and no worker waits. Thread mode never yields, so
 *       it has no such case.
 *   <li><b>A8 {@code tryEmit} offers go through one slot</b>
 *       ({@link dev.pollbridge.runtime.internal.async.OfferSlot}): at most one item, only while
 *       the consumer has polled without an item since; the owner hands an offered item out before
 *       the body's next emit or end; an accepted item that the consumer never reads is closed at
 *       the close. The poll that returns the end, and the close, shut the slot for good first,
 *       so an offer either comes out ahead of the end or is refused (its caller keeps it).
 *   <li><b>A9 A continuation resumes at home.</b> Compiled code may keep
 *       {@code Thread.currentThread()} in a register or stack slot across a call, and a yield is a
 *       call: a body resumed on another thread may go on using the thread it suspended on, and so
 *       read and write that thread's thread-locals (a {@code ThreadLocal}, MDC, this package's
 *       mounted body and task-local bindings) while that thread uses them: a data race on another
 *       thread's map. So a suspended continuation-mode body is polled only on its <em>home</em>,
 *       the thread it last suspended on, or, once that thread has ended (its thread-locals are
 *       cleared when it ends, and nothing else uses them), on any thread, which becomes its home.
 *       The runtime keeps this by itself: a task is run only by its home worker (task rule T12),
 *       an abort is carried out by that worker, and {@code PollRuntime.close()} joins its workers
 *       before it closes their tasks. A poll away from a live home ({@code MockTask} or a
 *       hand-written loop polling from several threads, the current-thread runtime driven by
 *       several {@code blockOn} threads in turn) throws {@link IllegalStateException} and leaves
 *       the body as it was. A close away from a live home still unwinds the body on the closing
 *       thread, inside {@code close()}: close must release what the body holds, cannot wait for
 *       the home thread (pull-model rule 11), which nothing obliges to come back, and so leaves
 *       the closer's task nothing to wait for (task rule T11). This package's own state stays
 *       safe during that unwind ({@code HomeThreads}: the body's suspensions look up the
 *       mounted body afresh); what the body's own cleanup does with thread-locals is the one
 *       thing a user cannot rely on there, and docs/async.md says so.
 * </ol>
 *
 * <p>Also here: {@link dev.pollbridge.runtime.internal.async.LocalBindings} (the task-local values
 * in force on the current thread, an immutable list pushed before a poll and restored after it),
 * {@link dev.pollbridge.runtime.internal.async.InheritedLocals} (inheritable task-locals at a
 * spawn) and {@link dev.pollbridge.runtime.internal.async.Failures} (the one failure rule of
 * {@code blockOn}, {@code Async.await} and {@code Async.next}).
 */
package dev.pollbridge.runtime.internal.async;
