#!/usr/bin/env bash
# How long a restart of dev mode takes with nothing changed: from `./mvnw quarkus:dev` to the first 200 from
# /api/v1/status. One start first (it may generate and compile), then RUNS (3) measured restarts, each stopped
# gracefully (SIGTERM to the process group: a background job of a script ignores SIGINT, so Ctrl-C cannot be sent). Prints each figure, the load average before it, and the timeline of the last run's Maven
# steps (so a slow step shows). Not part of the test suite.
#
#   scripts/dev-restart.sh
#
# Settings (environment): RUNS (3), PORT (a free one), MVN_ARGS (extra Maven arguments, e.g. -o), DEV_JVM_ARGS
# (options for the dev JVM, one string, e.g. "-XX:TieredStopAtLevel=1 -Xshare:off").
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
PORT=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
LOG=$(mktemp /tmp/dev-restart.XXXXXX)
PID=""
stop() {
  [[ -n "$PID" ]] || return 0
  kill -TERM -- "-$PID" 2>/dev/null || true
  for _ in $(seq 1 300); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
  kill -9 -- "-$PID" 2>/dev/null || true
  PID=""
  # the dev JVM is Maven's child: wait until nothing answers on the port any more
  for _ in $(seq 1 300); do
    curl -s -o /dev/null "http://127.0.0.1:$PORT/api/v1/status" || break
    sleep 0.1
  done
}
trap 'stop; rm -f "$LOG"' EXIT

start() { # sets ELAPSED: seconds from launch to the first 200 (not in a subshell: stop needs PID)
  local t0 t1
  t0=$(date +%s.%N)
  # its own process group, so that the stop reaches Maven and the dev JVM (and its PostgreSQL stops with it)
  # shellcheck disable=SC2086
  setsid ./mvnw -B ${MVN_ARGS:-} ${DEV_JVM_ARGS:+"-Djvm.args=$DEV_JVM_ARGS"} quarkus:dev -Dquarkus.http.port="$PORT" -Dorg.slf4j.simpleLogger.showDateTime=true \
    -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS >"$LOG" 2>&1 </dev/null &
  PID=$!
  until [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/api/v1/status" || true) == 200 ]]; do
    kill -0 "$PID" 2>/dev/null || { tail -40 "$LOG" >&2; exit 1; }
    sleep 0.1
  done
  t1=$(date +%s.%N)
  ELAPSED=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
}

start
echo "first start (may generate and compile): $ELAPSED s"
stop
for i in $(seq 1 "$RUNS"); do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  start
  echo "restart $i: $ELAPSED s (load average before: $load)"
  stop
done
echo "Maven steps of the last restart (start times):"
grep -E '^[0-9:.]+ \[INFO\] (--- |Invoking|Nothing to compile|Recompiling|Compiling)|Listening on|started in' "$LOG" | sed -E 's/\[INFO\] //' | cut -c1-150
