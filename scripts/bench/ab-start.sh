#!/usr/bin/env bash
# A/B of the JVM's restart (launch to the first answer, the database migrated), alternating two variants so the
# machine's drift falls on both alike. A variant is "JAR|JVM options"; the JAR's directory is the working directory
# (an AOT cache or AppCDS archive matches the class path as built). Not part of the test suite.
#
#   scripts/bench/ab-start.sh ROUNDS "target/quarkus-app/quarkus-run.jar|-XX:AOTCache=app.aot" "/tmp/b/quarkus-run.jar|-XX:AOTCache=app.aot"
#
# LOG=file: append each start's output, up to its first answer, to that file. THREADS=n: also print the n busiest threads (CPU seconds at the first answer) of each restart.
# Prints each restart (seconds to the first answer, and to the port's first accepted connection; CPU seconds at the first answer: the process, its main thread, the JIT compilers) and
# each variant's medians.
# Needs java (the JDK that built an AOT cache), curl, python3 and PostgreSQL's server binaries.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
source "$ROOT/scripts/bench/common.sh"
ROUNDS=${1:?rounds}; shift
(($# >= 1)) || { echo "usage: $0 ROUNDS 'JAR|OPTS' ['JAR|OPTS' ...]" >&2; exit 2; }
VARIANTS=("$@")

WORK=$(mktemp -d /tmp/ab-start.XXXXXX)
chmod 755 "$WORK"
APP_PID="" PG_BIN=$(pg_bin)
stop_app() { # killed: only the start is measured, and a graceful stop drains for 10 s
  if [[ -n "$APP_PID" ]] && kill -9 "$APP_PID" 2>/dev/null; then
    wait "$APP_PID" 2>/dev/null || true
  fi
  APP_PID=""
}
cleanup() { stop_app; as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$WORK"; }
trap cleanup EXIT
PG_PORT=$(free_port)
mkdir -p "$WORK/pg" && [[ $(id -u) -eq 0 ]] && chown postgres "$WORK/pg"
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg/log" -w -o "-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1" start >/dev/null

PORT=$(free_port)
export PORT ADMIN_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '/+=') ENCRYPTION_KEY=$(head -c 32 /dev/urandom | base64)
export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres"
export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=unused
launch() { # variant; sets T and L (seconds to the first answer, to listening), C, M and JIT (CPU seconds at the first answer: all, the main thread, the compilers)
  local jar=${1%%|*} opts=${1#*|} t0 t1 ticks
  jar=$(readlink -f "$jar")
  t0=$(date +%s.%N) tl=""
  # shellcheck disable=SC2086
  (cd "$(dirname "$jar")" && exec java $opts -jar "$(basename "$jar")") >"$WORK/app.log" 2>&1 &
  APP_PID=$!
  for _ in $(seq 1 1500); do
    if [[ -z "$tl" ]]; then # listening: the port takes a connection (bash's own, not a process that competes for CPU)
      (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && tl=$(date +%s.%N)
    fi
    if [[ -n "$tl" ]]; then
      [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/api/v1/status" || true) == 200 ]] && break
    fi
    kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/app.log" >&2; exit 1; }
    sleep 0.01
  done
  t1=$(date +%s.%N)
  L=$(python3 -c "print(f'{$tl - $t0:.3f}')")
  [[ -n "${LOG:-}" ]] && cat "$WORK/app.log" >>"$LOG"
  ticks=$(awk '{sub(/^.*\) /, ""); print $12 + $13}' "/proc/$APP_PID/stat")
  # each thread's CPU seconds and name (a thread may end while this reads)
  { cat /proc/"$APP_PID"/task/*/stat 2>/dev/null || true; } | awk -v hz="$(getconf CLK_TCK)" '{n = $0;
    sub(/^[^(]*\(/, "", n); sub(/\).*$/, "", n); sub(/^.*\) /, ""); printf "%.2f %s\n", ($12 + $13) / hz, n}' \
    | sort -rn >"$WORK/threads"
  [[ -n "${THREADS:-}" ]] && head -"$THREADS" "$WORK/threads" | sed 's/^/  /'
  # the main thread (named after the launcher) and the JIT compilers
  M=$(awk '$2 == "java" {t += $1} END {printf "%.2f", t}' "$WORK/threads")
  JIT=$(awk '/CompilerThre/ {t += $1} END {printf "%.2f", t}' "$WORK/threads")
  T=$(python3 -c "print(f'{$t1 - $t0:.3f}')") C=$(python3 -c "print(f'{$ticks / $(getconf CLK_TCK):.2f}')")
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
