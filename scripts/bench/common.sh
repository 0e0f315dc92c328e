# Helpers shared by scripts/benchmark.sh, scripts/bench/ab-get.sh and scripts/bench/ab-start.sh (sourced, not run).
service_jvm_options() { # sets SERVICE_JVM_OPTS: the service's JVM options as its image starts it, and the heap the
  # pod's memory limit gives (k8s/deployment.yaml): @src/main/docker/jvm.options (JVM_OPTIONS_FILE: another file, a
  # relative path from the repository; empty for none) and -XX:MaxRAM=512m (POD_MEMORY; empty for this machine's
  # memory). Options given after them override them; another collector needs the file's switched off first
  # (-XX:-UseParallelGC -XX:+UseG1GC), or JVM_OPTIONS_FILE= . Also sets SERVICE_JVM_SAYS: the same, the file's
  # options written out.
  local root file memory
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  file=${JVM_OPTIONS_FILE-src/main/docker/jvm.options} memory=${POD_MEMORY-512m}
  SERVICE_JVM_OPTS="" SERVICE_JVM_SAYS=""
  if [[ -n "$file" ]]; then
    [[ "$file" == /* ]] || file=$root/$file
    [[ -f "$file" ]] || { echo "no JVM options file $file" >&2; exit 2; }
    SERVICE_JVM_OPTS="@$file"
    SERVICE_JVM_SAYS="$(grep -v '^[[:space:]]*#' "$file" | sed 's/[[:space:]]*#.*//' | xargs) (${file#"$root/"})"
  fi
  if [[ -n "$memory" ]]; then
    SERVICE_JVM_OPTS="${SERVICE_JVM_OPTS:+$SERVICE_JVM_OPTS }-XX:MaxRAM=$memory"
    SERVICE_JVM_SAYS="${SERVICE_JVM_SAYS:+$SERVICE_JVM_SAYS }-XX:MaxRAM=$memory (the pod's memory)"
  fi
}
start_service() { # jar, extra JVM options, log: starts the jar in the background (its pid is then $!) from its own
  # directory (an AOT cache or AppCDS archive only matches the class path as built), with the service's options first
  # (SERVICE_JVM_OPTS: call service_jvm_options before), then JAVA_OPTS, then the extra ones
  # shellcheck disable=SC2086
  (cd "$(dirname "$1")" && exec java $SERVICE_JVM_OPTS ${JAVA_OPTS:-} $2 -jar "$(basename "$1")") >"$3" 2>&1 &
}
variant() { # 'JAR [JVM options]' (a jar, and options to start it with after the service's own, separated by spaces):
  # sets VARIANT_JAR (absolute; exits if it is missing) and VARIANT_OPTS. Relative paths are the caller's.
  VARIANT_JAR=${1%% *} VARIANT_OPTS=""
  if [[ "$1" == *" "* ]]; then VARIANT_OPTS=${1#* }; fi
  [[ -f "$VARIANT_JAR" ]] || { echo "no jar $VARIANT_JAR" >&2; exit 2; }
  VARIANT_JAR=$(readlink -f "$VARIANT_JAR")
}
cpu_of() { # file command...: runs the command; writes the CPU seconds (user + system) it and its children used to
  # the file: the load generator shares the cores with the service and PostgreSQL, so its own cost is printed too
  python3 -c 'import resource, subprocess, sys
code = subprocess.run(sys.argv[2:]).returncode
r = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write(f"{r.ru_utime + r.ru_stime:.3f}\n")
sys.exit(code)' "$@"
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now() { python3 -c 'import time; print(f"{time.time():.3f}")'; }
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
pg_bin() { # the directory of PostgreSQL's server binaries (pg_ctl's on the PATH first), or nothing
  local dir
  for dir in "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" /usr/lib/postgresql/*/bin; do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return; fi
  done
}
pg_throwaway() { # data directory, extra server options: initdb and start a throwaway PostgreSQL there (trust, on
  # 127.0.0.1 only, a free port); sets PG_BIN and PG_PORT; exits if there are no server binaries
  PG_BIN=$(pg_bin)
  [[ -n "$PG_BIN" ]] || { echo "no PostgreSQL server binaries (apt-get install postgresql)" >&2; exit 2; }
  PG_PORT=$(free_port)
  mkdir -p "$1"
  if [[ $(id -u) -eq 0 ]]; then chown postgres "$1"; fi
  as_pg "$PG_BIN/initdb" -D "$1" -U postgres -A trust >/dev/null
  as_pg "$PG_BIN/pg_ctl" -D "$1" -l "$1/log" -w -o "-p $PG_PORT -k $1 -c listen_addresses=127.0.0.1 ${2:-}" start >/dev/null
}
pg_cpu_ticks() { # data directory: CPU ticks so far of that PostgreSQL's postmaster, its backends and its exited children
  local pm; pm=$(head -1 "$1/postmaster.pid")
  # a process (any on the machine) that ends between the glob and its read makes cat fail; with pipefail that failed
  # this function, and benchmark.sh's `read ... < <(cpu_ticks)` then read nothing and ended the run without a word
  # (set -e; session 26: in the webhook phase's JIT-settle loop); ab-get.sh calls this at its top level too
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v pm="$pm" '{pid = $1; sub(/^.*\) /, "")}
    $2 == pm {t += $12 + $13} pid == pm {t += $12 + $13 + $14 + $15} END {print t + 0}'
}
await_answer() { # port pid log [seconds]: waits for a starting service's first 200 on /api/v1/status; sets T_LISTEN and
  # T_UP (epoch seconds). The wait starts no process until the port takes a connection (bash's own connect, a read
  # with a timeout on a pipe nobody writes as the pause): a curl or sleep process every few ms competed with the
  # starting JVM for the 2 cores. Prints the log and exits if the process ends first or no answer comes in time.
  local port=$1 pid=$2 log=$3 deadline=$((SECONDS + ${4:-120})) pause
  T_LISTEN="" T_UP=""
  exec {pause}<> <(:)
  while ((SECONDS < deadline)); do
    if [[ -z "$T_LISTEN" ]] && { : <>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
      T_LISTEN=$EPOCHREALTIME
    fi
    if [[ -n "$T_LISTEN" ]] \
        && [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/v1/status" || true) == 200 ]]; then
      T_UP=$EPOCHREALTIME
      break
    fi
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "the service exited before its first answer" >&2; exit 1; }
    read -rt 0.01 -u "$pause" _ || true
  done
  exec {pause}<&-
  [[ -n "$T_UP" ]] || { cat "$log" >&2; echo "no answer from the service in ${4:-120} s" >&2; exit 1; }
}
aot_refused() { # log: says so on stderr when the JVM refused its AOT cache or CDS archive and started without it
  # (it only logs that and goes on, e.g. under -XX:StartFlightRecording, which adds a module the cache was built
  # without): such a start is not the one measured elsewhere. Callers run it after they have read what they time:
  # it starts processes
  local refusal # the first three such lines, without their decorations, joined by "; "
  refusal=$(awk '/\]\[error *\]\[(aot|cds)/ && n < 3 { sub(/^\[[^]]*\]\[error *\]\[[a-z,]* *\] */, "");
    printf "%s%s", (n++ ? "; " : ""), $0 }' "$1")
  [[ -z "$refusal" ]] || echo "WARNING: this JVM runs without its AOT cache or CDS archive: $refusal" >&2
}
