#!/usr/bin/env bash
# What a rolling deploy does to requests in flight: starts the production jar against a throwaway PostgreSQL, sends
# slow requests (session creations whose bodies trickle in), SIGTERMs the service while they are in flight, and
# reports how many completed, how many were cut, and whether a cut one had already been committed. Not part of the
# test suite.
#
#   ./mvnw -B package -DskipTests && scripts/drain-check.sh              # the configured drain
#   scripts/drain-check.sh --baseline                                   # no drain (delay 0, timeout 0), to compare
#
# Settings (environment): REQUESTS (20) slow requests, SLOW_SECONDS (8) how long each body takes to arrive,
# TERM_AFTER (1) seconds between the first request and SIGTERM. Needs java, curl, python3 and PostgreSQL's server
# binaries (initdb, pg_ctl: Debian's postgresql package), or QUARKUS_DATASOURCE_JDBC_URL (+ _USERNAME, _PASSWORD) of an
# existing, empty database (then the counts of committed sessions are not checked).
set -euo pipefail
cd "$(dirname "$0")/.."

REQUESTS=${REQUESTS:-20}
SLOW_SECONDS=${SLOW_SECONDS:-8}
TERM_AFTER=${TERM_AFTER:-1}
BASELINE=false
[[ "${1:-}" == "--baseline" ]] && BASELINE=true
JAR=target/quarkus-app/quarkus-run.jar
[[ -f "$JAR" ]] || { echo "no $JAR: run ./mvnw -B package -DskipTests first" >&2; exit 2; }

WORK=$(mktemp -d /tmp/drain-check.XXXXXX)
chmod 755 "$WORK"
APP_PID=""
PG_BIN=""
cleanup() {
  [[ -n "$APP_PID" ]] && kill -9 "$APP_PID" 2>/dev/null || true
  if [[ -n "$PG_BIN" ]]; then as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now() { python3 -c 'import time; print(f"{time.time():.3f}")'; }
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }

# --- database -------------------------------------------------------------------------------------------------
PSQL=""
if [[ -z "${QUARKUS_DATASOURCE_JDBC_URL:-}" ]]; then
  for dir in "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]] && { PG_BIN=$dir; break; }
  done
  [[ -n "$PG_BIN" ]] || { echo "no PostgreSQL server binaries (apt-get install postgresql), and no QUARKUS_DATASOURCE_JDBC_URL" >&2; exit 2; }
  PG_PORT=$(free_port)
  mkdir -p "$WORK/pg" && [[ $(id -u) -eq 0 ]] && chown postgres "$WORK/pg"
  as_pg "$PG_BIN/initdb" -D "$WORK/pg" -U postgres -A trust >/dev/null
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg/log" -w \
    -o "-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  export QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/postgres"
  export QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_DATASOURCE_PASSWORD=unused
  PSQL="psql -h 127.0.0.1 -p $PG_PORT -U postgres -d postgres -tAc"
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PG_PORT"
fi

# --- service --------------------------------------------------------------------------------------------------
PORT=$(free_port)
BASE="http://127.0.0.1:$PORT"
ADMIN_TOKEN=$(head -c 36 /dev/urandom | base64 | tr -d '/+=')
export PORT ADMIN_TOKEN ENCRYPTION_KEY=$(head -c 32 /dev/urandom | base64)
if $BASELINE; then export QUARKUS_SHUTDOWN_DELAY=0S QUARKUS_SHUTDOWN_TIMEOUT=0S; fi
java -jar "$JAR" >"$WORK/app.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 240); do
  [[ $(curl -s -o /dev/null -w '%{http_code}' "$BASE/q/health/ready" || true) == 200 ]] && break
  kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/app.log" >&2; exit 1; }
  sleep 0.5
done
echo "service up on $BASE ($($BASELINE && echo 'baseline: no delay, no timeout' || echo 'configured drain'))"

ORG=$(curl -sf -X POST "$BASE/api/admin/organizations" -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' \
  -d '{"name":"Drain check","assessmentTypes":["disc"],"licenses":{"disc":1000}}' | json "['id']")
KEY=$(curl -sf -X POST "$BASE/api/admin/organizations/$ORG/keys" -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' \
  -d '{"environment":"test"}' | json "['secretKey']['secret']")

# --- slow requests, SIGTERM, observers ------------------------------------------------------------------------
slow_request() { # $1 = index; the body arrives in two parts, SLOW_SECONDS apart (chunked upload from a pipe)
  { printf '{"assessmentType":"disc",'; sleep "$SLOW_SECONDS"
    printf '"candidate":{"externalId":"drain-%s","email":"drain-%s@example.com"}}' "$1" "$1"; } |
    curl -s -o "$WORK/body.$1" -w '%{http_code}\n' -X POST -T - --max-time 120 "$BASE/api/v1/sessions" \
      -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -H 'Expect:' >"$WORK/code.$1" 2>/dev/null || true
}
observe() { # readiness and a quick request every 250 ms until the process is gone
  while kill -0 "$APP_PID" 2>/dev/null; do
    ready=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE/q/health/ready" || true)
    fresh=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE/api/v1/status" || true)
    echo "$(now) $ready $fresh" >>"$WORK/observed"
    sleep 0.25
  done
}

T0=$(now)
for i in $(seq 1 "$REQUESTS"); do slow_request "$i" & done
observe &
OBSERVER=$!
sleep "$TERM_AFTER"
T_TERM=$(now)
kill -TERM "$APP_PID"
wait "$APP_PID" || true
T_EXIT=$(now)
APP_PID=""
wait

# --- report ---------------------------------------------------------------------------------------------------
python3 - "$WORK" "$T0" "$T_TERM" "$T_EXIT" "$REQUESTS" "$SLOW_SECONDS" <<'EOF'
import glob, sys
work, t0, term, exit_, n, slow = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
codes = [open(f).read().strip() or '000' for f in glob.glob(work + '/code.*')]
count = lambda c: sum(1 for x in codes if x == c)
print(f"{n} requests in flight (bodies taking {slow} s), SIGTERM {term - t0:.2f} s after the first")
print(f"process exited {exit_ - term:.2f} s after SIGTERM")
print(f"in-flight requests: {count('201')} completed (201), {count('000')} cut (no response), "
      f"{count('503')} refused (503), others {sorted(set(codes) - {'201', '000', '503'})}")
rows = [l.split() for l in open(work + '/observed')] if glob.glob(work + '/observed') else []
def first(pred):
    for t, ready, fresh in rows:
        if float(t) >= term and pred(ready, fresh):
            return f"{float(t) - term:.2f} s"
    return "never"
print(f"readiness DOWN {first(lambda r, f: r != '200')} after SIGTERM; "
      f"new requests still served until {max([float(t) - term for t, r, f in rows if float(t) >= term and f == '200'], default=0):.2f} s, "
      f"first refused {first(lambda r, f: f != '200')} after SIGTERM")
EOF
if [[ -n "$PSQL" ]]; then
  committed=$($PSQL "select count(*) from sessions where organization_id = '$ORG'")
  answered=$(cat "$WORK"/code.* | grep -c '^201$' || true)
  echo "sessions committed: $committed; answered 201: $answered; committed but never answered: $((committed - answered))"
fi
echo "last lines of the service log:"
tail -n 8 "$WORK/app.log" | cut -c1-200
