package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.Task;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker of the {@link WorkStealingEngine}: its local queue, LIFO slot and loop (Tokio's
 * {@code multi_thread/worker.rs}, much reduced). Each field says who may touch it; "owner" means
 * this worker's thread.
 *
 * <h2>The loop</h2>
 * <ol>
 *   <li>Every {@value #GLOBAL_QUEUE_INTERVAL}th tick, the global queue first (fairness: tasks from
 *       outside are not starved by a local queue that keeps refilling itself).
 *   <li>Otherwise the LIFO slot, the local queue, then a batch from the global queue (its fair
 *       share, moved into the local queue so the next ticks need no shared access).
 *   <li>No local work: become a searcher (at most half the workers are) and steal half of another
 *       worker's queue, or take from the global queue.
 *   <li>Still nothing: a searcher spins for up to {@value #SPIN_NANOS} ns
 *       ({@link Thread#onSpinWait()}) re-checking all queues; while it spins, producers see a
 *       searcher and unpark nobody, so a hand-off to a busy runtime costs no unpark.
 *   <li>Park until a producer picks this worker ({@link Idle}).
 * </ol>
 * After a task's poll, the LIFO slot holds the task it woke last (a message hand-off runs next,
 * while the data is hot), for at most {@value #MAX_LIFO_POLLS} polls in a row; then the LIFO task
 * goes to the back of the queue so the rest of the queue is not starved.
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
 * (the thread cannot be created or started): the worker then counts as dead in {@link Idle}, its
 * LIFO task goes to its queue, and the other workers steal what is queued there.
 */
final class Worker implements Runnable {

    /** Ticks between forced checks of the global queue (Tokio's value: prime, so it drifts). */
    static final int GLOBAL_QUEUE_INTERVAL = 61;
    /** LIFO-slot polls allowed after one task's poll before the slot task is queued instead. */
    static final int MAX_LIFO_POLLS = 3;
    /** How long a searcher spins before parking. Spinning is bounded and only one worker in two spins. */
    static final long SPIN_NANOS = 40_000L;

    private static final VarHandle POLLS;
    private static final VarHandle STEALS;
    private static final VarHandle PARKS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            POLLS = lookup.findVarHandle(Worker.class, "polls", long.class);
            STEALS = lookup.findVarHandle(Worker.class, "steals", long.class);
            PARKS = lookup.findVarHandle(Worker.class, "parks", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WorkStealingEngine engine;
    final int index;
    /** Owner pushes and pops; other workers steal (through {@code WorkStealingEngine.queues}). */
    final LocalQueue<Task<?>> queue = new LocalQueue<>();
    /** Owner only: scratch for the global batch take. */
    private final Object[] batch = new Object[LocalQueue.CAPACITY / 2];
    private final int[] stolen = new int[1];
    /** Parks and unparks the owner; re-bound to a successor thread if the owner dies. */
    final Parker parker;
    /**
     * The thread running this worker (a {@link WorkerThread}, or a thread of the user's factory).
     * Written at construction and by a dying thread just before it starts its successor; the
     * closer re-reads it after each join (WorkStealingEngine).
     */
    volatile Thread thread;

    /** Owner only: the task woken last by the task being polled, run next. */
    private Task<?> lifoSlot;
    /** Owner only: this worker is counted as searching in {@link Idle}. */
    private boolean searching;
    /** Owner only: unparked by a producer and has not run a task since. */
    private boolean notified;
    /** Owner only: loop iterations, for the periodic global-queue check. */
    private int tick;
    /** Owner only: xorshift state for the steal start. */
    private int random;
    /** Owner only: the task being run now, for the report if this thread dies during its turn. */
    private Task<?> running;
    /** Owner only: the sequence part of the next task id spawned on this worker. */
    private long nextIdSequence;
    /** Counters: written by the owner only (opaque), read racily by {@code metrics()}. */
    @SuppressWarnings("unused")
    private long polls;
    @SuppressWarnings("unused")
    private long steals;
    @SuppressWarnings("unused")
    private long parks;

    Worker(WorkStealingEngine engine, int index) {
        this.engine = engine;
        this.index = index;
        this.random = 0x9E3779B9 * (index + 1);
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
            tick++;
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
            Task<?> cutShort = running;
            running = null;
            notified = false;
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
                Task<?> slotTask = lifoSlot;
                if (slotTask != null) {
                    lifoSlot = null;
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
        if (tick % GLOBAL_QUEUE_INTERVAL == 0) {
            Task<?> task = engine.global.pop();
            if (task != null) {
                return task;
            }
        }
        Task<?> task = lifoSlot;
        if (task != null) {
            lifoSlot = null;
            return task;
        }
        task = queue.pop();
        if (task != null) {
            return task;
        }
        return takeGlobalBatch();
    }

    /** Takes this worker's fair share of the global queue: runs one, queues the rest locally. */
    private Task<?> takeGlobalBatch() {
        GlobalQueue global = engine.global;
        if (global.isEmpty()) {
            return null;
        }
        int share = global.size() / engine.workerCount() + 1;
        int room = Math.min(queue.remainingSlots(), LocalQueue.CAPACITY / 2);
        int wanted = Math.min(share, room);
        Task<?> first = global.pop();
        if (first == null) {
            return null;
        }
        int count = 0;
        while (count < wanted - 1) {
            Task<?> next = global.pop();
            if (next == null) {
                break;
            }
            batch[count++] = next;
        }
        if (count > 0) {
            queue.pushBackBatch(batch, count);
            java.util.Arrays.fill(batch, 0, count, null);
            VarHandle.fullFence(); // order the release store of the local tail before reading Idle
            engine.notifyParked();
        }
        return first;
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
            Task<?> task = queues[victim].stealInto(queue, stolen);
            if (task != null) {
                STEALS.setOpaque(this, steals + stolen[0]);
                return task;
            }
        }
        return takeGlobalBatch();
    }

    private Task<?> spinForWork() {
        if (!searching || notified) {
            // A worker unparked by a producer that finds nothing parks again at once: its work was
            // taken by a running worker, and spinning would only take CPU from that one.
            notified = false;
            return null;
        }
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
                if (System.nanoTime() - deadline > 0) {
                    break;
                }
                // Let a descheduled producer (or worker) run if this CPU is contended.
                Thread.yield();
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
        poll(task);
        for (int lifoPolls = 0; !engine.isStopping(); lifoPolls++) {
            Task<?> next = lifoSlot;
            if (next == null) {
                return;
            }
            lifoSlot = null;
            if (lifoPolls == MAX_LIFO_POLLS) {
                pushBack(next);
                return;
            }
            poll(next);
        }
    }

    private void poll(Task<?> task) {
        POLLS.setOpaque(this, polls + 1);
        CoopBudget.reset();
        running = task;
        task.run();
        running = null;
    }

    // ---- scheduling from this worker's thread ----

    /** A task woken by the task this worker is polling: into the LIFO slot (rule T3). */
    void scheduleWoken(Task<?> task) {
        Task<?> previous = lifoSlot;
        lifoSlot = task;
        if (previous != null) {
            pushBack(previous);
        }
    }

    /**
     * A spawned or yielding task: to the back of the local queue, visible to stealers. Only a push
     * that makes the queue non-empty (or leaves one task besides, slack for a racing steal) or
     * overflows checks for a parked worker to wake, as {@code ForkJoinPool} does: a longer queue
     * already had its check, and a searcher that stops searching re-checks every queue
     * ({@link WorkStealingEngine#notifyIfWorkPending()}).
     */
    void pushBack(Task<?> task) {
        int before = queue.pushBack(task, engine.overflowSink());
        if (before <= 1) {
            if (before != LocalQueue.OVERFLOWED) {
                VarHandle.fullFence(); // order the release store of the local tail before reading Idle
            }
            engine.notifyParked();
        }
    }

    /** Owner only: a task id unique in the runtime: this worker's sequence, then its index. */
    long newTaskId() {
        return ++nextIdSequence << 16 | index;
    }

    // ---- parking ----

    private void park() {
        boolean wasLastSearcher = engine.idle.transitionWorkerToParked(index, searching);
        searching = false;
        PARKS.setOpaque(this, parks + 1);
        if (wasLastSearcher) {
            engine.notifyIfWorkPending();
        }
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

    /** Closer only, after this worker stopped: drops its queued tasks. */
    void clear() {
        lifoSlot = null;
        queue.clear();
    }

    long polls() {
        return (long) POLLS.getOpaque(this);
    }

    long steals() {
        return (long) STEALS.getOpaque(this);
    }

    long parks() {
        return (long) PARKS.getOpaque(this);
    }
}
