#!/usr/bin/env bash
# A/B of the JVM's restart (launch to the first answer, the database migrated), alternating the variants so the
# machine's drift falls on all alike. Not part of the test suite.
#
#   scripts/bench/ab-start.sh ROUNDS "target/quarkus-app/quarkus-run.jar -XX:AOTCache=app.aot" "/tmp/b/quarkus-run.jar -XX:AOTCache=app.aot"
#
# A variant is a jar and the JVM options to start it with, separated by spaces; java runs in the jar's directory (an
# AOT cache or AppCDS archive only matches the class path as built). Every variant starts with the service's JVM
# options and the pod's memory first, as benchmark.sh does (service_jvm_options in common.sh: JVM_OPTIONS_FILE,
# POD_MEMORY), then JAVA_OPTS; another collector in a variant: '... -XX:-UseParallelGC -XX:+UseG1GC'. Prints each restart (seconds to the port's first
# accepted connection and to the first answer; CPU seconds at the first answer: the process, its main thread, its JIT
# compilers) and each variant's medians. Restarts are killed, not stopped: only the start is measured.
# THREADS=n: also print each restart's n busiest threads. LOG=file: append each start's output, up to its first
# answer, to that file. Needs java (the JDK that built an AOT cache), curl, python3 and PostgreSQL's server binaries.
set -euo pipefail
ROUNDS=${1:?usage: $0 ROUNDS 'JAR [JVM options]' ['JAR [JVM options]' ...]}; shift
(($# >= 1)) || { echo "usage: $0 ROUNDS 'JAR [JVM options]' ['JAR [JVM options]' ...]" >&2; exit 2; }
source "$(dirname "$0")/common.sh" # variant, service_jvm_options, start_service, free_port, as_pg, load, pg_throwaway, await_answer
VARIANTS=()
for spec in "$@"; do # the jars and LOG as the caller named them, before the cd below
  variant "$spec"
  VARIANTS+=("$VARIANT_JAR${VARIANT_OPTS:+ $VARIANT_OPTS}")
done
[[ -n "${LOG:-}" ]] && LOG=$(readlink -f "$LOG")
cd "$(dirname "$0")/../.."
ROOT=$PWD
service_jvm_options
echo "every variant: ${SERVICE_JVM_SAYS:-no options of the service}${JAVA_OPTS:+ $JAVA_OPTS}"

WORK=$(mktemp -d /tmp/ab-start.XXXXXX)
chmod 755 "$WORK"
APP_PID="" PG_BIN=""
stop_app() { # killed: only the start is measured, and a graceful stop drains for 10 s
  if [[ -n "$APP_PID" ]] && kill -9 "$APP_PID" 2>/dev/null; then
    wait "$APP_PID" 2>/dev/null || true
  fi
  APP_PID=""
}
cleanup() {
  stop_app
  if [[ -n "$PG_BIN" ]]; then as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
pg_throwaway "$WORK/pg"

PORT=$(free_port)
export PORT ADMIN_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '/+=') ENCRYPTION_KEY=$(head -c 32 /dev/urandom | base64)
export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres"
export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=unused
launch() { # variant; sets T and L (seconds to the first answer, to listening), and C, M and JIT (CPU seconds at
  # the first answer: the process, its main thread, its JIT compilers)
  local t0 ticks hz
  variant "$1"
  t0=$EPOCHREALTIME
  start_service "$VARIANT_JAR" "$VARIANT_OPTS" "$WORK/app.log"
  APP_PID=$!
  await_answer "$PORT" "$APP_PID" "$WORK/app.log"
  # the CPU first, while the compilers are where the first answer found them; each thread's CPU ticks and name (a
  # thread may end while this reads)
  ticks=$(awk '{sub(/^.*\) /, ""); print $12 + $13}' "/proc/$APP_PID/stat")
  { cat /proc/"$APP_PID"/task/*/stat 2>/dev/null || true; } | awk '{n = $0;
    sub(/^[^(]*\(/, "", n); sub(/\).*$/, "", n); sub(/^.*\) /, ""); print $12 + $13, n}' >"$WORK/threads"
  hz=$(getconf CLK_TCK)
  T=$(python3 -c "print(f'{$T_UP - $t0:.3f}')") L=$(python3 -c "print(f'{$T_LISTEN - $t0:.3f}')")
  C=$(python3 -c "print(f'{$ticks / $hz:.2f}')")
  # the main thread (named after the launcher) and the JIT compilers
  M=$(awk -v hz="$hz" '$2 == "java" {t += $1} END {printf "%.2f", t / hz}' "$WORK/threads")
  JIT=$(awk -v hz="$hz" '/CompilerThre/ {t += $1} END {printf "%.2f", t / hz}' "$WORK/threads")
  aot_refused "$WORK/app.log"
  if [[ -n "${THREADS:-}" ]]; then
    sort -rn "$WORK/threads" | head -"$THREADS" | awk -v hz="$hz" '{t = $1; $1 = ""; printf "  %.2f%s\n", t / hz, $0}'
  fi
  [[ -n "${LOG:-}" ]] && cat "$WORK/app.log" >>"$LOG"
  return 0
}
launch "${VARIANTS[0]}" # migrates the empty database
stop_app
declare -A TIMES LISTENS CPUS MAINS JITS
for r in $(seq 1 "$ROUNDS"); do
  for i in "${!VARIANTS[@]}"; do
    sleep 2
    launch "${VARIANTS[$i]}"
    stop_app
    TIMES[$i]="${TIMES[$i]:-} $T" LISTENS[$i]="${LISTENS[$i]:-} $L" CPUS[$i]="${CPUS[$i]:-} $C" MAINS[$i]="${MAINS[$i]:-} $M" JITS[$i]="${JITS[$i]:-} $JIT"
    echo "round $r variant $i: $T s (listening at $L s), CPU $C s (main thread $M, compilers $JIT) (Quarkus: $(grep -o 'started in [0-9.]*s' "$WORK/app.log" | head -1); load $(load))"
  done
done
median() { python3 -c "import statistics,sys; print(f'{statistics.median(map(float, sys.argv[1:])):.3f}')" "$@"; }
for i in "${!VARIANTS[@]}"; do
  # shellcheck disable=SC2086
  echo "variant $i (${VARIANTS[$i]}): median $(median ${TIMES[$i]}) s (listening $(median ${LISTENS[$i]}) s), CPU $(median ${CPUS[$i]}) s (main thread $(median ${MAINS[$i]}), compilers $(median ${JITS[$i]})); all:${TIMES[$i]}"
done
