package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import dev.pollbridge.runtime.internal.task.BudgetedThread;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Task;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * One worker of the {@link WorkStealingEngine}: its local queue, LIFO slot and loop (Tokio's
 * {@code multi_thread/worker.rs}, much reduced). Each field says who may touch it; "owner" means
 * this worker's thread.
 *
 * <h2>The loop</h2>
 * <ol>
 *   <li>Every {@code globalQueueInterval}th tick, the global queue first (fairness: tasks from
 *       outside are not starved by a local queue that keeps refilling itself). The interval is
 *       tuned (see "The global-queue interval") unless the builder fixed it.
 *   <li>Otherwise the LIFO slot, the local queue, then a batch from the global queue (its fair
 *       share, moved into the local queue so the next ticks need no shared access). While no
 *       worker is idle, a pop from a long local queue claims up to {@value LocalQueue#POP_BATCH}
 *       tasks with one CAS, and the next turns take them without one (see {@link LocalQueue}).
 *   <li>No local work: become a searcher (at most half the workers are) and steal half of another
 *       worker's queue (see "What a searcher steals"), or take from the global queue.
 *   <li>Still nothing: a searcher spins for up to {@value #SPIN_NANOS} ns
 *       ({@link Thread#onSpinWait()}) re-checking all queues; while it spins, producers see a
 *       searcher and unpark nobody, so a hand-off to a busy runtime costs no unpark.
 *   <li>Park until a producer picks this worker ({@link Idle}).
 * </ol>
 * After a task's poll, the LIFO slot holds the task it woke last, or else the first it spawned (a
 * message hand-off, or a spawned child, runs next, while the data is hot).
 *
 * <h2>Owned yields</h2>
 * A task that wakes itself in its poll (a yield, a budget hand-back) and is not cancelled goes
 * back to the queue still RUNNING (task rule T4): its turn returns it to this worker
 * ({@link Task#runYieldingToCaller}), which queues it at once ({@link #pushBackYielded}). If the
 * poll woke no other task (the LIFO slot is empty), and the next tick is not the global queue's,
 * the next turn is the next task of the batch this worker has claimed from its queue, taken
 * without the loop's checks: the inbox and the stopping flag are looked at again when the claimed
 * batch ends, after at most {@value LocalQueue#POP_BATCH} turns. The checks a turn needs for
 * itself stay per turn: its poll budget, poll count and running task (the watchdog and the
 * slow-poll timing), its home (rule T12), its forced-yield count, and the tick that brings the
 * global queue's turn. A yield-heavy load (many tasks that each yield often) thus costs one loop
 * turn per claimed batch instead of one per yield. A worker that times each poll queues the yield
 * through the engine ({@code yieldTask}) and runs each turn through the loop.
 *
 * <h2>The LIFO slot (Tokio's rules, and a slot others can take)</h2>
 * <ul>
 *   <li><b>Capped.</b> A task and the LIFO tasks run after it share one poll budget (it is granted
 *       once per {@link #runTask}); each LIFO poll spends a unit, a LIFO task found when the
 *       budget is spent goes to the back of the queue, and after {@value #MAX_LIFO_POLLS} LIFO
 *       polls in a row the slot is switched off until the chain ends, so the third task's wakes
 *       go to the queue too. Two tasks that wake each other cannot keep the worker from its queue.
 *   <li><b>Not for a joiner while children are queued.</b> A task woken by the completion of a
 *       task it joins goes behind the queued tasks when there are any ({@link #wakeJoiner}), so a
 *       task joining many children collects them in a few polls, not one poll per child.
 *   <li><b>Stealable when the owner stays in one poll.</b> The slot is written by the owner only
 *       while it polls, and taken by the owner right after the poll, so a task in it normally
 *       waits for less than a poll. But a poll that runs long (CPU work, a blocking call against
 *       rule 4) would hold the task hostage: it cannot be stolen from a plain field, and a push to
 *       the slot unparks nobody. So the slot is an atomic reference that two others may empty by
 *       CAS, only when the owner's poll counter has not moved while the same task sat in the slot:
 *       a spinning searcher after {@value #LIFO_STEAL_GRACE_NANOS} ns (Go steals its
 *       {@code runnext} after 3 &micro;s; Tokio 1.51 stole the slot at once and lost about 30 %
 *       on short message hand-offs, so it reverted), and the {@link Watchdog} once a whole sample
 *       period passed (it moves the task to the global queue and unparks a worker, for the case
 *       where every other worker is parked). The owner takes the slot with a CAS too; putting a
 *       task into an empty slot is a release store (only the owner makes it non-empty).
 *   <li><b>Optional.</b> {@code PollRuntimeBuilder.lifoSlot(false)} sends every wake to the back of
 *       the local queue instead (Tokio's {@code disable_lifo_slot}).
 * </ul>
 *
 * <h2>What a searcher steals: a backlog, or a task that waited</h2>
 * A searcher steals half of a queue holding {@value #STEAL_BACKLOG} tasks or more at once. From a
 * shorter queue it steals only once a task in it has waited {@value #STEAL_AGE_NANOS} ns: at its
 * first look it notes the queue's tail, and it steals at a later look if the queue's head has not
 * passed that tail {@value #STEAL_AGE_NANOS} ns after the first one ({@link #waitedLong}). A busy
 * worker's few queued tasks are usually its own pipeline: tasks that wake one another (a channel's
 * producers and consumer, two tasks handing messages back and forth), each in the queue for a few
 * microseconds. Stolen at once, they moved between the workers at nearly every wake, and every
 * message then crossed between cores: the channel scenario (4 producers, 1 consumer) made one
 * steal per poll and 2 to 10 million items per second on two workers, against about 25 million on
 * one. A worker that stays in one long poll, or has more queued than it gets through in that time,
 * still has them taken within about {@value #STEAL_AGE_NANOS} ns of a searcher's first look (less
 * than a searcher's {@value #SPIN_NANOS} ns of spinning, so a searcher woken for the task stays
 * until it may take it). A worker unparked by a push that finds only such tasks spins as a
 * searcher instead of parking again at once, so the owner's next pushes see a searcher and unpark
 * nobody. Tokio and {@code ForkJoinPool} steal from any non-empty queue; Go leaves
 * a running P its {@code runnext} task for 3 &micro;s, and the LIFO slot above has the same kind
 * of grace.
 *
 * <h2>The global-queue interval</h2>
 * Tokio's self-tuning: the worker keeps an exponentially weighted mean of its poll time (one clock
 * read per forced look, none per poll) and sets the interval to about
 * {@value #TARGET_GLOBAL_QUEUE_NANOS} ns of polling, between 2 and 127 ticks, so a task injected
 * from outside waits about as long behind long polls as behind short ones. The measurement
 * restarts after each park. {@code PollRuntimeBuilder.globalQueueInterval(n)} fixes it instead.
 *
 * <h2>Slow polls</h2>
 * By default a worker reads no clock per poll (Tokio's default too). It times each poll exactly
 * (two clock reads, in {@link Task#run()}) only when the poll-time histogram is on or the
 * slow-poll threshold is too short for the watchdog to see (see {@link WorkStealingEngine}).
 * Otherwise the {@link Watchdog}, which samples each worker's (poll count, running task), marks a
 * turn it saw at two samples in a row: {@link #markLongTurn} stores the time it first saw it (and
 * the task's name), then the turn's poll count. After each turn the worker compares that count with the turn's own (one
 * read of its own field); only if they are equal does it read the clock, and it reports a slow
 * poll if the turn lasted the threshold. <b>Invariant: a marked count belongs to the turn that
 * published it, and the time beside it to that count.</b> Poll counts only grow, so a mark that
 * arrives after its turn's check never matches a later turn and needs no clearing; and the
 * watchdog marks turn {@code n + 1} only after reading the count this worker stores, with a
 * release store, after its check of turn {@code n}, so a later mark never overwrites the time
 * or name while the owner reads them (release store of the count here, acquire read there; the
 * mark itself is a release store of the count after the time and name, read here with an acquire
 * fence).
 *
 * <h2>When the thread dies</h2>
 * User code never kills a worker: every call into it is contained (rule T10). A throwable that
 * escapes the loop anyway came from the runtime's own code (an {@link OutOfMemoryError}, say).
 * The worker object is intact (its queue, LIFO slot and counters are consistent between two
 * statements of the loop), only its thread is lost, so the dying thread hands the worker to a new
 * thread of the same name: it takes itself out of the searching count, points {@link #thread}
 * and the parker at the successor, and starts it ({@link Thread#start()} orders every write of
 * the dying thread before the successor's first read, so the owner-only fields pass safely).
 * The task whose turn was cut short is in an unknown state and is not touched again; the log
 * line names it. No successor is started while the runtime is stopping, or if it cannot be
 * (the thread cannot be created or started): the worker then counts as dead in {@link Idle}, is
 * marked {@link #dead}, its inbox and LIFO task go to its queue, and the other workers steal what
 * is queued there.
 *
 * <p>A task whose home (rule T12) was the dying thread is run by whichever worker takes it next,
 * which becomes its home: rule A9 lets a continuation move once its home thread has ended, so
 * that worker first waits for the dying thread to end (it is in its last statements, at most
 * {@value #HOME_END_WAIT_MILLIS} ms); a home still alive after that makes the body's poll fail
 * with A9's {@link IllegalStateException} (the task fails clearly instead of waiting for ever).
 *
 * <h2>Padding</h2>
 * The owner writes {@code polls}, {@code running}, the LIFO slot and its loop state on every
 * poll. The engine makes {@link Padded} workers, with {@link CacheLinePadding#BYTES} on each side
 * of those fields, so that no other worker's object shares a cache-line pair with them wherever
 * the garbage collector moves them (see {@link CacheLinePadding}).
 */
class Worker extends CacheLinePadding implements Runnable {

    /** The first global-queue interval, and the fixed one Tokio used before it tuned it (prime, so it drifts). */
    static final int GLOBAL_QUEUE_INTERVAL = 61;
    /** The polling time a tuned interval aims at between two looks at the global queue (Tokio's 200 us). */
    static final long TARGET_GLOBAL_QUEUE_NANOS = 200_000L;
    /** Bounds of a tuned interval (Tokio's): 2 so the global queue is never checked first every time. */
    static final int MIN_TUNED_INTERVAL = 2;
    static final int MAX_TUNED_INTERVAL = 127;
    /** Weight of one poll in the mean poll time (Tokio's). */
    static final double POLL_TIME_EWMA_ALPHA = 0.1;
    /** LIFO-slot polls allowed after one task's poll before the slot is switched off for the chain. */
    static final int MAX_LIFO_POLLS = 3;
    /** How long a searcher watches a task sit in a busy worker's LIFO slot before taking it. */
    static final long LIFO_STEAL_GRACE_NANOS = 20_000L;
    /** A queue holding this many tasks or more is a backlog: a searcher steals half of it at once. */
    static final int STEAL_BACKLOG = 8;
    /** How long a task waits in a shorter queue before a searcher takes it (see "What a searcher steals"). */
    static final long STEAL_AGE_NANOS = 20_000L;
    /** How long a searcher spins before parking. Spinning is bounded and only one worker in two spins. */
    static final long SPIN_NANOS = 40_000L;
    /** How long a worker waits for a dead worker's thread to end before it runs a task homed there. */
    static final long HOME_END_WAIT_MILLIS = 1_000L;

    private static final VarHandle POLLS;
    private static final VarHandle STEALS;
    private static final VarHandle PARKS;
    private static final VarHandle FORCED_YIELDS;
    private static final VarHandle LIFO_SLOT;
    private static final VarHandle RUNNING;
    private static final VarHandle LONG_TURN;
    private static final VarHandle LONG_TURN_SINCE;
    private static final VarHandle LONG_TURN_NAME;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            POLLS = lookup.findVarHandle(Worker.class, "polls", long.class);
            STEALS = lookup.findVarHandle(Worker.class, "steals", long.class);
            PARKS = lookup.findVarHandle(Worker.class, "parks", long.class);
            FORCED_YIELDS = lookup.findVarHandle(Worker.class, "forcedYields", long.class);
            LIFO_SLOT = lookup.findVarHandle(Worker.class, "lifoSlot", Task.class);
            RUNNING = lookup.findVarHandle(Worker.class, "running", Task.class);
            LONG_TURN = lookup.findVarHandle(Worker.class, "longTurn", long.class);
            LONG_TURN_SINCE = lookup.findVarHandle(Worker.class, "longTurnSince", long.class);
            LONG_TURN_NAME = lookup.findVarHandle(Worker.class, "longTurnName", String.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WorkStealingEngine engine;
    final int index;
    /** Owner pushes and pops; other workers steal (through {@code WorkStealingEngine.queues}). */
    final LocalQueue<Task<?>> queue;
    /**
     * Owner only: scratch for the global take of single tasks, which takes at most this many
     * (growing the local queue for them): spawns from outside arrive in chunks this large.
     */
    private final Object[] batch = new Object[2048];
    /**
     * Owner only: the tasks one overflow of the local queue hands over (its older half and the
     * pushed task, {@link LocalQueue#pushBack}), sent to the global queue as one batch. Grows with
     * the first overflow of a ring at its largest (to half of that size, plus one).
     */
    private Object[] overflowed = new Object[LocalQueue.INITIAL_CAPACITY / 2 + 1];
    private int overflowedCount;
    private final Consumer<Object> overflowSink = this::addOverflowed;
    private final int[] stolen = new int[1];
    /** Parks and unparks the owner; re-bound to a successor thread if the owner dies. */
    final Parker parker;
    /**
     * The thread running this worker (a {@link WorkerThread}, or a thread of the user's factory).
     * Written at construction and by a dying thread just before it starts its successor; the
     * closer re-reads it after each join (WorkStealingEngine).
     */
    volatile Thread thread;

    /**
     * The task woken last by the task being polled (or, if it woke none, the first it spawned),
     * run next. Only the owner makes it non-empty; the owner, a searcher or the watchdog empties
     * it by CAS (see "The LIFO slot"). Through {@link #LIFO_SLOT} only.
     */
    @SuppressWarnings("unused")
    private Task<?> lifoSlot;
    /** Owner only: the builder's setting. */
    private final boolean lifoConfigured;
    /** Owner only: wakes may use the LIFO slot now (off for the rest of a chain once it is capped). */
    private boolean lifoEnabled;
    /** Owner only: what this worker saw in each victim's LIFO slot at its last look, and when. */
    private final Task<?>[] lifoSeen;
    private final long[] lifoSeenPolls;
    private final long[] lifoSeenAt;
    /**
     * Owner only: per victim, the tail of its queue at this worker's first look at the tasks then
     * queued, and the time of that look ({@link #waitedLong}).
     */
    private final int[] queueSeenTail;
    private final long[] queueSeenAt;
    /** Owner only: this worker is counted as searching in {@link Idle}. */
    private boolean searching;
    /**
     * Tasks other workers forwarded here because this is their home (task rule T12). Any thread
     * adds (then wakes this worker through {@link Idle#notifyWorker}); the owner takes.
     */
    final ConcurrentLinkedQueue<Task<?>> inbox = new ConcurrentLinkedQueue<>();
    /**
     * This worker's thread died and has no successor: nothing takes from {@link #inbox} any more.
     * Written once by the dying thread, before it drains the inbox into the queue; read by
     * forwarders ({@code WorkStealingEngine.forward}) before and after they add to the inbox.
     */
    volatile boolean dead;

    /** Owner only: unparked by a producer and has not run a task since. */
    private boolean notified;
    /** Owner only: ticks left until the next forced look at the global queue. */
    private int ticksToGlobalCheck = GLOBAL_QUEUE_INTERVAL;
    /** Owner only: the fixed interval, or {@link SchedulerTuning#ADAPTIVE}. */
    private final int fixedGlobalQueueInterval;
    /** Owner only: the current interval (tuned, or fixed). */
    private int globalQueueInterval;
    /** Owner only: the tuning's running measurement (start time and poll count), and its result. */
    private boolean measuring;
    private long measureStartNanos;
    private long measureStartPolls;
    private double meanPollNanos = (double) TARGET_GLOBAL_QUEUE_NANOS / GLOBAL_QUEUE_INTERVAL;
    /** Owner only: xorshift state for the steal start. */
    private int random;
    /**
     * Only on the threads of a user's factory: the task being run now (polled, completed or
     * cancelled), or null between tasks. Written by the owner (opaque, through {@link #RUNNING});
     * read through {@link #runningTask()}. On this runtime's own threads the task is the thread's
     * current task instead, so a turn stores no reference here (see {@link #taskOnThread}).
     */
    @SuppressWarnings("unused")
    private Task<?> running;
    /**
     * True when this worker runs on {@link WorkerThread}s (no user factory): {@link #runningTask()}
     * reads the thread's current task, which the task's poll sets anyway, and {@link #poll} writes
     * no {@link #running}. Why one reference store fewer per poll matters: this object outlives
     * young collections and ends in the old generation, where G1's write barrier (JDK 17 to 25)
     * runs a StoreLoad fence for every store of a young reference, such as a task (see
     * "Why the executor scenarios are bimodal" in {@code docs/performance.md}).
     */
    private final boolean taskOnThread;
    /** The engine times each poll ({@link Task#run()}), else turns take {@link Task#runYieldingToCaller}. Immutable. */
    private final boolean timesEachPoll;
    /** Owner only: the task whose {@code run()} threw out of {@link #poll}, for {@link #died}'s report. */
    private Task<?> cutShort;
    /** Owner only: the sequence part of the next task id spawned on this worker. */
    private long nextIdSequence;
    /** Counters: written by the owner only (opaque), read racily by {@code metrics()}. */
    @SuppressWarnings("unused")
    private long polls;
    @SuppressWarnings("unused")
    private long steals;
    @SuppressWarnings("unused")
    private long parks;
    @SuppressWarnings("unused")
    private long forcedYields;
    /**
     * The poll-time histogram, or null if the builder left it off ({@code pollTimeHistogram}).
     * Written by the owner only, read racily by {@code metrics()}.
     */
    private final PollTimes pollTimes;
    /**
     * Slow-poll timing by the {@link Watchdog} (see "Slow polls"): the poll count of a turn it saw
     * at two samples in a row (0: none yet), the time it first saw it, and the task's name then
     * (after the turn the future may be closed, and the name would lose its class). Written by
     * the watchdog only ({@link #markLongTurn}), read by the owner after each turn.
     */
    @SuppressWarnings("unused")
    private long longTurn;
    @SuppressWarnings("unused")
    private long longTurnSince;
    @SuppressWarnings("unused")
    private String longTurnName;

    Worker(WorkStealingEngine engine, int index) {
        this.engine = engine;
        this.index = index;
        SchedulerTuning tuning = engine.config().tuning();
        this.queue = new LocalQueue.Padded<>(tuning.localQueueMaxCapacity());
        this.lifoConfigured = tuning.lifoSlot();
        this.lifoEnabled = lifoConfigured;
        this.fixedGlobalQueueInterval = tuning.globalQueueInterval();
        this.globalQueueInterval = fixedGlobalQueueInterval == SchedulerTuning.ADAPTIVE
                ? GLOBAL_QUEUE_INTERVAL : fixedGlobalQueueInterval;
        this.ticksToGlobalCheck = globalQueueInterval;
        int workers = engine.config().workers();
        this.lifoSeen = new Task<?>[workers];
        this.lifoSeenPolls = new long[workers];
        this.lifoSeenAt = new long[workers];
        this.queueSeenTail = new int[workers];
        this.queueSeenAt = new long[workers];
        this.pollTimes = engine.config().pollTimeHistogram() ? new PollTimes() : null;
        this.random = 0x9E3779B9 * (index + 1);
        this.taskOnThread = engine.config().threadFactory() == null;
        this.timesEachPoll = engine.timesEachPoll();
        this.thread = newThread();
        this.parker = new Parker(thread);
    }

    /** A thread for this worker: the first one, or the successor of one that died. */
    private Thread newThread() {
        return RuntimeThreads.worker(engine.config(), engine, this, index);
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable death) {
            died(death);
        } finally {
            CoopBudget.set(CoopBudget.unlimited());
        }
    }

    private void loop() {
        while (!engine.isStopping()) {
            Task<?> task = nextTask();
            if (task == null) {
                task = stealWork();
            }
            if (task == null) {
                task = spinForWork();
            }
            if (task != null) {
                runTask(task);
            } else {
                park();
            }
        }
    }

    /** The loop threw (see "When the thread dies"); runs on the dying thread, never throws. */
    private void died(Throwable death) {
        try {
            Task<?> cutShort = this.cutShort;
            this.cutShort = null;
            RUNNING.setOpaque(this, (Task<?>) null);
            notified = false;
            lifoEnabled = lifoConfigured;
            if (searching) {
                searching = false;
                if (engine.idle.transitionWorkerFromSearching()) {
                    engine.notifyIfWorkPending();
                }
            }
            Thread dying = thread;
            boolean replaced = false;
            String outcome;
            if (engine.isStopping()) {
                outcome = "not replaced: the runtime is shutting down";
            } else {
                try {
                    Thread successor = newThread();
                    parker.rebind(successor);
                    thread = successor; // before start: a closer joins the latest thread
                    successor.start(); // from here on the successor owns this worker
                    replaced = true;
                    outcome = "replaced by a new thread of the same name";
                } catch (Throwable cannotReplace) {
                    outcome = "could not be replaced (" + cannotReplace + "); the other workers steal its queued tasks";
                }
            }
            if (!replaced) {
                // Volatile write, then the inbox's takes: a forwarder that adds after the drain
                // reads the flag after its add, and takes its task back (WorkStealingEngine.forward).
                dead = true;
                for (Task<?> forwarded; (forwarded = inbox.poll()) != null; ) {
                    pushBack(forwarded);
                }
                for (Task<?> claimed; (claimed = queue.popClaimed()) != null; ) {
                    pushBack(claimed); // stealers cannot take a claimed task (LocalQueue's batch)
                }
                Task<?> slotTask = takeLifo();
                if (slotTask != null) {
                    pushBack(slotTask);
                }
                engine.idle.transitionWorkerToDead();
            }
            engine.workerDied(dying, death, cutShort, outcome);
            if (!replaced) {
                engine.notifyIfWorkPending();
            }
        } catch (Throwable ignored) {
            // Out of everything (memory, most likely): nothing more can be done on this thread.
        }
    }

    // ---- finding work ----

    private Task<?> nextTask() {
        Task<?> forwarded = inbox.poll(); // rule T12: tasks only this worker may run
        if (forwarded != null) {
            return forwarded;
        }
        if (--ticksToGlobalCheck <= 0) {
            ticksToGlobalCheck = tuneGlobalQueueInterval();
            Object entry = engine.global.poll();
            if (entry != null) {
                return entry instanceof Object[] ? queueBatch((Object[]) entry, 0, true) : (Task<?>) entry;
            }
        }
        Task<?> task = takeLifo();
        if (task != null) {
            return task;
        }
        task = queue.popClaimed();
        if (task != null) {
            return task;
        }
        task = queue.pop(engine.idle.noneIdle() ? LocalQueue.POP_BATCH : 1);
        if (task != null) {
            return task;
        }
        return takeGlobalBatch();
    }

    /**
     * Takes this worker's fair share of the global queue: runs one, queues the rest locally. A
     * batch entry (a local queue's overflow) is taken whole and ends the take. Owner only
     * (package-private for stress tests).
     */
    Task<?> takeGlobalBatch() {
        GlobalQueue global = engine.global;
        if (global.isEmpty()) {
            return null;
        }
        int share = global.size() / engine.workerCount() + 1;
        int room = Math.min(queue.makeRoom(Math.min(share, batch.length)), batch.length);
        int wanted = Math.min(share, room);
        Object entry = global.poll();
        if (entry == null) {
            return null;
        }
        if (entry instanceof Object[]) {
            return queueBatch((Object[]) entry, 0, true);
        }
        Task<?> first = (Task<?>) entry;
        int count = 0;
        while (count < wanted - 1) {
            entry = global.poll();
            if (entry == null) {
                break;
            }
            if (entry instanceof Object[]) {
                queueBatch((Object[]) entry, count, false);
                return first;
            }
            batch[count++] = entry;
        }
        queueTaken(count);
        return first;
    }

    /**
     * A batch taken from the global queue, after {@code taken} single tasks already in the
     * {@link #batch} scratch: queues those, then the batch's tasks, locally (growing the local
     * queue), except its first task if {@code runFirst}, which it returns (to run now; else null).
     * What the local queue has no room for at its largest goes back to the global queue.
     */
    private Task<?> queueBatch(Object[] tasks, int taken, boolean runFirst) {
        int from = runFirst ? 1 : 0;
        queue.pushBackBatch(batch, 0, taken); // they fit: takeGlobalBatch took no more than the room
        Arrays.fill(batch, 0, taken, null);
        int fit = queue.pushBackBatch(tasks, from, tasks.length - from);
        notifyQueued(taken + fit);
        int left = tasks.length - from - fit;
        if (left == 1) {
            engine.global.push((Task<?>) tasks[tasks.length - 1]);
        } else if (left > 1) {
            engine.global.pushBatch(Arrays.copyOfRange(tasks, from + fit, tasks.length));
        }
        return runFirst ? (Task<?>) tasks[0] : null;
    }

    /** Pushes the first {@code count} tasks of the {@link #batch} scratch to the local queue (they fit). */
    private void queueTaken(int count) {
        queue.pushBackBatch(batch, 0, count);
        Arrays.fill(batch, 0, count, null);
        notifyQueued(count);
    }

    /** Owner only, after {@code count} tasks were queued locally in one push: wakes a parked worker for them. */
    private void notifyQueued(int count) {
        if (count > 0) {
            VarHandle.fullFence(); // order the release store of the local tail before reading Idle
            engine.notifyParked();
        }
    }

    private Task<?> stealWork() {
        if (!searching) {
            searching = engine.idle.transitionWorkerToSearching();
            if (!searching) {
                return null;
            }
        }
        return stealOnce();
    }

    /** One round: every other worker's queue from a random start, then the global queue. */
    private Task<?> stealOnce() {
        LocalQueue<Task<?>>[] queues = engine.queues;
        int count = queues.length;
        int start = nextRandom() % count;
        for (int i = 0; i < count; i++) {
            int victim = (start + i) % count;
            if (victim == index) {
                continue;
            }
            LocalQueue<Task<?>> source = queues[victim];
            int queued = source.size();
            if (queued <= 0 || queued < STEAL_BACKLOG && !waitedLong(victim, source)) {
                continue; // nothing, or a few tasks that its busy owner gets to soon (see "What a searcher steals")
            }
            Task<?> task = source.stealInto(queue, stolen);
            if (task != null) {
                STEALS.setOpaque(this, steals + stolen[0]);
                return task;
            }
        }
        return takeGlobalBatch();
    }

    /**
     * True if a task that was in {@code victim}'s queue at this worker's last look has been waiting
     * for {@value #STEAL_AGE_NANOS} ns since. Otherwise (all of those were taken, or it is too
     * early) false; after all were taken, the tasks queued now are the ones to watch. Positions
     * wrap, so they are compared by subtraction. Racy reads: a wrong answer only steals a little
     * early or late.
     */
    private boolean waitedLong(int victim, LocalQueue<Task<?>> source) {
        long now = System.nanoTime();
        if (source.nextToTake() - queueSeenTail[victim] >= 0) {
            queueSeenTail[victim] = source.nextToFill();
            queueSeenAt[victim] = now;
            return false;
        }
        return now - queueSeenAt[victim] >= STEAL_AGE_NANOS;
    }

    private Task<?> spinForWork() {
        if (!searching || notified && !engine.hasVisibleWork()) {
            // A worker unparked by a producer that finds nothing parks again at once: its work was
            // taken by a running worker, and spinning would only take CPU from that one. One that
            // finds a few tasks it may not take yet (see "What a searcher steals") watches them:
            // parked, it would be unparked again by the owner's next push, a system call on the
            // owner's thread at nearly every push.
            notified = false;
            return null;
        }
        notified = false;
        long deadline = System.nanoTime() + SPIN_NANOS;
        for (int round = 1; !engine.isStopping(); round++) {
            for (int i = 0; i < 16; i++) {
                Thread.onSpinWait();
            }
            if (engine.hasVisibleWork()) {
                Task<?> task = stealOnce();
                if (task != null) {
                    return task;
                }
            }
            if ((round & 3) == 0) {
                long now = System.nanoTime();
                if (now - deadline > 0) {
                    break;
                }
                Task<?> stuck = stealStuckLifo(now);
                if (stuck != null) {
                    return stuck;
                }
                // Let a descheduled producer (or worker) run if this CPU is contended.
                Thread.yield();
            }
        }
        return null;
    }

    /**
     * At a forced look at the global queue: folds the mean poll time since the last look into the
     * running mean and returns the next interval (see "The global-queue interval"). One clock read.
     */
    private int tuneGlobalQueueInterval() {
        if (fixedGlobalQueueInterval != SchedulerTuning.ADAPTIVE) {
            return fixedGlobalQueueInterval;
        }
        long now = System.nanoTime();
        long polled = polls - measureStartPolls;
        if (measuring && polled > 0) {
            meanPollNanos = nextMeanPollNanos(meanPollNanos, (double) (now - measureStartNanos) / polled, polled);
            globalQueueInterval = tunedInterval(meanPollNanos);
        }
        measuring = true;
        measureStartNanos = now;
        measureStartPolls = polls;
        return globalQueueInterval;
    }

    /** The running mean after {@code polled} polls of {@code meanNanos} each (Tokio's weighted EWMA). */
    static double nextMeanPollNanos(double previous, double meanNanos, long polled) {
        double weight = 1.0 - Math.pow(1.0 - POLL_TIME_EWMA_ALPHA, polled);
        return weight * meanNanos + (1.0 - weight) * previous;
    }

    /** About {@link #TARGET_GLOBAL_QUEUE_NANOS} of polls of this mean length, clamped. */
    static int tunedInterval(double meanPollNanos) {
        double ticks = TARGET_GLOBAL_QUEUE_NANOS / Math.max(meanPollNanos, 1.0);
        return (int) Math.max(MIN_TUNED_INTERVAL, Math.min(MAX_TUNED_INTERVAL, ticks));
    }

    /**
     * A spinning searcher's last resort: a task that has sat in another worker's LIFO slot for at
     * least {@link #LIFO_STEAL_GRACE_NANOS} while that worker stayed inside one poll (its poll
     * counter did not move). Looks at every victim and remembers what it saw for the next look.
     */
    private Task<?> stealStuckLifo(long now) {
        Worker[] workers = engine.workers;
        for (int victim = 0; victim < workers.length; victim++) {
            if (victim == index) {
                continue;
            }
            Worker other = workers[victim];
            Task<?> waiting = other.peekLifo();
            long polls = other.polls();
            if (waiting == null || waiting != lifoSeen[victim] || polls != lifoSeenPolls[victim]) {
                lifoSeen[victim] = waiting;
                lifoSeenPolls[victim] = polls;
                lifoSeenAt[victim] = now;
                continue;
            }
            if (now - lifoSeenAt[victim] >= LIFO_STEAL_GRACE_NANOS && other.stealLifo(waiting)) {
                lifoSeen[victim] = null;
                STEALS.setOpaque(this, steals + 1);
                return waiting;
            }
        }
        return null;
    }

    private int nextRandom() {
        int x = random;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        random = x;
        return x & Integer.MAX_VALUE;
    }

    // ---- running ----

    private void runTask(Task<?> task) {
        notified = false;
        if (searching) {
            searching = false;
            if (engine.idle.transitionWorkerFromSearching()) {
                engine.notifyIfWorkPending();
            }
        }
        // See "Owned yields": while a turn ends in an owned self-yield that woke nothing, the next
        // turn is the next task of the claimed batch, and it takes its tick of the global-queue
        // interval here instead of in nextTask.
        for (;;) {
            // One budget for the task and the LIFO tasks run after it (Tokio's rule): a LIFO poll
            // spends a unit, and one found when the budget is spent waits at the back of the queue.
            CoopBudget.reset();
            if (!poll(task) || LIFO_SLOT.getOpaque(this) != null || ticksToGlobalCheck <= 1) {
                break;
            }
            Task<?> next = queue.popClaimed();
            if (next == null) {
                break;
            }
            ticksToGlobalCheck--;
            task = next;
        }
        for (int lifoPolls = 0; !engine.isStopping(); ) {
            Task<?> next = takeLifo();
            if (next == null) {
                break;
            }
            if (!CoopBudget.tryConsume()) {
                pushBack(next);
                break;
            }
            if (++lifoPolls == MAX_LIFO_POLLS) {
                lifoEnabled = false; // the capped task's own wakes go to the queue
            }
            poll(next);
        }
        lifoEnabled = lifoConfigured;
    }

    /**
     * One turn of {@code task}: true if it ended in an owned self-yield (rule T4) that this worker
     * has queued ({@link #pushBackYielded}), false for any other end.
     */
    private boolean poll(Task<?> task) {
        Thread home = task.home();
        if (home != null && home != thread) {
            if (engine.forward(task, home)) {
                return false; // rule T12: its continuation resumes on its home worker
            }
            awaitEnd(home); // its home worker died: the task moves here (see "When the thread dies")
        }
        long turn = polls + 1;
        // Release: this worker's reads of longTurn* for the previous turn come before the store
        // (see "Slow polls").
        POLLS.setRelease(this, turn);
        if (!taskOnThread) {
            RUNNING.setOpaque(this, task);
        }
        long nanos = -1L;
        boolean yielded = false;
        try {
            if (timesEachPoll) {
                nanos = task.run(); // an owned yield is queued by the engine's yieldTask
            } else if (task.runYieldingToCaller(engine.coarseClockUnits())) {
                yielded = true;
                pushBackYielded(task); // at once: the task is in no queue, and only this thread may queue it
            }
        } catch (Throwable escaped) { // only the runtime's own failures get here (run() contains the user's)
            cutShort = task;
            throw escaped;
        }
        if (!taskOnThread) {
            RUNNING.setOpaque(this, (Task<?>) null);
        }
        if (pollTimes != null) {
            pollTimes.record(nanos);
        }
        if ((long) LONG_TURN.getOpaque(this) == turn) {
            reportIfSlow(task);
        }
        if (!CoopBudget.hasRemaining()) {
            FORCED_YIELDS.setOpaque(this, forcedYields + 1);
        }
        return yielded;
    }

    /**
     * Rule A9: a continuation may resume elsewhere only once its home thread has ended. {@code home}
     * is a worker thread of this runtime that died (only workers run tasks here), so it is in its
     * last statements; waits for its end, at most {@value #HOME_END_WAIT_MILLIS} ms.
     */
    private static void awaitEnd(Thread home) {
        long deadline = System.nanoTime() + HOME_END_WAIT_MILLIS * 1_000_000L;
        for (long left; home.isAlive() && (left = deadline - System.nanoTime()) > 0; ) {
            try {
                home.join(Math.max(1L, left / 1_000_000L));
            } catch (InterruptedException ignored) {
                // workers ignore interrupts (see parkUntilNotified)
            }
        }
    }

    /**
     * Owner only, after a turn the watchdog saw at two samples: one clock read, and a slow-poll
     * report if the turn lasted the threshold (a lower bound, see "Slow polls").
     */
    private void reportIfSlow(Task<?> task) {
        VarHandle.acquireFence(); // pairs with markLongTurn's release store: time and name are this turn's
        long nanos = System.nanoTime() - (long) LONG_TURN_SINCE.getOpaque(this);
        if (nanos >= engine.watchedSlowPollNanos && task.claimSlowPollReport()) {
            engine.reportSlowPoll((String) LONG_TURN_NAME.getOpaque(this), nanos, true);
        }
    }

    /**
     * Watchdog only: turn {@code turn} of this worker, a turn of {@code task}, has been running
     * since {@code sinceNanos} at least (it saw the turn at two samples). Published once per turn:
     * the time and the task's name, then the turn count with a release store.
     */
    void markLongTurn(long turn, long sinceNanos, Task<?> task) {
        if ((long) LONG_TURN.getOpaque(this) != turn) {
            LONG_TURN_SINCE.setOpaque(this, sinceNanos);
            LONG_TURN_NAME.setOpaque(this, task.name()); // racy but safe: a name is best effort
            LONG_TURN.setRelease(this, turn);
        }
    }

    // ---- scheduling from this worker's thread ----

    /**
     * A task woken by the task this worker is polling: into the LIFO slot (rule T3), or to the
     * back of the queue while the slot is off. A task it displaces goes to the queue.
     */
    void scheduleWoken(Task<?> task) {
        if (!lifoEnabled) {
            pushBack(task);
            return;
        }
        Task<?> previous = (Task<?>) LIFO_SLOT.getOpaque(this);
        if (previous == null) {
            // Nobody else makes the slot non-empty, so it is still empty: publish the task (its
            // fields, written by its spawner) to a stealer's CAS with a release store.
            LIFO_SLOT.setRelease(this, task);
            return;
        }
        previous = (Task<?>) LIFO_SLOT.getAndSet(this, task); // null if a stealer took it meanwhile
        if (previous != null) {
            pushBack(previous);
        }
    }

    /**
     * A task spawned by the task this worker is polling: into the LIFO slot if it is empty (so a
     * spawn-then-await runs the child next, hot in cache); otherwise to the back of the queue,
     * leaving the slot's task in place. Unlike a wake, a spawn does not displace the slot's task:
     * a poll that spawns many tasks then costs a queue push per task instead of a swap and a push.
     */
    void scheduleSpawned(Task<?> task) {
        if (lifoEnabled && LIFO_SLOT.getOpaque(this) == null) {
            // Nobody else makes the slot non-empty, so it is still empty (see scheduleWoken).
            LIFO_SLOT.setRelease(this, task);
            return;
        }
        pushBack(task);
    }

    /**
     * Owner only: calls the join waker of a task that has just completed here. If this worker has
     * tasks queued, the tasks it wakes go behind them, not into the LIFO slot: a task joining many
     * children (a join, a select, a task scope) then runs once after the queued children have
     * completed too, and collects them all in one poll, where the slot would run it right after
     * each child, one task poll per child. With an empty queue the slot is used as for any wake
     * (the joiner of one child runs next, and no other worker is woken).
     */
    void wakeJoiner(Waker joiner) {
        if (!lifoEnabled || queue.isEmptyForOwner()) {
            joiner.wake();
            return;
        }
        lifoEnabled = false;
        try {
            joiner.wake();
        } finally {
            lifoEnabled = true; // it was on: runTask restores the configured value after the chain
        }
    }

    /** Owner only: empties the LIFO slot; null if it was empty or a stealer emptied it first. */
    Task<?> takeLifo() {
        Task<?> task = (Task<?>) LIFO_SLOT.getOpaque(this);
        if (task == null || !LIFO_SLOT.compareAndSet(this, task, null)) {
            return null;
        }
        return task;
    }

    /** Any thread: the LIFO slot's task now, or null. */
    Task<?> peekLifo() {
        return (Task<?>) LIFO_SLOT.getAcquire(this);
    }

    /**
     * Another thread (a searcher, the watchdog) takes {@code task} out of this worker's LIFO slot
     * if it is still there; the owner is stuck in one poll. True if it took it: it is now the
     * taker's to run or queue, exactly once (the owner's take is a CAS too).
     */
    boolean stealLifo(Task<?> task) {
        return LIFO_SLOT.compareAndSet(this, task, null);
    }

    /**
     * Any thread: the task this worker is running now, or null (a racy snapshot). On this runtime's
     * own threads that is the task whose poll or close runs now: a turn stuck after its poll, in
     * runtime code or in the close of an output nobody joins, reads as null.
     */
    Task<?> runningTask() {
        if (taskOnThread) {
            Thread current = thread;
            return current instanceof BudgetedThread ? ((BudgetedThread) current).currentTaskOpaque() : null;
        }
        return (Task<?>) RUNNING.getOpaque(this);
    }

    /**
     * Owner only: a task that yielded, or was woken while this worker polled it (rule T4), to the
     * back of the queue. Unlike {@link #pushBack}, a push into an empty queue, with the LIFO slot
     * and the global queue empty too, wakes nobody: the task is then the only one this worker has,
     * and it runs it next.
     * A worker woken for it would only steal it, and a task that yields at every budget (a
     * stream bridge draining 128 items per poll) would move between the two threads, a park, an
     * unpark and its working set in each other's caches at every yield. With anything else queued
     * it notifies as {@code pushBack} does: then there is work for two.
     */
    void pushBackYielded(Task<?> task) {
        int before = queue.pushBack(task, overflowSink);
        if (before == 0 && LIFO_SLOT.getOpaque(this) == null && engine.global.isEmpty()) {
            return; // the next task this worker takes is this one (the slot is filled only by us)
        }
        notifyAfterPush(before);
    }

    /**
     * A spawned or displaced task: to the back of the local queue, visible to stealers. Only a push
     * that makes the queue non-empty (or leaves one task besides, slack for a racing steal) or
     * overflows checks for a parked worker to wake, as {@code ForkJoinPool} does: a longer queue
     * already had its check, and a searcher that stops searching re-checks every queue
     * ({@link WorkStealingEngine#notifyIfWorkPending()}).
     */
    void pushBack(Task<?> task) {
        notifyAfterPush(queue.pushBack(task, overflowSink));
    }

    /** Owner only, after a push that found {@code before} tasks queued (or overflowed). */
    private void notifyAfterPush(int before) {
        if (before == LocalQueue.OVERFLOWED) {
            pushOverflowed();
        }
        if (before <= 1) {
            if (before != LocalQueue.OVERFLOWED) {
                VarHandle.fullFence(); // order the release store of the local tail before reading Idle
            }
            engine.notifyParked();
        }
    }

    /** Owner only: the overflow sink of {@link LocalQueue#pushBack}; grows the scratch for a larger ring's half. */
    private void addOverflowed(Object task) {
        if (overflowedCount == overflowed.length) {
            overflowed = Arrays.copyOf(overflowed, 2 * overflowed.length);
        }
        overflowed[overflowedCount++] = task;
    }

    /**
     * Owner only, after an overflow: hands what the local queue gave up to the global queue, as
     * one batch (one push for up to half the largest ring plus one task) or, if only the
     * pushed task overflowed (a stealer was mid-copy), as that task. The push is a volatile
     * read-modify-write, which orders it before the caller's read of {@link Idle}.
     */
    private void pushOverflowed() {
        int count = overflowedCount;
        overflowedCount = 0;
        if (count == 1) {
            engine.global.push((Task<?>) overflowed[0]);
        } else {
            engine.global.pushBatch(Arrays.copyOf(overflowed, count));
        }
        Arrays.fill(overflowed, 0, count, null);
    }

    /** Owner only: a task id unique in the runtime: this worker's sequence, then its index. */
    long newTaskId() {
        return ++nextIdSequence << 16 | index;
    }

    // ---- parking ----

    private void park() {
        measuring = false; // a poll-time measurement must not count the time parked
        Arrays.fill(lifoSeen, null); // keep no finished task reachable while parked
        boolean wasLastSearcher = engine.idle.transitionWorkerToParked(index, searching);
        searching = false;
        if (!inbox.isEmpty() && engine.idle.notifyWorker(index)) {
            // A forward (rule T12) that came before this worker listed itself as parked: the
            // forwarder found it running and woke nobody, so it takes the task itself.
            searching = true;
            notified = true;
            return;
        }
        PARKS.setOpaque(this, parks + 1);
        if (wasLastSearcher) {
            engine.notifyIfWorkPending();
        }
        Object parkEvent = RuntimeEvents.workerParkBegin(); // null unless JFR records it
        parkUntilNotified();
        RuntimeEvents.workerParkEnd(parkEvent, index);
    }

    private void parkUntilNotified() {
        while (!engine.isStopping()) {
            // An interrupt (from a task, or from outside) would make every park return at once:
            // workers ignore interrupts, so clear it.
            Thread.interrupted();
            parker.park();
            if (engine.idle.transitionWorkerFromParked(index)) {
                searching = true;
                notified = true;
                return;
            }
        }
    }

    /**
     * Closer only, after this worker's thread ended (joined: its writes are visible): moves its
     * LIFO task and queued tasks to {@code drained}. The closer is the only thread touching the
     * queue now, so it may take the owner's side.
     */
    void drainTo(List<Task<?>> drained) {
        Task<?> slotTask = (Task<?>) LIFO_SLOT.getAndSet(this, (Task<?>) null);
        if (slotTask != null) {
            drained.add(slotTask);
        }
        for (Task<?> task; (task = queue.pop()) != null; ) {
            drained.add(task);
        }
        for (Task<?> task; (task = inbox.poll()) != null; ) {
            drained.add(task);
        }
    }

    /** Any thread: the poll count (an acquire read, which the watchdog's {@link #markLongTurn} needs). */
    long polls() {
        return (long) POLLS.getAcquire(this);
    }

    long steals() {
        return (long) STEALS.getOpaque(this);
    }

    long parks() {
        return (long) PARKS.getOpaque(this);
    }

    /** Any thread: this worker's counters now (racy reads, see {@link dev.pollbridge.runtime.metrics.WorkerMetrics}). */
    WorkerMetrics metrics() {
        return new WorkerMetrics(index, polls(), steals(), parks(), Math.max(0, queue.size()),
                (long) FORCED_YIELDS.getOpaque(this));
    }

    /** Any thread: adds this worker's poll-time buckets to {@code sums} (none if the histogram is off). */
    void addPollTimesTo(long[] sums) {
        if (pollTimes != null) {
            pollTimes.addTo(sums);
        }
    }

    /** The worker the engine makes: {@link CacheLinePadding#BYTES} after its fields, as before them. */
    static final class Padded extends Worker {
        @SuppressWarnings("unused")
        private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

        Padded(WorkStealingEngine engine, int index) {
            super(engine, index);
        }
    }
}
