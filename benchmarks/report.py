#!/usr/bin/env python3
"""Formats a benchmarks/run.sh run as Markdown tables.

Usage: report.py [--section comparisons|memory|benchmarks] RESULT.json [MORE.json ...] [MEMORY.jsonl]

Without --section it prints all three tables; with it, only that one (docs/performance.md embeds
each table under a `<!-- generated: ... -->` marker, and the docs tests check they are equal).

Every JMH score is a throughput in units per second (tasks, rounds, yields, elements ...), so a
ratio is Pollbridge / anchor: above 1 Pollbridge is faster. Scores are the median of the
measurement iterations; "ns" is the cost of one unit, 1e9 / median.
"""
import json
import statistics
import sys

# (scenario, Pollbridge benchmark, anchor benchmark, target ratio Pollbridge/anchor or None, target)
COMPARISONS = [
    ("spawn_many", "SpawnMany.pollbridge", "SpawnMany.forkJoin", 1.0, ">= 1x"),
    ("spawn_many", "SpawnMany.pollbridge", "SpawnMany.reactor", 5.0, ">= 5x"),
    ("spawn_many_local", "SpawnMany.pollbridgeLocal", "SpawnMany.forkJoinLocal", 1.0, ">= 1x"),
    ("spawn_many_local", "SpawnMany.pollbridgeLocal", "SpawnMany.reactorLocal", 5.0, ">= 5x"),
    ("spawn_many (JDK 25)", "SpawnManyVirtual.pollbridge", "SpawnManyVirtual.virtualThreads", 2.0, ">= 2x"),
    ("spawn_many_local (JDK 25)", "SpawnManyVirtual.pollbridgeLocal", "SpawnManyVirtual.virtualThreadsLocal", 2.0, ">= 2x"),
    ("spawn_many (JDK 25)", "SpawnManyVirtual.pollbridge", "SpawnManyVirtual.forkJoin", None, ""),
    ("ping_pong", "PingPong.pollbridge", "PingPong.completableFuture", 1.0, ">= 1x"),
    ("ping_pong", "PingPong.pollbridge", "PingPong.reactor", 5.0, ">= 5x"),
    ("yield_many", "YieldMany.pollbridge", "YieldMany.forkJoin", 2.0, ">= 2x"),
    ("yield_many", "YieldMany.pollbridge", "YieldMany.forkJoinFifo", None, ""),
    ("yield_many", "YieldMany.pollbridge", "YieldMany.reactor", None, ""),
    ("yield_many (JDK 25)", "YieldManyVirtual.pollbridge", "YieldManyVirtual.virtualThreads", 10.0, ">= 10x"),
    ("yield_many (JDK 25)", "YieldManyVirtual.pollbridge", "YieldManyVirtual.forkJoin", None, ""),
    ("chained_spawn", "ChainedSpawn.pollbridge", "ChainedSpawn.completableFuture", 1.0, ">= 1x"),
    ("chained_spawn", "ChainedSpawn.pollbridge", "ChainedSpawn.reactor", 5.0, ">= 5x"),
    ("stream_bridge", "StreamBridge.pollbridge", "StreamBridge.publishOnUnfused", 0.5, ">= 0.5x"),
    ("stream_bridge", "StreamBridge.pollbridgeReactiveStreams", "StreamBridge.publishOnUnfused", None, ""),
    ("stream_bridge", "StreamBridge.pollbridge", "StreamBridge.plainFlux", None, ""),
    ("stream_bridge", "StreamBridge.pollbridge", "StreamBridge.rxjavaObserveOn", None, ""),
    ("rxjava_stream_bridge", "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.observeOnUnfused", None, ""),
    ("rxjava_stream_bridge", "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.observeOnFused", None, ""),
    ("rxjava_stream_bridge", "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.plainFlowable", None, ""),
    ("mono_roundtrip", "MonoRoundTrip.blockOnToFuture", "MonoRoundTrip.monoBlock", 1 / 1.5, "within 1.5x (>= 0.67x)"),
    ("mono_roundtrip", "MonoRoundTrip.toMonoToFuture", "MonoRoundTrip.subscribeOnParallelBlock", 1.0, ">= 1x"),
    ("mono_roundtrip", "MonoRoundTrip.blockOnToFuture", "MonoRoundTrip.monoHideBlock", None, ""),
    ("mono_roundtrip", "MonoRoundTrip.toMonoToFuture", "MonoRoundTrip.completableFuture", None, ""),
    ("cf_chain", "CfChain.pollbridge", "CfChain.completableFuture", None, ""),
    ("cf_chain", "CfChain.halfMigrated", "CfChain.completableFuture", None, ""),
    ("timers churn", "Timers.pollbridgeTimeoutReady", "Timers.completableFutureOrTimeoutReady", None, ""),
    ("timers insert+cancel", "Timers.pollbridgeSleepCancel", "Timers.scheduledExecutorCancel", None, ""),
    ("timers insert+cancel", "Timers.pollbridgeSleepCancel", "Timers.completableFutureOrTimeoutCancel", None, ""),
    ("channel", "BoundedChannel.pollbridge", "BoundedChannel.arrayBlockingQueue", None, ""),
    ("channel", "BoundedChannel.pollbridge", "BoundedChannel.reactorUnicast", None, ""),
    ("semaphore", "SemaphoreContention.pollbridge", "SemaphoreContention.jdkFair", None, ""),
    ("async_await", "AsyncAwait.awaitSpawned", "AsyncAwait.threadJoinSupplyAsync", None, ""),
    ("async_await (JDK 25)", "AsyncAwaitVirtual.awaitReady", "AsyncAwaitVirtual.virtualThreadJoinCompleted", None, ""),
    ("async_await (JDK 25)", "AsyncAwaitVirtual.awaitSpawned", "AsyncAwaitVirtual.virtualThreadJoinSupplyAsync", None, ""),
]

MEMORY_TARGETS = {"pollbridge-task": 128.0}


def load_jmh(path, scores):
    with open(path) as source:
        for entry in json.load(source):
            name = ".".join(entry["benchmark"].split(".")[-2:])
            metric = entry["primaryMetric"]
            samples = [value for fork in metric["rawData"] for value in fork]
            scores[name] = {
                "median": statistics.median(samples),
                "min": min(samples),
                "max": max(samples),
                "unit": metric["scoreUnit"],
                "jdk": entry.get("jdkVersion", "?"),
            }


def load_memory(path, footprints):
    with open(path) as source:
        for line in source:
            line = line.strip()
            if line.startswith("{"):
                footprints.append(json.loads(line))


def rate(value):
    for factor, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= factor:
            return f"{value / factor:.2f} {suffix}/s"
    return f"{value:.1f} /s"


def cell(scores, name):
    if name not in scores:
        return "n/a"
    median = scores[name]["median"]
    return f"{rate(median)} ({1e9 / median:,.0f} ns)"


SECTIONS = ("comparisons", "memory", "benchmarks")


def main(paths, sections=SECTIONS):
    scores, footprints = {}, []
    for path in paths:
        if path.endswith(".jsonl"):
            load_memory(path, footprints)
        else:
            load_jmh(path, scores)
    printed = False
    for section in sections:
        if printed:
            print()
        printed = {"comparisons": print_comparisons, "memory": print_memory,
                   "benchmarks": print_benchmarks}[section](scores, footprints)


def print_comparisons(scores, footprints):
    print("| scenario | Pollbridge variant | Pollbridge | anchor | anchor score | ratio | target | met |")
    print("|---|---|---|---|---|---|---|---|")
    for scenario, mine, anchor, target, target_text in COMPARISONS:
        if mine not in scores and anchor not in scores:
            continue
        ratio = ""
        met = ""
        if mine in scores and anchor in scores:
            value = scores[mine]["median"] / scores[anchor]["median"]
            ratio = f"{value:.2f}x"
            if target is not None:
                met = "met" if value >= target else "NOT met"
        print(f"| {scenario} | {mine.split('.')[1]} | {cell(scores, mine)} | {anchor.split('.')[1]} "
              f"| {cell(scores, anchor)} | {ratio} | {target_text} | {met} |")
    return True


def print_memory(scores, footprints):
    if footprints:
        print("| memory subject | JDK | units | bytes per pending unit | target | met |")
        print("|---|---|---|---|---|---|")
        for row in footprints:
            target = MEMORY_TARGETS.get(row["subject"])
            met = "" if target is None else ("met" if row["bytesPerUnit"] <= target else "NOT met")
            target_text = "" if target is None else f"<= {target:.0f} B"
            print(f"| {row['subject']} | {row['jdk']} | {row['count']:,} | {row['bytesPerUnit']:.1f} B "
                  f"| {target_text} | {met} |")
    return bool(footprints)


def print_benchmarks(scores, footprints):
    print("| benchmark | JDK | median | min | max | ns per unit |")
    print("|---|---|---|---|---|---|")
    for name in sorted(scores):
        row = scores[name]
        print(f"| {name} | {row['jdk']} | {rate(row['median'])} | {rate(row['min'])} | {rate(row['max'])} "
              f"| {1e9 / row['median']:,.1f} |")
    return True


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = SECTIONS
    if args[:1] == ["--section"]:
        if len(args) < 2 or args[1] not in SECTIONS:
            sys.exit(__doc__)
        chosen, args = (args[1],), args[2:]
    if not args:
        sys.exit(__doc__)
    main(args, chosen)
