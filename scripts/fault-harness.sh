#!/usr/bin/env bash
# Fault harness (issue #12): runs the production jar as two replicas against a throwaway PostgreSQL, injects faults
# and reports, in numbers, against the goals (0 lost, duplicates under 1% of deliveries after a kill -9, other
# organizations' p50 delivery delay under 0.2 s while a receiver hangs, recovery under 5 s). Not part of the test
# suite. All traffic stays on 127.0.0.1; every loop and wait is bounded.
#
#   ./mvnw -B package -DskipTests && scripts/fault-harness.sh all      # about 4 minutes (longer on a busy machine)
#   scripts/fault-harness.sh kill|replicas|dbstop|hang [...]          # one or more scenarios
#   KEEP=1 scripts/fault-harness.sh ...                               # keep the logs and receipts (directory printed)
#
#   kill      (a) sessions created and submitted at 5/s through two replicas (at least 300, and on until the last
#                 killed replica is back) while each replica in turn gets kill -9 as it sends deliveries and is
#                 restarted: acknowledged vs delivered, lost, duplicates, recovery times
#   replicas  (b) two replicas, no fault: duplicates; 300 sessions due to expire at once with both replicas running
#                 the expiry job every second (one session.expired each); one organization's limit hit through both
#   dbstop    (c) PostgreSQL stopped for 30 s under light load: 503 vs other 5xx, time to the first 2xx once it is back,
#                 nothing acknowledged lost
#   hang      (d) another organization's receiver holds every request 30 s (beyond the 10 s attempt timeout): the
#                 healthy organization's delivery delay p50/p99, before and during
#
# Settings: environment variables, listed with their defaults at the top of scripts/fault_harness.py. Needs java,
# python3, psql and PostgreSQL's server binaries (initdb, pg_ctl: Debian's postgresql package); as root, PostgreSQL
# runs as user postgres. The database must be this throwaway cluster (the harness stops and starts it). Exit status
# 0 only when every goal passed.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ $# -gt 0 ]] || set -- all
JAR=target/quarkus-app/quarkus-run.jar
[[ -f "$JAR" ]] || { echo "no $JAR: run ./mvnw -B package -DskipTests first" >&2; exit 2; }
for tool in java python3 psql; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }; done

WORK=$(mktemp -d /tmp/fault-harness.XXXXXX)
chmod 755 "$WORK"
mkdir -p "$WORK/pids"
PG_BIN=""
HELPER=""
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  [[ -n "$HELPER" ]] && kill -9 "$HELPER" 2>/dev/null || true
  for f in "$WORK"/pids/*; do # the replicas the helper started, by their ids
    [[ -f "$f" ]] && kill -9 "$(cat "$f")" 2>/dev/null || true
  done
  if [[ -n "$PG_BIN" ]]; then as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  if [[ "${KEEP:-0}" == 1 ]]; then echo "logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# --- database: a throwaway cluster (the harness stops and starts it, so it cannot be an existing database) --------
for dir in "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" /usr/lib/postgresql/*/bin; do
  [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]] && { PG_BIN=$dir; break; }
done
[[ -n "$PG_BIN" ]] || { echo "no PostgreSQL server binaries (apt-get install postgresql)" >&2; exit 2; }
PG_PORT=$(free_port)
PG_START_OPTS="-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
mkdir -p "$WORK/pg"
[[ $(id -u) -eq 0 ]] && chown postgres "$WORK/pg"
as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg/log" -w -o "$PG_START_OPTS" start >/dev/null
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT; work directory $WORK"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# --- the scenarios (fault_harness.py starts the replicas; their pids land in $WORK/pids) -----------------------------
export WORK JAR PG_BIN PG_PORT PG_START_OPTS
export PG_DATA="$WORK/pg" AS_PG=$([[ $(id -u) -eq 0 ]] && echo 1 || echo 0)
export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres"
export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=unused
export ADMIN_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '/+=')
export ENCRYPTION_KEY=$(head -c 32 /dev/urandom | base64)
export JAVA_OPTS=${JAVA_OPTS:--Xmx512m}
unset PORT
set +e
python3 -u scripts/fault_harness.py "$@" &
HELPER=$!
wait "$HELPER"
rc=$?
HELPER=""
set -e
exit $rc
