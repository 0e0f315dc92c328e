#!/usr/bin/env bash
# Interleaved A/B of two builds on the read path, for a shared machine whose speed drifts by tens of percent within
# minutes (sequential runs of scripts/benchmark.sh could not tell 5 % apart). Both jars run at once against one
# throwaway PostgreSQL; after a warm-up each, ROUNDS rounds alternate DURATION seconds of GET /api/v1/sessions/{id}
# (16 connections, the same sessions and keys) against A, then B, then A... so that any drift of the machine falls on
# both alike. Prints each round and the medians: 2xx answers per second, and each JVM's CPU per answer (ms; the
# figure that moves least with the machine's load), with PostgreSQL's CPU per answer and wrk's p99 beside them. The same jar on both
# sides gives ratios within about 5 % of 1: a smaller change needs both orders (A/B, then B/A) and their geometric mean.
#   scripts/bench/ab-get.sh A/quarkus-app/quarkus-run.jar B/quarkus-app/quarkus-run.jar   [ROUNDS=6 DURATION=10 MODE=get]
# Both start with the service's JVM options and the pod's memory, as benchmark.sh does (service_jvm_options in
# common.sh: JVM_OPTIONS_FILE, POD_MEMORY), then JAVA_OPTS, then a side's own options written after its jar,
# separated by spaces: 'A.jar -Xmx256m' (another collector: 'A.jar -XX:-UseParallelGC -XX:+UseG1GC').
# MODE=types compares the floor (GET /api/v1/assessments/types) instead, MODE=create creates with a test key (each
# request a new session; KEY_ENV=live: with live keys, each create taking a license unit). Needs what scripts/benchmark.sh needs.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
source "$ROOT/scripts/bench/common.sh" # variant, service_jvm_options, start_service, free_port, as_pg, json, load, pg_throwaway, pg_cpu_ticks, await_answer
(($# == 2)) || { echo "usage: $0 'A.jar [JVM options]' 'B.jar [JVM options]'" >&2; exit 2; }
variant "$1"; JAR_A=$VARIANT_JAR OPTS_A=$VARIANT_OPTS
variant "$2"; JAR_B=$VARIANT_JAR OPTS_B=$VARIANT_OPTS
service_jvm_options
echo "both: ${SERVICE_JVM_SAYS:-no options of the service}${JAVA_OPTS:+ $JAVA_OPTS}"
echo "A: $JAR_A $OPTS_A"; echo "B: $JAR_B $OPTS_B"
ROUNDS=${ROUNDS:-6} SECS=${DURATION:-10} MODE=${MODE:-get} CLIENTS=${CLIENTS:-16}
THREADS=$((CLIENTS < 2 ? CLIENTS : 2)) # wrk refuses fewer connections than threads (CLIENTS=1: the one-client get)
WORK=$(mktemp -d /tmp/ab-get.XXXXXX); chmod 755 "$WORK"
PIDS=() PG_BIN=""
cleanup() {
  # killed and waited for: a graceful stop drains for 10 s and still reads classes from the jar, so a JVM left
  # stopping would outlive the script (and hang for good if the jar's directory is deleted meanwhile)
  for p in "${PIDS[@]}"; do { kill -9 "$p" && wait "$p"; } 2>/dev/null || true; done
  [[ -n "$PG_BIN" ]] && as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

pg_throwaway "$WORK/pg" "-c shared_buffers=256MB -c max_connections=100 -c max_wal_size=2GB"
export PGHOST=127.0.0.1 PGPORT=$PG_PORT PGUSER=postgres PGDATABASE=postgres
psql_() { psql -X -q -tA -v ON_ERROR_STOP=1 -c "$1"; }

ADMIN_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '/+=')
export ADMIN_TOKEN ENCRYPTION_KEY=$(head -c 32 /dev/urandom | base64)
export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres"
export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=unused
declare -A PORT PID
# the migrations first, by a start of A that is then killed, so that the two measured JVMs start alike on a migrated
# database (an A/A of one jar on both sides gave B 5.7 % more gets a second while A's JVM was the one that migrated).
# If B's jar brings migrations of its own, B still runs those at its start.
MIGRATE_PORT=$(free_port)
PORT=$MIGRATE_PORT start_service "$JAR_A" "$OPTS_A" "$WORK/app-migrate.log"
MIGRATE_PID=$! PIDS=("$MIGRATE_PID")
await_answer "$MIGRATE_PORT" "$MIGRATE_PID" "$WORK/app-migrate.log"
{ kill -9 "$MIGRATE_PID" && wait "$MIGRATE_PID"; } 2>/dev/null || true
PIDS=() # reaped: its pid may be another process's by the time cleanup runs
for side in A B; do
  jar=JAR_$side opts=OPTS_$side
  PORT[$side]=$(free_port)
  PORT=${PORT[$side]} start_service "${!jar}" "${!opts}" "$WORK/app-$side.log"
  PID[$side]=$! PIDS+=($!)
  await_answer "${PORT[$side]}" "${PID[$side]}" "$WORK/app-$side.log"
  aot_refused "$WORK/app-$side.log"
done
BASE=http://127.0.0.1:${PORT[A]}
admin() { curl -sf -X "$1" "$BASE$2" -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
ORG=$(admin POST /api/admin/organizations \
  '{"name":"Benchmark","assessmentTypes":["disc"],"licenses":{"disc":100000000},"rateLimitPerMinute":100000}' | json "['id']")
new_key() { admin POST "/api/admin/organizations/$ORG/keys" "{\"environment\":\"${KEY_ENV:-test}\"}" | json "['secretKey']['secret']"; }
# sixteen keys, cycled request by request: both sides together make more than 4 keys' 100,000 a minute (the limit
# holds across replicas, so A and B share it)
KEYS=$(for _ in $(seq 1 16); do new_key; done | paste -sd,)
wrk_() { # side seconds: runs the load, prints its 2xx answers (and leaves wrk's output in $WORK/wrk.out)
  wrk -t"$THREADS" -c"$CLIENTS" -d"$2s" --timeout 10s -s "$ROOT/scripts/bench/load.lua" "http://127.0.0.1:${PORT[$1]}" \
    -- "$MODE" "$KEYS" 2 "$WORK/ids" >"$WORK/wrk.out" 2>&1 || true
  awk '/^STATUS/ {split($2, a, "="); print a[2]}' "$WORK/wrk.out"
}
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# sessions to read: a few seconds of creates through each side, so that both JVMs have compiled the same paths before
# the gets. Until session 19 they went through A alone, and two A/Bs of one change, run again with the sides swapped,
# each came out 4-9 % more in B's favour.
for side in A B; do
  wrk -t"$THREADS" -c"$CLIENTS" -d3s -s "$ROOT/scripts/bench/load.lua" "http://127.0.0.1:${PORT[$side]}" -- create "$KEYS" 2 \
    >/dev/null 2>&1 || true
done
psql_ "select id from sessions where organization_id = '$ORG' order by random() limit 5000" >"$WORK/ids"
psql_ "vacuum (analyze)"
echo "$(wc -l <"$WORK/ids") sessions; warm-up (load average $(load))"
for _ in 1 2 3 4; do for side in A B; do wrk_ "$side" 10 >/dev/null; done; done
HZ=$(getconf CLK_TCK)
echo "round side req/s JVM-ms/answer PostgreSQL-ms/answer p99-ms p50-ms"
for r in $(seq 1 "$ROUNDS"); do
  for side in $([[ $((r % 2)) == 1 ]] && echo "A B" || echo "B A"); do # ABBA: neither side always goes first
    j0=$(ticks "${PID[$side]}") p0=$(pg_cpu_ticks "$WORK/pg")
    n=$(wrk_ "$side" "$SECS")
    # the get and the floor count errors together (load.lua), the others 429 apart
    grep -qE '429=0 |4xx-5xx=0$' "$WORK/wrk.out" || { echo "error answers (429: the keys' limits were reached)" >&2; cat "$WORK/wrk.out" >&2; exit 1; }
    j1=$(ticks "${PID[$side]}") p1=$(pg_cpu_ticks "$WORK/pg")
    read -r p50 p99 < <(awk -F'[= ]' '/^LATENCY/ {print $3, $5}' "$WORK/wrk.out")
    python3 -c "n=max($n,1); print($r, '$side', round($n / $SECS), f'{($j1 - $j0) * 1000 / $HZ / n:.4f}', f'{($p1 - $p0) * 1000 / $HZ / n:.4f}', '$p99', '$p50')"
  done
done | tee "$WORK/rounds"
python3 - "$WORK/rounds" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.split() and l.split()[0].isdigit()]
med = {s: [statistics.median(float(r[i]) for r in rows if r[1] == s) for i in (2, 3, 4, 5, 6)] for s in "AB"}
for s in "AB":
    print(f"median {s}: {med[s][0]:,.0f} req/s, JVM {med[s][1]:.4f} ms, PostgreSQL {med[s][2]:.4f} ms per answer,"
          f" p99 {med[s][3]:.2f} ms, p50 {med[s][4]:.2f} ms")
print(f"B/A: req/s {med['B'][0] / med['A'][0]:.3f}, JVM CPU per answer {med['B'][1] / med['A'][1]:.3f}")
EOF
