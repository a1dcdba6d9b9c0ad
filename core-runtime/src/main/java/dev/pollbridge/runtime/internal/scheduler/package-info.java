/**
 * The schedulers: the shared engine ({@code Engine}: spawning, {@code blockOn}, the blocking
 * pool, reports, metrics, shutdown), the multi-threaded work-stealing flavour and the
 * deterministic current-thread flavour. The task protocol they drive is in
 * {@code dev.pollbridge.runtime.internal.task}; rule numbers {@code T1}, {@code T2}, ... refer to it.
 *
 * <h2>Work-stealing flavour ({@code WorkStealingEngine}, {@code Worker})</h2>
 * Tokio's multi-thread scheduler is the reference ({@code runtime/scheduler/multi_thread}:
 * {@code worker.rs}, {@code queue.rs}, {@code idle.rs}); the code here is our own.
 * <ul>
 *   <li><b>Local queues</b> ({@code LocalQueue}): per worker, a ring of 256 slots that doubles
 *       when a push finds it full, up to 131,072 (as {@code ForkJoinPool}'s work queues grow),
 *       single producer (the owner), many consumers; the owner pops FIFO, idle workers steal half
 *       (from a queue of fewer than 8 tasks only once one has waited 20 &micro;s: see "What a
 *       searcher steals" in {@code Worker}). When full at its largest, the owner moves half of it
 *       to the global queue as one batch entry (one push, as Tokio's {@code push_batch}), which a
 *       worker takes whole. Our own code, after Tokio's {@code queue.rs}; stress-tested with one
 *       owner and several stealers.
 *   <li><b>Global injection queue</b> ({@code GlobalQueue}): spawns and wakes from foreign
 *       threads, and local overflow (batch entries). Workers take a fair share into their local
 *       queue, a batch entry whole. Every few ticks a worker looks at it first, so outside work
 *       is not starved: the interval is tuned per worker from its measured poll time (Tokio's
 *       self-tuning, about 200 &micro;s of polling between two looks), see {@code Worker}.
 *   <li><b>LIFO slot</b>: a task woken or spawned by the task being polled runs next on the same
 *       worker (a message hand-off stays hot in cache and costs no queue operation); a wake
 *       displaces the slot's task to the queue, a spawn finding the slot full goes to the queue
 *       itself (a poll that spawns many tasks pays a push per task, not a swap and a push). The
 *       chain shares one poll budget and is capped at 3 LIFO polls; the slot is an atomic reference
 *       that a searcher or the watchdog may empty when its owner stays in one poll, so a long
 *       poll cannot hold the slot's task hostage (the argument is in {@code Worker}).
 *   <li><b>Watchdog</b> ({@code Watchdog}): one thread per runtime samples each worker's poll
 *       counter and running task; it reports a worker stuck in one poll or close past the
 *       stuck-worker threshold, while stuck, with its stack, and moves a stuck worker's LIFO task
 *       to the global queue. It also marks long turns for the slow-poll report (unless every
 *       poll is timed) and keeps the coarse clock of the task dump's timestamps. The workers read
 *       no clock for it, except once after a turn it marked.
 *   <li><b>Idle workers</b> ({@code Idle}): a packed word counts searching and unparked workers;
 *       at most half of the workers search at once; a producer unparks a parked worker only if
 *       none is searching; the last searcher to stop re-checks every queue. The argument for "no
 *       lost wake" is written in {@code Idle}.
 *   <li><b>Cheap hand-offs on a small machine.</b> A searcher spins (bounded, with
 *       {@code Thread.onSpinWait}) for 40 &micro;s before it parks, and while it spins producers
 *       unpark nobody; a worker unparked for work someone else took parks again without
 *       spinning; a push to a local queue looks for a parked worker only when the queue was
 *       (nearly) empty, and a yield into an empty queue (LIFO slot and global queue empty too)
 *       not at all, since its worker runs that task next ({@code Worker.pushBackYielded}); a
 *       foreign producer waits up to 3 &micro;s for a running worker to start
 *       searching before unparking a second one; {@code blockOn} spins 20 &micro;s before
 *       parking its thread. All spins are bounded in time, and the two long ones call
 *       {@code Thread.yield()} now and then: on an oversubscribed machine the thread a spinner
 *       waits for may be waiting for the spinner's CPU (measured: 100,000 spawn-then-blockOn
 *       round trips under load average 10 went from a 0.5-3.3 s mean with 18,000-410,000 parks
 *       to a steady 0.6-0.9 s with about 250 parks).
 *   <li><b>A worker thread that dies</b> (of a throwable from the runtime's own code: user code
 *       is contained, rule T10) is counted ({@code PollRuntimeMetrics.deadWorkers}), logged at
 *       {@code ERROR}, taken out of the searching count, and replaced by a new thread that
 *       takes over the same worker (queue, LIFO slot, index), unless the runtime is stopping or
 *       no thread can be started; then the worker counts as dead in {@code Idle} and its tasks
 *       are stolen by the others. The argument is in {@code Worker}.
 * </ul>
 *
 * <h2>Why the global queue is our own {@code FAAArrayQueue}</h2>
 * Every worker consumes from the global queue, so it is multi-producer <em>multi</em>-consumer,
 * and a spawn must never fail, so it is unbounded. A bounded array queue would make spawns fail
 * or spin when full; {@code ConcurrentLinkedQueue} allocates a node per task and its
 * {@code size()} is O(n), which the batch take needs on every refill; a lock-protected list
 * (Tokio's choice) serialises producers. The first version used JCTools'
 * {@code MpmcUnboundedXaddArrayQueue}, which has the right shape but reaches
 * {@code sun.misc.Unsafe}: on the module path it fails with {@code NoClassDefFoundError}, and on
 * JDK 24 and later the class path prints the JDK's Unsafe deprecation warning. {@code GlobalQueue}
 * is Ramalhete and Correia's {@code FAAArrayQueue} written on {@code VarHandle}s: lock-free on both
 * ends (one fetch-and-add and one CAS or swap per operation), one allocation per 1024 tasks, an
 * O(1) size, and a consumer never waits for a producer stalled between its claim and its store.
 * Its class comment has the argument; {@code docs/performance.md} has the measurements against
 * JCTools.
 *
 * <h2>Current-thread flavour ({@code CurrentThreadEngine})</h2>
 * {@code workers(0)}: one FIFO queue drained by the thread in {@code blockOn} or
 * {@code runUntilIdle()} (the test kit's {@code TestRuntime}); runs are reproducible.
 * {@code blockOn} runs tasks in batches of 61 and looks at its own future (and at an interrupt)
 * between batches, as Tokio's current-thread scheduler does, so a task that keeps the queue
 * busy cannot starve it.
 *
 * <h2>Blocking pool</h2>
 * {@code BlockingPool} is a {@code ThreadPoolExecutor} with no core threads and a hand-off queue:
 * a job goes to an idle thread, else a new one up to the maximum, else a FIFO queue; idle threads
 * exit after the keep-alive. Its thread factory records its threads so shutdown can join them;
 * each job is a {@code FutureTask} (cancel before start, interrupt while running). A job queued
 * by the rejection handler while the last thread was leaving gets a new thread (the window is
 * described in {@code BlockingPool}); a job's throwing waker is reported, not thrown into the
 * pool thread.
 *
 * <h2>Failures</h2>
 * {@code FailureReporter} is the last stop of every contained call: it hands the failure to the
 * uncaught-failure handler, logs if the handler throws, and prints to {@code System.err} if the
 * logging backend throws too. It never throws.
 */
package dev.pollbridge.runtime.internal.scheduler;
