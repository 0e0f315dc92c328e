#!/usr/bin/env bash
# Throughput and latency of the production jar against a real PostgreSQL, each figure next to what that same
# PostgreSQL can do for the equivalent transaction on the same machine in the same run (pgbench), so that the ratio
# means something on a shared, noisy machine. Not part of the test suite.
#
#   ./mvnw -B package -DskipTests && scripts/benchmark.sh
#
# What it does: starts a throwaway PostgreSQL (initdb; fsync and synchronous_commit ON: durability is part of the
# cost), starts target/quarkus-app/quarkus-run.jar against it (JVM start to listening is measured), provisions an
# organization (plenty of licenses, rate limit 100,000/min, a fresh key per phase so no phase meets the limit) and
# one webhook endpoint per environment whose circuit is held open, so deliveries are queued (written) during the
# request phases but sent only in the last phase. Then, for create (live key), create (test key), get, list and
# submit (and the floor: an authenticated GET /assessments/types, no database read): the PostgreSQL ceiling with pgbench (scripts/bench/pg-*.sql, -M prepared) and the service with wrk
# (scripts/bench/load.lua), both with CLIENTS connections for DURATION seconds; one-client get; finally the queued
# webhook deliveries are let go to a local receiver (scripts/bench/receiver.py) and counted per second.
# After the warm-up and after the service phases it waits until the report job has rendered the PDF of every
# session completed so far (and prints that rate), so no phase pays for an earlier phase's reports.
#
# Settings (environment): CLIENTS (16), DURATION (10), WARMUP (8) seconds of warm-up per operation and WARMUP_ROUNDS
# (2) rounds of it at least, more (up to WARMUP_MAX_ROUNDS, 5) while the JIT compilers took more than WARMUP_JIT_SHARE
# (10) % of the JVM's CPU in the last round, JAR (the
# production jar; java is started in its directory), JAVA_OPTS (extra JVM options, after the service's own,
# src/main/docker/jvm.options, and -XX:MaxRAM=512m, the pod's memory: JVM_OPTIONS_FILE and POD_MEMORY change or
# leave out either, see service_jvm_options in scripts/bench/common.sh; e.g. a GC log, but not
# -XX:StartFlightRecording with AOT=1: the JVM then refuses the AOT cache, and the run says so; PROFILE_PHASE and
# PROFILER below profile with the cache in use), APPCDS=1 (add -XX:SharedArchiveFile=app-cds.jsa: the archive that
# ./mvnw -B package -DskipTests -Dquarkus.package.jar.appcds.enabled=true writes next to the jar), START_ONLY=1 (stop
# after the JVM start figure), AOT=1 (add -XX:AOTCache=app.aot: the JDK 25 AOT cache that
# ./mvnw -B verify -Dquarkus.package.jar.aot.enabled=true -DskipITs=false -Dtest=NoUnitTests -Dsurefire.failIfNoSpecifiedTests=false
# writes next to the jar, trained by the integration tests; needs java 25 first on the PATH, the JDK that built it), WEBHOOK_ENDPOINTS (1: endpoints per environment the queued deliveries are spread over
# before they are let go; extra ones are registered only then, so the request phases write the same rows),
# PG_STATEMENTS=1 (print pg_stat_statements' top statements of each measured phase; PG_STATEMENTS_TRACK=all counts the
# statements inside functions and triggers too), PG_EXPLAIN=ms (auto_explain
# during the webhook phase: the plans, with rows and buffers, of statements slower than that, and the rest of
# PostgreSQL's log, copied to $PROFILE_DIR or target/pg-explain.log; that phase's figures then include the
# instrumentation), KEEP=1 (keep the work
# directory), PROFILER=/path/to/libasyncProfiler.so (scripts/bench/async-profiler.sh fetches it and prints that
# path; start the JVM with async-profiler sampling CPU every millisecond
# for the whole run; the collapsed stacks go to $PROFILE_DIR/cpu.collapsed, default target/profiles: one line
# per stack with its sample count, so grep for an endpoint's invoker, e.g. SessionsApi$quarkusrestinvoker$createSession);
# PROFILE_PHASE="name ..." (e.g. get, create_live, types): a flight recording of those phases only (jcmd JFR.start,
# execution samples every 1 ms) into $PROFILE_DIR/name.jfr; scripts/bench/jfr-collapsed.py turns it into collapsed
# stacks by thread ("deliveries": the webhook phase). STOP_AFTER=name stops the run after that phase. Each phase's
# line ends with the JVM's uptime over it, to find the phase in the JVM's own logs (a GC log:
# JAVA_OPTS="-Xlog:gc*:file=/tmp/gc.log:uptime,level,tags").
# DELIVERIES_ONLY=1: no request phases, only DURATION x 12 seconds of creates that queue deliveries, then the webhook
# phase (a quicker A/B of the delivery worker). Needs java, curl, python3, wrk (apt-get install wrk), pgbench and PostgreSQL's server binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source "$ROOT/scripts/bench/common.sh" # service_jvm_options, free_port, now, as_pg, json, load, pg_bin, pg_throwaway, pg_cpu_ticks, await_answer

CLIENTS=${CLIENTS:-16}
SECONDS_EACH=${DURATION:-10}
WARMUP=${WARMUP:-8}
WARMUP_ROUNDS=${WARMUP_ROUNDS:-2}
WARMUP_MAX_ROUNDS=${WARMUP_MAX_ROUNDS:-5}
WARMUP_JIT_SHARE=${WARMUP_JIT_SHARE:-10}
JAR=${JAR:-target/quarkus-app/quarkus-run.jar}
[[ -f "$JAR" ]] || { echo "no $JAR: run ./mvnw -B package -DskipTests first" >&2; exit 2; }
JAR=$(readlink -f "$JAR")
WEBHOOK_ENDPOINTS=${WEBHOOK_ENDPOINTS:-1}
service_jvm_options # the image's JVM options and the pod's memory (JVM_OPTIONS_FILE, POD_MEMORY: common.sh)
JVM_OPTS="" # this run's own, after those and JAVA_OPTS (start_service in common.sh)
if [[ -n "${PROFILER:-}" ]]; then
  PROFILE_DIR=$(mkdir -p "${PROFILE_DIR:-target/profiles}" && readlink -f "${PROFILE_DIR:-target/profiles}")
  JVM_OPTS="$JVM_OPTS -agentpath:$(readlink -f "$PROFILER")=start,event=cpu,interval=1ms,file=$PROFILE_DIR/cpu.collapsed,collapsed"
fi
if [[ "${APPCDS:-}" == 1 ]]; then
  [[ -f "$(dirname "$JAR")/app-cds.jsa" ]] \
    || { echo "no app-cds.jsa next to $JAR: ./mvnw -B package -DskipTests -Dquarkus.package.jar.appcds.enabled=true" >&2; exit 2; }
  JVM_OPTS="$JVM_OPTS -XX:SharedArchiveFile=app-cds.jsa" # relative: the archive records the class path as run at build
fi
if [[ "${AOT:-}" == 1 ]]; then
  [[ -f "$(dirname "$JAR")/app.aot" ]] || { echo "no app.aot next to $JAR: see AOT=1 above" >&2; exit 2; }
  JVM_OPTS="$JVM_OPTS -XX:AOTCache=app.aot"
fi
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install -y wrk)" >&2; exit 2; }
command -v pgbench >/dev/null || { echo "pgbench is missing (apt-get install -y postgresql-contrib)" >&2; exit 2; }

WORK=$(mktemp -d /tmp/benchmark.XXXXXX)
chmod 755 "$WORK"
APP_PID="" RECEIVER_PID="" PG_BIN=""
stop_app() { # a graceful stop (the profiler writes its file then), forced after 15 s
  if [[ -n "$APP_PID" ]] && kill "$APP_PID" 2>/dev/null; then
    for _ in $(seq 1 150); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$APP_PID" 2>/dev/null || true
  fi
  APP_PID=""
}
cleanup() {
  stop_app
  [[ -n "$RECEIVER_PID" ]] && kill "$RECEIVER_PID" 2>/dev/null || true
  if [[ -n "$PG_BIN" ]]; then as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  [[ "${KEEP:-}" == 1 ]] && echo "work directory kept: $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT
stopped() { # a failing command of this script's own top level ends the run (set -e): say where, and whether the
  # service and PostgreSQL were still up (runs ended without a word in the webhook phase, session 26). Without set -E
  # bash runs this trap for no command inside a function, a subshell or a command substitution: a failure in there
  # that ends the run is still silent (set -E would report stops that are not, in command substitutions, where -e is off)
  local status=$1 line=$2 pm=""
  [[ -f "$WORK/pg/postmaster.pid" ]] && pm=$(head -1 "$WORK/pg/postmaster.pid")
  echo "benchmark.sh stopped at line $line (exit status $status); the service $( [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null && echo "was running" || echo "was not running"), PostgreSQL $( [[ -n "$pm" ]] && kill -0 "$pm" 2>/dev/null && echo "was running" || echo "was not running")" >&2
  if [[ -f "$WORK/app.log" ]]; then echo "the service's log, last lines:" >&2; tail -20 "$WORK/app.log" >&2; fi
  if [[ -f "$WORK/pg/log" ]]; then echo "PostgreSQL's log, last lines:" >&2; tail -20 "$WORK/pg/log" >&2; fi
}
trap 'stopped $? $LINENO' ERR


# --- PostgreSQL -------------------------------------------------------------------------------------------------
PG_SETTINGS="-c shared_buffers=256MB -c max_connections=100 -c fsync=on -c synchronous_commit=on -c full_page_writes=on -c max_wal_size=2GB"
pg_throwaway "$WORK/pg" "$PG_SETTINGS -c shared_preload_libraries=pg_stat_statements,auto_explain -c pg_stat_statements.track_planning=$([[ "${PG_STATEMENTS:-}" == 1 ]] && echo on || echo off) -c pg_stat_statements.track=${PG_STATEMENTS_TRACK:-top}"
export PGHOST=127.0.0.1 PGPORT=$PG_PORT PGUSER=postgres PGDATABASE=postgres
psql_() { psql -X -q -tA -v ON_ERROR_STOP=1 -c "$1"; }
psql_ "create extension if not exists pg_stat_statements" || true
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PG_PORT: $PG_SETTINGS (the rest default)"
echo "machine: $(nproc) cores, load average at start $(load); the service's connection pool: ${DB_POOL_MAX:-the default} (DB_POOL_MAX)"

# --- service ----------------------------------------------------------------------------------------------------
RECEIVER_PORT=$(free_port)
python3 "$ROOT/scripts/bench/receiver.py" "$RECEIVER_PORT" &
RECEIVER_PID=$!
PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
ADMIN_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '/+=')
export PORT ADMIN_TOKEN ENCRYPTION_KEY=$(head -c 32 /dev/urandom | base64)
export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres"
export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=unused
# the local receiver is plain http on 127.0.0.1 (the production rules want https and no loopback)
export ASSESSMENTS_WEBHOOKS_ALLOWED_HOSTS=127.0.0.1 ASSESSMENTS_WEBHOOKS_ALLOW_HTTP=true ASSESSMENTS_WEBHOOKS_ALLOW_HTTP_LIVE=true
launch() { # starts the jar, waits for the first 200; sets T_LAUNCH, T_LISTEN, T_UP, STARTED
  T_LAUNCH=$EPOCHREALTIME
  start_service "$JAR" "$JVM_OPTS" "$WORK/app.log"
  APP_PID=$!
  await_answer "$PORT" "$APP_PID" "$WORK/app.log"
  STARTED=$(grep -o 'started in [0-9.]*s' "$WORK/app.log" | head -1 || true)
  aot_refused "$WORK/app.log"
}
started() { # "x.xx s from launch to the first answer (listening at y.yy s)"
  python3 -c "print(f'{$T_UP - $T_LAUNCH:.2f} s from launch to the first answer (listening at {$T_LISTEN - $T_LAUNCH:.2f} s)')"
}
launch
echo "service up on $BASE: $(started), on an empty database (the migrations included; Quarkus: $STARTED; JVM options: ${SERVICE_JVM_SAYS:-none}${JAVA_OPTS:+ $JAVA_OPTS}$JVM_OPTS)"
# a replica's restart meets a migrated database: stopped gracefully and started again, that is the start measured
stop_app
sleep 2 # the machine settles after the first start's work
launch
echo "restarted: $(started), the database migrated (Quarkus: $STARTED)"
[[ "${START_ONLY:-}" == 1 ]] && exit 0

admin() { curl -sf -X "$1" "$BASE$2" -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
ORG=$(admin POST /api/admin/organizations \
  '{"name":"Benchmark","assessmentTypes":["disc"],"licenses":{"disc":100000000},"rateLimitPerMinute":100000}' | json "['id']")
new_key() { admin POST "/api/admin/organizations/$ORG/keys" "{\"environment\":\"$1\"}" | json "['secretKey']['secret']"; }
keys4() { echo "$(new_key test),$(new_key test),$(new_key test),$(new_key test)"; } # two per wrk thread, cycled
LIVE_KEY=$(new_key live)
LIVE_KEY_ID=$(psql_ "select id from api_keys where organization_id = '$ORG' and environment = 'live' and kind = 'secret'")
for env in live test; do
  key=$([[ $env == live ]] && echo "$LIVE_KEY" || new_key test)
  curl -sf -X POST "$BASE/api/v1/webhooks" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d "{\"url\":\"http://127.0.0.1:$RECEIVER_PORT/hook\",\"events\":[\"session.created\",\"session.completed\"]}" >/dev/null
done
# deliveries are queued (and written) from now on, but not sent until the webhook phase
psql_ "update webhook_endpoints set circuit_open_until = now() + interval '1 day' where organization_id = '$ORG'"

# --- helpers ----------------------------------------------------------------------------------------------------
declare -A RESULT
# CPU time used so far (in clock ticks) by the service's JVM, by this PostgreSQL's processes and by the JVM's JIT
# compiler threads (part of the JVM's): CPU per request depends far less on what else runs on a shared machine than
# requests per second do, and the compilers' share says whether a phase measured compiled code or the compiling
cpu_ticks() {
  local pm jvm pg jit
  jvm=$(awk '{print $14 + $15}' "/proc/$APP_PID/stat")
  pg=$(pg_cpu_ticks "$WORK/pg")
  jit=$(for task in /proc/"$APP_PID"/task/*; do
          if [[ "$(cat "$task/comm" 2>/dev/null)" == C[12]\ CompilerThre* ]]; then sed 's/^.*) //' "$task/stat" 2>/dev/null || true; fi
        done | awk '{t += $12 + $13} END {print t + 0}')
  echo "$jvm $pg $jit"
}
per_request() { # ticks-before ticks-after count: milliseconds of CPU per request: JVM, PostgreSQL, the JVM's JIT compilers
  python3 -c "import os,sys; hz=os.sysconf('SC_CLK_TCK'); b=sys.argv[1:4]; a=sys.argv[4:7]; n=max(int(sys.argv[7]),1)
print(' '.join(f'{(int(a[i])-int(b[i]))*1000/hz/n:.3f}' for i in range(3)))" $1 $2 $3
}
machine_ticks() { # idle and total CPU ticks of the whole machine so far (/proc/stat; idle includes iowait)
  awk '/^cpu / {print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9; exit}' /proc/stat
}
idle_share() { # machine_ticks before, after: the machine's idle share between them, in percent (a phase that leaves
  # cores idle waits on something other than CPU)
  awk -v b="$1" -v a="$2" 'BEGIN {split(b, x, " "); split(a, y, " "); t = y[2] - x[2]; printf "%.0f", (t > 0 ? 100 * (y[1] - x[1]) / t : 0)}'
}
cpu_per() { # file (CPU seconds, as cpu_of writes them) count: milliseconds of that CPU per one of count
  awk -v n="$2" '{printf "%.3f", (n > 0 ? $1 * 1000 / n : 0)}' "$1"
}
jvm_uptime() { # seconds since the service's JVM started, as its own logs count them (-Xlog:gc*:...:uptime)
  awk -v hz="$(getconf CLK_TCK)" -v start="$(awk '{print $22}' "/proc/$APP_PID/stat")" '{printf "%.1f", $1 - start / hz}' /proc/uptime
}

record_start() { # phase name: a flight recording of it when PROFILE_PHASE names it (execution samples every 1 ms)
  if [[ " ${PROFILE_PHASE:-} " == *" $1 "* ]]; then
    jcmd "$APP_PID" JFR.start name="$1" settings=profile "jdk.ExecutionSample#period=1ms" >/dev/null
  fi
}
record_stop() { # phase name: writes $PROFILE_DIR/name.jfr
  if [[ " ${PROFILE_PHASE:-} " == *" $1 "* ]]; then
    mkdir -p "${PROFILE_DIR:-target/profiles}"
    jcmd "$APP_PID" JFR.stop name="$1" filename="$(readlink -f "${PROFILE_DIR:-target/profiles}")/$1.jfr" >/dev/null
  fi
}
run_wrk() { # name mode token seconds connections [ids file]
  local name=$1 mode=$2 token=$3 secs=$4 conns=$5 ids=${6:-} threads before from to machine idle
  threads=$((conns < 2 ? 1 : 2))
  record_start "$name"
  [[ "${PG_STATEMENTS:-}" == 1 ]] && psql_ "select pg_stat_statements_reset()" >/dev/null
  before=$(cpu_ticks) from=$(jvm_uptime) machine=$(machine_ticks)
  cpu_of "$WORK/wrk-cpu.$name" wrk -t"$threads" -c"$conns" -d"${secs}s" --timeout 10s -s "$ROOT/scripts/bench/load.lua" "$BASE" \
    -- "$mode" "$token" "$threads" $ids >"$WORK/wrk.$name" 2>&1 || true
  to=$(jvm_uptime) idle=$(idle_share "$machine" "$(machine_ticks)")
  record_stop "$name"
  local rps p50 p99 statuses
  # throughput counts the 2xx answers only (an error answer is cheaper and proves nothing)
  rps=$(awk -v secs="$secs" '/^STATUS/ {split($2, a, "="); printf "%.0f", a[2] / secs}' "$WORK/wrk.$name")
  p50=$(awk -F'[= ]' '/^LATENCY/ {print $3}' "$WORK/wrk.$name")
  p99=$(awk -F'[= ]' '/^LATENCY/ {print $5}' "$WORK/wrk.$name")
  statuses=$(sed -n 's/^STATUS //p' "$WORK/wrk.$name")
  local cpu
  cpu=$(per_request "$before" "$(cpu_ticks)" "$(awk '/^STATUS/ {split($2, a, "="); print a[2]}' "$WORK/wrk.$name")")
  local jvm pg jit load_cpu
  read -r jvm pg jit <<<"$cpu"
  load_cpu=$(cpu_per "$WORK/wrk-cpu.$name" "$(awk '/^STATUS/ {split($2, a, "="); print a[2]}' "$WORK/wrk.$name")")
  RESULT[$name]="$rps $p50 $p99 $jvm $pg $jit"
  echo "  service $name: $rps req/s, p50 $p50 ms, p99 $p99 ms ($statuses); CPU per 2xx answer: JVM $jvm ms (its JIT compilers $jit), PostgreSQL $pg ms, wrk $load_cpu ms; the machine idle $idle %; the JVM's uptime $from-$to s"
  if [[ "${PG_STATEMENTS:-}" == 1 && $name != warm* ]]; then # this phase's statements (every backend: the service's pool and its jobs)
    psql -X -c "select calls, round(total_exec_time::numeric, 0) as total_ms, round(mean_exec_time::numeric, 3) as mean_ms,
                round(total_plan_time::numeric, 0) as plan_ms, left(regexp_replace(query, '\s+', ' ', 'g'), 90) as query
                from pg_stat_statements where query not like '%pg_stat_statements%'
                order by total_exec_time + total_plan_time desc limit 6"
  fi
  if [[ "${STOP_AFTER:-}" == "$name" ]]; then exit 0; fi
}
run_pgbench() { # name script (in scripts/bench, or an absolute path) [-D ...]
  local name=$1 script=$2 p50 p99 before cpu machine; shift 2
  [[ $script == /* ]] || script=$ROOT/scripts/bench/$script
  before=$(cpu_ticks) machine=$(machine_ticks)
  # -l: one line per transaction, for a quarter of them (its latency in microseconds is the third field), for the ceiling's own p50 / p99
  (cd "$WORK" && cpu_of "$WORK/pgbench-cpu.$name" pgbench -n -M prepared -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" -l --sampling-rate=0.25 --log-prefix="pgbench_log.$name" \
    -f "$script" "$@") >"$WORK/pgbench.$name" 2>&1 || { cat "$WORK/pgbench.$name" >&2; exit 1; }
  read -r p50 p99 < <(cat "$WORK"/pgbench_log."$name".* | awk '{print $3}' | sort -n \
    | awk '{v[NR] = $1} END {printf "%.2f %.2f\n", v[int(NR * 0.50)] / 1000, v[int(NR * 0.99)] / 1000}')
  rm -f "$WORK"/pgbench_log."$name".*
  cpu=$(per_request "$before" "$(cpu_ticks)" "$(awk '/^number of transactions actually processed/ {print $NF}' "$WORK/pgbench.$name")")
  local pg idle client
  idle=$(idle_share "$machine" "$(machine_ticks)")
  client=$(cpu_per "$WORK/pgbench-cpu.$name" "$(awk '/^number of transactions actually processed/ {print $NF}' "$WORK/pgbench.$name")")
  pg=$(echo "$cpu" | cut -d' ' -f2)
  RESULT[pg_$name]="$(awk '/^tps = / {printf "%.0f", $3}' "$WORK/pgbench.$name") $p50 $p99 $pg"
  echo "  PostgreSQL $name: ${RESULT[pg_$name]%% *} tx/s, p50 $p50 ms, p99 $p99 ms; PostgreSQL CPU per transaction $pg ms, pgbench $client ms; the machine idle $idle %"
}
# Completed sessions' PDF reports render in the background (the report job, every 10 s): thousands of them would
# otherwise render during the next phases and take their CPU. Waits until none is due; prints the rendering rate.
drain_reports() { # phase name
  local due before t0 t1 left
  due=$(psql_ "select count(*) from sessions where organization_id = '$ORG' and status = 'completed' and report_generated_at is null and deleted_at is null")
  (( due > 0 )) || return 0
  before=$(cpu_ticks); t0=$(now)
  for _ in $(seq 1 1200); do
    left=$(psql_ "select count(*) from sessions where organization_id = '$ORG' and status = 'completed' and report_generated_at is null and deleted_at is null")
    (( left == 0 )) && break
    sleep 0.5
  done
  t1=$(now)
  local cpu rate
  cpu=$(per_request "$before" "$(cpu_ticks)" "$((due - left))")
  rate=$(python3 -c "print(f'{($due - $left) / max($t1 - $t0, 0.001):.0f}')")
  local jvm pg jit
  read -r jvm pg jit <<<"$cpu"
  RESULT[reports]="$rate $jvm $pg"
  echo "  reports ($1): $((due - left)) of $due rendered in $(python3 -c "print(f'{$t1 - $t0:.1f}')") s (the job wakes every 10 s): ~$rate reports/s; CPU per report: JVM $jvm ms (its JIT compilers $jit), PostgreSQL $pg ms"
}
ids_of() { psql_ "select id from sessions where organization_id = '$ORG' and environment = 'test' and status = '$1' and created_at >= '$2' order by random() limit ${3:-100000}"; }

if [[ "${DELIVERIES_ONLY:-}" == 1 ]]; then # only queue deliveries (test-key creates), then the webhook phase
  run_wrk fill create "$(new_key test)" "$((SECONDS_EACH * 12))" "$CLIENTS"
else
# --- warm-up (JIT) and real payloads for the pgbench transactions -------------------------------------------------
echo "warm-up: $WARMUP_ROUNDS to $WARMUP_MAX_ROUNDS rounds of $WARMUP s of each operation, until the JIT compilers take at most $WARMUP_JIT_SHARE % of the JVM's CPU in a round (load average $(load))"
T0=$(psql_ "select now()")
# Every operation the service phases measure, in rounds: C2 compiles the shared HTTP path for the first operations'
# profile and then compiles it again (seconds of compiler CPU each time) when later operations take its other
# branches; after one round a measured phase still spent up to 40 % of the JVM's CPU in the compilers, which is a
# JIT transient of this script's order, not the service's steady state (the compilers' share is printed per phase).
# How many rounds that takes depends on the machine: on a slower one (session 23: PostgreSQL's primary-key read at
# 0.075-0.103 ms of CPU, against 0.029 before) the compilers still took 24 % of the JVM's CPU in the measured get
# after two rounds, so rounds go on while they take more than WARMUP_JIT_SHARE % of it
round=0
while :; do
  round=$((round + 1)) round_ticks=$(cpu_ticks)
  warm_key=$(new_key test) warm_from=$(psql_ "select now()")
  run_wrk "warm${round}_create_live" create "$LIVE_KEY" "$WARMUP" "$CLIENTS"
  run_wrk "warm${round}_create" create "$warm_key" "$WARMUP" "$CLIENTS"
  ids_of created "$warm_from" 2000 >"$WORK/warm.ids"
  run_wrk "warm${round}_get" get "$(keys4)" "$WARMUP" "$CLIENTS" "$WORK/warm.ids"
  # the floor on keys of its own, as in its phase: at 10,000-20,000 answers/s it would take the warm-up key past its
  # 100,000 a minute, and the round's list and submit would warm up the 429 answer instead
  run_wrk "warm${round}_types" types "$(keys4)" "$WARMUP" "$CLIENTS"
  run_wrk "warm${round}_list" list "$warm_key" "$WARMUP" "$CLIENTS"
  run_wrk "warm${round}_submit" submit "$warm_key" "$WARMUP" "$CLIENTS" "$WORK/warm.ids"
  jit_share=$(echo "$round_ticks $(cpu_ticks)" | awk '{jvm = $4 - $1; printf "%.0f", (jvm > 0 ? 100 * ($6 - $3) / jvm : 0)}')
  echo "  warm-up round $round: the JIT compilers took $jit_share % of the JVM's CPU"
  if ((round >= WARMUP_ROUNDS && (jit_share <= WARMUP_JIT_SHARE || round >= WARMUP_MAX_ROUNDS))); then break; fi
done
CREATED_PAYLOAD=$(psql_ "select payload from events where organization_id = '$ORG' and type = 'session.created' limit 1")
COMPLETED_PAYLOAD=$(psql_ "select payload from events where organization_id = '$ORG' and type = 'session.completed' limit 1")
RESPONSES=$(psql_ "select responses from sessions where organization_id = '$ORG' and status = 'completed' limit 1")
RESULTS=$(psql_ "select results from sessions where organization_id = '$ORG' and status = 'completed' limit 1")
[[ -n "$COMPLETED_PAYLOAD" && -n "$RESULTS" ]] || { echo "the warm-up submitted nothing" >&2; tail -20 "$WORK/app.log" >&2; exit 1; }
drain_reports warm-up

# --- PostgreSQL ceilings (the service idle) ---------------------------------------------------------------------
echo "PostgreSQL ceilings: pgbench -M prepared -c $CLIENTS -j 2 -T $SECONDS_EACH (load average $(load))"
run_pgbench create pg-create.sql -D org="$ORG" -D key="$LIVE_KEY_ID" -D created_payload="$CREATED_PAYLOAD"
# the same with a pg_notify in the transaction, as the service sent one until session 11: PostgreSQL makes every
# transaction that notified commit one after the other (for reference; the service now notifies after the commit).
# A channel nobody listens on: the lock is database-wide whatever the channel, and the service's worker stays asleep.
sed "s/^COMMIT;/SELECT pg_notify('benchmark_ceiling', '');\nCOMMIT;/" "$ROOT/scripts/bench/pg-create.sql" >"$WORK/pg-create-notify.sql"
run_pgbench create_notify "$WORK/pg-create-notify.sql" -D org="$ORG" -D key="$LIVE_KEY_ID" -D created_payload="$CREATED_PAYLOAD"
psql_ "drop table if exists bench_sessions; create table bench_sessions as select row_number() over () as n, s.* from sessions s;
       alter table bench_sessions add primary key (n); analyze bench_sessions"
run_pgbench get pg-get.sql -D rows="$(psql_ "select count(*) from bench_sessions")"
# for reference: the service's own select list on the same rows
run_pgbench get_statement pg-get-service.sql -D rows="$(psql_ "select count(*) from bench_sessions")"
psql_ "drop table if exists bench_submit; create table bench_submit as select row_number() over () as n, id from sessions
       where organization_id = '$ORG' and environment = 'live';
       alter table bench_submit add primary key (n); analyze bench_submit"
run_pgbench submit pg-submit.sql -D org="$ORG" -D rows="$(psql_ "select count(*) from bench_submit")" \
  -D responses="$RESPONSES" -D results="$RESULTS" -D completed_payload="$COMPLETED_PAYLOAD"

# --- the service ------------------------------------------------------------------------------------------------
# pgbench's submit transactions completed sessions too: not the service's work, so no report is rendered for them
psql_ "update sessions set report_generated_at = now() where organization_id = '$ORG' and status = 'completed' and report_generated_at is null"
psql_ "analyze" # the ceilings' rows too, so that the service phases are not planned on stale statistics either
echo "service: wrk -t2 -c$CLIENTS -d${SECONDS_EACH}s, a fresh key per phase (load average $(load))"
run_wrk create_live create "$LIVE_KEY" "$SECONDS_EACH" "$CLIENTS"
T1=$(psql_ "select now()")
run_wrk create_test create "$(new_key test)" "$SECONDS_EACH" "$CLIENTS"
ids_of created "$T0" >"$WORK/submit.ids" # every test session not submitted yet (warm-up ones too)
ids_of created "$T0" 5000 >"$WORK/get.ids"
# the create phases' 13,000-odd new rows start autovacuum on sessions, events and deliveries about a minute later,
# which then ran inside the get phase (2-3 s of vacuum and analyze; that run's get p99 was 162 ms, against 8 ms in its
# later get phases); the ceilings ran without it, so the service phases do too
psql_ "vacuum (analyze) sessions, events, webhook_deliveries"
# four keys, as the floor: since the native transport (session 15) the get makes more than a key's 100,000 a minute
run_wrk get get "$(keys4)" "$SECONDS_EACH" "$CLIENTS" "$WORK/get.ids"
run_wrk get_1 get "$(new_key test)" "$SECONDS_EACH" 1 "$WORK/get.ids"
# for reference: PostgreSQL's CPU per read of the service's statement when pgbench sends them at the rate the service's
# get reached (-R), not flat out. A backend that sleeps between statements costs several times more CPU per statement
# than a saturated one (session 16: 0.073 ms at 8,000/s against 0.021-0.026 ms flat out), so the service's PostgreSQL
# CPU per get is to be read against this figure, not against the ceiling's
run_pgbench get_at_rate pg-get-service.sql -D rows="$(psql_ "select count(*) from bench_sessions")" -R "${RESULT[get]%% *}"
# the floor: what an authenticated request costs this stack with no database read at all (HTTP, auth from its
# cache, the in-memory rate limit, JSON), so the ratios above can be read against what no database work could beat
run_wrk types types "$(keys4)" "$SECONDS_EACH" "$CLIENTS" # two
# keys per wrk thread, cycled: the floor makes more requests than a key's 100,000 a minute (the most a key may have);
# with one key its 429s, counted out, capped it at 10,000/s, with one per thread at 20,000/s
# the list's ceiling here, on the rows the service's list then counts (every test session of the organization): with
# the other ceilings it counted them before the service's create phases had added theirs, about half as many rows.
# analyze first: planned on stale statistics (before autovacuum gets to tens of thousands of new sessions) the
# list's count became a sequential scan, 10 times slower, in some runs and not others
psql_ "analyze"
run_pgbench list pg-list.sql -D org="$ORG"
run_wrk list list "$(new_key test)" "$SECONDS_EACH" "$CLIENTS"
run_wrk submit submit "$(new_key test)" "$SECONDS_EACH" "$CLIENTS" "$WORK/submit.ids"

drain_reports "service phases"

fi # DELIVERIES_ONLY

# --- webhook deliveries -----------------------------------------------------------------------------------------
QUEUED=$(psql_ "select count(*) from webhook_deliveries where organization_id = '$ORG' and status = 'pending'")
if (( WEBHOOK_ENDPOINTS > 1 )); then
  # registered only now (each would have got a delivery of every event), the queue spread over them round-robin
  for env in live test; do
    key=$([[ $env == live ]] && echo "$LIVE_KEY" || new_key test)
    for _ in $(seq 2 "$WEBHOOK_ENDPOINTS"); do
      curl -sf -X POST "$BASE/api/v1/webhooks" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
        -d "{\"url\":\"http://127.0.0.1:$RECEIVER_PORT/hook\",\"events\":[\"session.created\",\"session.completed\"]}" >/dev/null
    done
  done
  psql_ "update webhook_endpoints set circuit_open_until = now() + interval '1 day' where organization_id = '$ORG';
         with e as (select id, environment, row_number() over (partition by environment order by id) - 1 as k,
                           count(*) over (partition by environment) as n
                    from webhook_endpoints where organization_id = '$ORG' and deleted_at is null),
              d as (select d.id, p.environment, row_number() over (partition by p.environment order by d.id) as r
                    from webhook_deliveries d join webhook_endpoints p on p.id = d.endpoint_id
                    where d.organization_id = '$ORG' and d.status = 'pending')
         update webhook_deliveries w set endpoint_id = e.id from d join e on e.environment = d.environment and e.k = d.r % e.n
         where w.id = d.id"
fi
[[ "${PG_STATEMENTS:-}" == 1 ]] && psql_ "select pg_stat_statements_reset()" >/dev/null
if [[ -n "${PG_EXPLAIN:-}" ]]; then # every backend re-reads these on the reload, the pool's connections too
  # (log_analyze instruments every statement, not only the slow ones: this phase's figures are then not comparable)
  psql_ "alter system set auto_explain.log_min_duration = '${PG_EXPLAIN}ms'"
  psql_ "alter system set auto_explain.log_analyze = on"
  psql_ "alter system set auto_explain.log_timing = off" # rows and buffers per node, without a clock read per row
  psql_ "alter system set auto_explain.log_buffers = on"
  psql_ "alter system set auto_explain.log_nested_statements = on"
  psql_ "select pg_reload_conf()" >/dev/null
fi
psql_ "update webhook_endpoints set circuit_open_until = null where organization_id = '$ORG'"
echo "webhook deliveries: $QUEUED queued, $WEBHOOK_ENDPOINTS endpoint(s) per environment (live, test), let go now (load average $(load))"
# like the request phases: WARMUP seconds of deliveries first (the JIT compiles the delivery path; in a profile
# without it, more than half of the JVM's CPU in the first 10 s was the compiler), then SECONDS_EACH measured
received() { # deliveries the receiver has counted; 0, said on stderr, when it does not answer (session 23: one run
  # ended here without a word: an empty count made the arithmetic below fail)
  local count
  count=$(curl -sf --max-time 5 "http://127.0.0.1:$RECEIVER_PORT/count") || { echo "  the receiver did not answer its count" >&2; echo 0; return; }
  echo "${count%% *}"
}
for _ in $(seq 1 700); do (( $(received) > 0 )) && break; sleep 0.05; done # the worker wakes on the circuit's reset or its poll
sleep "$WARMUP"
# then until the JIT has settled: the delivery path runs here for the first time, and after WARMUP seconds the
# compilers still took 0.58 of the JVM's 0.91 ms per delivery in one run; measured once the compiler threads use
# under 5 % of the JVM's CPU over 2 s (at most 30 times)
settled="did not settle"
for settle in $(seq 1 30); do
  read -r jvm_b _ jit_b < <(cpu_ticks); sleep 2; read -r jvm_a _ jit_a < <(cpu_ticks)
  if (( (jit_a - jit_b) * 20 < (jvm_a - jvm_b) )); then settled="settled"; break; fi
done
echo "  the JIT $settled after $((WARMUP + 2 * settle)) s of deliveries (compilers $((jit_a - jit_b)) of the JVM's $((jvm_a - jvm_b)) ticks in the last 2 s)"
vacuums() { psql_ "select vacuum_count || ' ' || autovacuum_count from pg_stat_user_tables where relname = 'webhook_deliveries'"; }
record_start deliveries
read -r VACUUMS0 AUTOVACUUMS0 < <(vacuums)
BEFORE_DELIVERIES=$(cpu_ticks) N0=$(received) T0=$(now)
sleep "$SECONDS_EACH"
N1=$(received) T1=$(now)
record_stop deliveries
read -r DELIVERY_JVM DELIVERY_PG DELIVERY_JIT < <(per_request "$BEFORE_DELIVERIES" "$(cpu_ticks)" "$((N1 - N0))")
WEBHOOK_RATE=$(python3 -c "print(f'{($N1 - $N0) / ($T1 - $T0):.0f}')")
read -r VACUUMS1 AUTOVACUUMS1 < <(vacuums)
(( N1 < QUEUED )) || echo "  (the queue ran empty during the measurement: queue more with a longer DURATION)"
echo "  webhook_deliveries vacuumed during the measurement: $((VACUUMS1 - VACUUMS0)) times by the service (QueueVacuum), $((AUTOVACUUMS1 - AUTOVACUUMS0)) by autovacuum"
echo "  measured: $((N1 - N0)) received in $(python3 -c "print(f'{$T1 - $T0:.1f}')") s: $WEBHOOK_RATE deliveries/s; CPU per delivery: JVM $DELIVERY_JVM ms (its JIT compilers $DELIVERY_JIT), PostgreSQL $DELIVERY_PG ms"
if [[ "${PG_STATEMENTS:-}" == 1 ]]; then
  echo "pg_stat_statements, top 8 by total time during the webhook phase:"
  psql -X -c "select calls, rows, round(total_exec_time::numeric, 0) as total_ms, round(mean_exec_time::numeric, 3) as mean_ms,
              plans, round(mean_plan_time::numeric, 3) as plan_ms,
              left(regexp_replace(query, '\s+', ' ', 'g'), 100) as query
              from pg_stat_statements order by total_exec_time desc limit 8"
fi

if [[ -n "${PG_EXPLAIN:-}" ]]; then
  psql_ "alter system reset all"
  psql_ "select pg_reload_conf()" >/dev/null
  explained=${PROFILE_DIR:-$ROOT/target}
  mkdir -p "$explained" && cp "$WORK/pg/log" "$explained/pg-explain.log"
  echo "  plans slower than ${PG_EXPLAIN} ms (PostgreSQL's log): $explained/pg-explain.log"
fi
[[ "${DELIVERIES_ONLY:-}" == 1 ]] && exit 0
# --- report -----------------------------------------------------------------------------------------------------
echo
echo "load average at the end: $(load); JVM restart (the database migrated): $(started)"
python3 - "$CLIENTS" <<EOF
rows = [("create, live key", "create_live", "create", "create >= 50 %, p99 < 50 ms"),
        ("create, test key", "create_test", "create", ""),
        ("get", "get", "get", "get >= 25 %, p99 < 10 ms"),
        ("get, 1 client", "get_1", "get", "p50 < 1 ms"),
        ("list (limit 20)", "list", "list", ""),
        ("submit (DISC)", "submit", "submit", "")]
r = {k: v.split() for k, v in {$(for k in "${!RESULT[@]}"; do printf '"%s": "%s", ' "$k" "${RESULT[$k]}"; done)}.items()}
print(f"| Operation ({$CLIENTS} clients) | Service req/s | p50 ms | p99 ms | CPU ms per request: JVM (its JIT) / PostgreSQL "
      f"| PostgreSQL ceiling tx/s | its p50 / p99 ms | its CPU ms per tx | Ratio | Goal |")
print("|---|---|---|---|---|---|---|---|---|---|")
for label, key, pg, goal in rows:
    rps, p50, p99, jvm_cpu, pg_cpu, jit_cpu = r[key]
    ceiling, pg_p50, pg_p99, ceiling_cpu = r["pg_" + pg]
    print(f"| {label} | {int(rps):,} | {float(p50):.1f} | {float(p99):.1f} | {jvm_cpu} ({jit_cpu}) / {pg_cpu} | {int(ceiling):,} "
          f"| {float(pg_p50):.1f} / {float(pg_p99):.1f} | {ceiling_cpu} | {int(rps) / int(ceiling):.0%} | {goal} |")
rps, p50, p99, jvm_cpu, pg_cpu, jit_cpu = r["types"]
print(f"| floor: GET /assessments/types (no database read) | {int(rps):,} | {float(p50):.1f} | {float(p99):.1f} "
      f"| {jvm_cpu} ({jit_cpu}) / {pg_cpu} | | | | {int(rps) / int(r['pg_get'][0]):.0%} of the get ceiling | |")
if "reports" in r:
    rate, jvm_cpu, pg_cpu = r["reports"]
    print(f"| PDF reports rendered in the background (the phases above wait until none is due) | ~{rate} /s | | | {jvm_cpu} / {pg_cpu} | | | | | |")
print(f"| webhook deliveries to a local receiver | $WEBHOOK_RATE /s | | | $DELIVERY_JVM ($DELIVERY_JIT) / $DELIVERY_PG | | | | | >= 1,000/s per replica |")
EOF
