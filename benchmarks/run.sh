#!/usr/bin/env bash
# Builds the benchmarks and runs the whole suite in bounded time (about 17 minutes on 2 vCPUs):
#   1. the JMH scenarios on the JDK in JAVA_HOME / PATH (Java 17 baseline),
#   2. the memory footprints (one fresh JVM per subject),
#   3. if JDK 25 is installed, the virtual-thread and Async continuation-mode scenarios (with the
#      kotlinx-coroutines anchor) and footprints, built with the Java 21 source set (profile
#      virtual-threads) into benchmarks/target/jdk25,
# then prints one comparison table (BenchmarkReport, a single-file Java program).
#
# Results: benchmarks/results/<date>.json (raw JMH JSON), <date>-jdk25.json, <date>-memory.jsonl,
# <date>-machine.txt (<date>-partial-* when an include regex is given).
# Usage: benchmarks/run.sh [JMH include regex]   (see benchmarks/README.md)
# Environment: JMH_OPTS (default "-f 1 -wi 3 -w 1s -i 5 -r 1s"), JDK25_HOME, SKIP_JDK25=1,
# SKIP_MEMORY=1, RESULTS_DATE (default today), MEMORY_COUNT (default 1000000).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
results="$root/benchmarks/results"
date_tag=${RESULTS_DATE:-$(date +%Y-%m-%d)}
# A run of some scenarios only must not overwrite the day's full results.
if [[ $# -gt 0 && -z "${RESULTS_DATE:-}" ]]; then date_tag="$date_tag-partial"; fi
read -r -a jmh_opts <<< "${JMH_OPTS:--f 1 -wi 3 -w 1s -i 5 -r 1s}"
include=${1:-'dev.pollbridge.benchmarks.[A-Za-z]+\.'}
jdk25=${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
memory_count=${MEMORY_COUNT:-1000000}
memory_heap=(-Xms6g -Xmx6g -XX:+UseParallelGC)  # a full GC that compacts everything: used heap = live bytes
mkdir -p "$results"

java_bin=java
if [[ -n "${JAVA_HOME:-}" ]]; then java_bin="$JAVA_HOME/bin/java"; fi

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "nproc: $(nproc)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "java: $("$java_bin" -version 2>&1 | head -n 2 | tail -n 1)"
  if [[ -x "$jdk25/bin/java" ]]; then echo "java25: $("$jdk25/bin/java" -version 2>&1 | head -n 2 | tail -n 1)"; fi
  echo "jmh options: ${jmh_opts[*]}"
  echo "load before: $(uptime)"
} > "$results/$date_tag-machine.txt"
cat "$results/$date_tag-machine.txt"

echo "== build (Java 17 baseline)"
mvn -B -q -pl benchmarks -am package -DskipTests
jar="$root/benchmarks/target/benchmarks.jar"
# How fast a cache line moves between the two CPUs now (the host's placement of the vCPUs, see
# CoreToCore): every executor scenario moves with it, so the run records it before and after.
core_to_core() { echo "core-to-core $1: $("$java_bin" -cp "$jar" dev.pollbridge.benchmarks.cpu.CoreToCore)"; }
core_to_core "before JMH" | tee -a "$results/$date_tag-machine.txt"

echo "== JMH scenarios"
"$java_bin" -jar "$jar" "$include" -e 'Virtual' "${jmh_opts[@]}" \
  -rf json -rff "$results/$date_tag.json"
core_to_core "after JMH" | tee -a "$results/$date_tag-machine.txt"

if [[ "${SKIP_MEMORY:-0}" != 1 ]]; then
  echo "== memory footprints ($memory_count units each)"
  : > "$results/$date_tag-memory.jsonl"
  for subject in pollbridge-task completable-future reactor-sinks-one; do
    "$java_bin" "${memory_heap[@]}" -cp "$jar" dev.pollbridge.benchmarks.memory.MemoryFootprint \
      "$subject" "$memory_count" | tee -a "$results/$date_tag-memory.jsonl"
  done
fi

reports=("$results/$date_tag.json")
if [[ "${SKIP_JDK25:-0}" != 1 && -x "$jdk25/bin/java" ]]; then
  echo "== build (JDK 25, Java 21 source set with the virtual-thread anchors)"
  JAVA_HOME="$jdk25" mvn -B -q -pl benchmarks -am package -DskipTests \
    -Dbenchmarks.build.directory="$root/benchmarks/target/jdk25"
  jar25="$root/benchmarks/target/jdk25/benchmarks.jar"
  echo "== JMH virtual-thread and continuation-mode scenarios on JDK 25"
  # AsyncAwaitContinuation's fork adds --add-exports java.base/jdk.internal.vm=ALL-UNNAMED itself.
  "$jdk25/bin/java" -jar "$jar25" 'Virtual|Continuation' "${jmh_opts[@]}" -rf json -rff "$results/$date_tag-jdk25.json"
  reports+=("$results/$date_tag-jdk25.json")
  if [[ "${SKIP_MEMORY:-0}" != 1 ]]; then
    for subject in pollbridge-task virtual-thread async-body async-body-continuation; do
      exports=()  # continuation mode needs the export (docs/async.md#modes)
      if [[ "$subject" == async-body-continuation ]]; then exports=(--add-exports java.base/jdk.internal.vm=ALL-UNNAMED); fi
      "$jdk25/bin/java" "${memory_heap[@]}" "${exports[@]}" -Djdk.virtualThreadScheduler.parallelism=2 -cp "$jar25" \
        dev.pollbridge.benchmarks.memory.MemoryFootprint "$subject" "$memory_count" \
        | tee -a "$results/$date_tag-memory.jsonl"
    done
  fi
fi

echo "load after: $(uptime)" | tee -a "$results/$date_tag-machine.txt"
if [[ "${SKIP_MEMORY:-0}" != 1 ]]; then reports+=("$results/$date_tag-memory.jsonl"); fi
"$java_bin" "$root/benchmarks/src/main/java/dev/pollbridge/benchmarks/report/BenchmarkReport.java" "${reports[@]}" | tee "$results/$date_tag-table.md"
