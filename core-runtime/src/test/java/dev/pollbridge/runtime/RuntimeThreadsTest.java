package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The threads a runtime starts: daemon or not, made by a user's factory, and a forgotten close(). */
@Timeout(60)
class RuntimeThreadsTest {

    /** Every live thread whose name starts with {@code prefix}. */
    private static Set<Thread> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(prefix) && thread.isAlive())
                .collect(Collectors.toSet());
    }

    /**
     * Makes the runtime start its timer thread (a pending timer: the first poll of a long sleep
     * registers it) and a blocking thread, and waits until a thread named {@code timerName} runs.
     */
    private static void useEveryKindOfThread(PollRuntime runtime, String timerName) {
        runtime.spawn(runtime.sleep(Duration.ofHours(1))).close(); // detached; close() cancels it
        runtime.blockOn(runtime.spawnBlocking(() -> "blocking"));
        await().until(() -> !threadsNamed(timerName).isEmpty());
    }

    @Test
    void byDefaultEveryThreadIsADaemon() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("daemon-default-").build()) {
            useEveryKindOfThread(runtime, "daemon-default-timer");
            Set<Thread> threads = threadsNamed("daemon-default-");
            Set<String> kinds = threads.stream().map(t -> t.getName().replaceAll("-\\d+$", "")).collect(Collectors.toSet());
            assertEquals(Set.of("daemon-default-worker", "daemon-default-timer", "daemon-default-blocking",
                    "daemon-default-watchdog"), kinds);
            assertTrue(threads.stream().allMatch(Thread::isDaemon), () -> "not all daemons: " + threads);
        }
    }

    @Test
    void daemonFalseMakesEveryThreadKeepTheJvmAlive() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("daemon-false-").daemon(false).build()) {
            useEveryKindOfThread(runtime, "daemon-false-timer");
            Set<Thread> threads = threadsNamed("daemon-false-");
            assertEquals(5, threads.size(), () -> "2 workers, timer, blocking, watchdog: " + threads);
            assertTrue(threads.stream().noneMatch(Thread::isDaemon), () -> "a daemon among " + threads);
        }
        await().until(() -> threadsNamed("daemon-false-").isEmpty());
    }

    /** A factory that names its threads itself and counts them. */
    private static final class NamingFactory implements ThreadFactory {
        final AtomicInteger made = new AtomicInteger();
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();

        @Override
        public Thread newThread(Runnable body) {
            Thread thread = new Thread(body, "custom-" + made.incrementAndGet());
            thread.setDaemon(true);
            threads.add(thread);
            return thread;
        }
    }

    @Test
    void aThreadFactoryMakesWorkersTimerAndBlockingThreads() {
        NamingFactory factory = new NamingFactory();
        PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("ignored-").threadFactory(factory).build();
        try {
            assertEquals(3, factory.made.get(), "the workers and the watchdog are made at build()");
            String worker = runtime.blockOn(runtime.spawn(cx -> Poll.ready(Thread.currentThread().getName())));
            assertTrue(worker.startsWith("custom-"), worker);
            assertEquals(Optional.of(runtime), runtime.blockOn(runtime.spawn(cx -> Poll.ready(PollRuntime.current()))),
                    "a worker on a factory thread knows its runtime");

            // A spawn from a task on a factory worker goes to that worker, and still runs.
            JoinHandle<JoinHandle<String>> outer = runtime.spawn(cx -> Poll.ready(runtime.spawn(cx2 -> Poll.ready("nested"))));
            assertEquals("nested", runtime.blockOn(runtime.blockOn(outer)));

            // blockOn inside a task on a factory worker still fails fast.
            ProbeFuture<String> inner = new ProbeFuture<>();
            IllegalStateException error = assertThrows(IllegalStateException.class,
                    () -> runtime.blockOn(runtime.spawn(cx -> Poll.ready(runtime.blockOn(inner)))));
            assertTrue(error.getMessage().contains("inside a task"), error.getMessage());

            String blocking = runtime.blockOn(runtime.spawnBlocking(() -> Thread.currentThread().getName()));
            assertTrue(blocking.startsWith("custom-"), blocking);
            assertEquals(4, factory.made.get(), "2 workers, the watchdog, 1 blocking thread");
            runtime.spawn(runtime.sleep(Duration.ofHours(1))).close();
            await().until(() -> factory.made.get() == 5); // the timer thread, at the first timer
            assertTrue(threadsNamed("ignored-").isEmpty(), "the prefix is not applied to a factory's threads");
        } finally {
            runtime.close();
        }
        assertTrue(factory.threads.stream().noneMatch(Thread::isAlive), "close() joined every factory thread");
    }

    @Test
    void closeFromATaskOnAFactoryWorkerDoesNotDeadlock() {
        NamingFactory factory = new NamingFactory();
        PollRuntime runtime = PollRuntime.builder().workers(2).threadFactory(factory).build();
        JoinHandle<String> closer = runtime.spawn(cx -> {
            runtime.close();
            return Poll.ready("closed");
        });
        await().atMost(Duration.ofSeconds(10)).until(closer::isFinished);
        await().until(() -> factory.threads.stream().noneMatch(Thread::isAlive));
        assertTrue(runtime.isClosed());
    }

    @Test
    void aFactoryThatBreaksItsContractFailsTheBuild() {
        ThreadFactory returnsNull = body -> null;
        IllegalStateException nullThread = assertThrows(IllegalStateException.class,
                () -> PollRuntime.builder().workers(1).threadFactory(returnsNull).build());
        assertTrue(nullThread.getMessage().contains("returned null"), nullThread.getMessage());

        List<Thread> started = new ArrayList<>();
        ThreadFactory returnsStarted = body -> {
            Thread thread = new Thread(() -> { });
            thread.start();
            started.add(thread);
            return thread;
        };
        IllegalStateException startedThread = assertThrows(IllegalStateException.class,
                () -> PollRuntime.builder().workers(1).threadFactory(returnsStarted).build());
        assertTrue(startedThread.getMessage().contains("unstarted"), startedThread.getMessage());
        assertThrows(NullPointerException.class, () -> PollRuntime.builder().threadFactory(null));
    }

    // ---- a program that forgets close() ----

    /** The child program: uses every kind of thread and returns from main without closing. */
    static final class ForgetsClose {
        public static void main(String[] args) {
            PollRuntimeBuilder builder = PollRuntime.builder().workers(2);
            if (args.length == 1 && args[0].equals("non-daemon")) {
                builder.daemon(false);
            }
            PollRuntime runtime = builder.build();
            useEveryKindOfThread(runtime, "pollbridge-timer"); // leaves a task pending at exit
            System.out.println("main returns without close()");
        }
    }

    /** Starts the child JVM with its output (both streams) going to {@code output}, not a pipe. */
    private static Process startChild(Path output, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                ForgetsClose.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    }

    private static String read(Path output) throws IOException {
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    @Test
    void aProgramThatForgetsCloseStillExits(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("child.log");
        Process child = startChild(output);
        boolean exited;
        try {
            exited = child.waitFor(30, TimeUnit.SECONDS);
        } finally {
            child.destroyForcibly().waitFor();
        }
        String log = read(output);
        assertTrue(exited, () -> "the JVM did not exit; output: " + log);
        assertEquals(0, child.exitValue(), log);
        assertTrue(log.contains("main returns without close()"), log);
    }

    /** The counterpart, which shows the test above can fail: non-daemon threads keep the JVM up. */
    @Test
    void aNonDaemonRuntimeKeepsTheJvmAliveUntilClosed(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("child.log");
        Process child = startChild(output, "non-daemon");
        try {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> read(output).contains("main returns without close()") || !child.isAlive());
            assertTrue(read(output).contains("main returns without close()"), () -> "child output: " + readQuietly(output));
            // main has returned; a JVM with only daemon threads left would be exiting now.
            assertFalse(child.waitFor(2, TimeUnit.SECONDS), "a JVM with non-daemon runtime threads exited");
        } finally {
            child.destroyForcibly().waitFor();
        }
    }

    private static String readQuietly(Path output) {
        try {
            return read(output);
        } catch (IOException e) {
            return e.toString();
        }
    }
    /** The thread a task of {@code runtime} is polled on, and what {@code isWorkerThread} said there. */
    private static boolean isWorkerInsideATask(PollRuntime runtime, Set<Thread> pollThreads) {
        return runtime.blockOn(runtime.spawn(cx -> {
            pollThreads.add(Thread.currentThread());
            return Poll.ready(PollRuntime.isWorkerThread(Thread.currentThread()));
        }));
    }

    @Test
    void isWorkerThreadIsTrueOnWorkersOnly() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("is-worker-").build()) {
            Set<Thread> pollThreads = ConcurrentHashMap.newKeySet();
            assertTrue(isWorkerInsideATask(runtime, pollThreads));
            Thread worker = pollThreads.iterator().next();
            assertTrue(PollRuntime.isWorkerThread(worker), "asked from another thread");
            boolean onBlockingThread = runtime.blockOn(runtime.spawnBlocking(() -> PollRuntime.isWorkerThread(Thread.currentThread())));
            assertFalse(onBlockingThread, "a blocking-pool thread");
            boolean insideBlockOn = runtime.blockOn(cx -> Poll.ready(PollRuntime.isWorkerThread(Thread.currentThread())));
            assertFalse(insideBlockOn, "the thread inside blockOn");
            assertFalse(PollRuntime.isWorkerThread(Thread.currentThread()));
        }
        try (PollRuntime runtime = PollRuntime.builder().workers(0).build()) {
            assertFalse(isWorkerInsideATask(runtime, ConcurrentHashMap.newKeySet()),
                    "workers(0): tasks run on the blockOn thread, which is the caller's");
        }
        assertThrows(NullPointerException.class, () -> PollRuntime.isWorkerThread(null));
    }

    @Test
    void aFactoryMadeWorkerIsAWorkerWhileItsLoopRuns() {
        NamingFactory factory = new NamingFactory();
        Set<Thread> pollThreads = ConcurrentHashMap.newKeySet();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadFactory(factory).build()) {
            assertTrue(isWorkerInsideATask(runtime, pollThreads));
            Thread worker = pollThreads.iterator().next();
            assertTrue(factory.threads.contains(worker));
            assertTrue(PollRuntime.isWorkerThread(worker), "asked from another thread");
        }
        Thread worker = pollThreads.iterator().next();
        assertFalse(worker.isAlive(), "close() joined it");
        assertFalse(PollRuntime.isWorkerThread(worker), "its loop ended");
    }
}
