# Helpers shared by scripts/benchmark.sh and scripts/bench/ab-get.sh (sourced, not run).
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
pg_cpu_ticks() { # data directory: CPU ticks so far of that PostgreSQL's postmaster, its backends and its exited children
  local pm; pm=$(head -1 "$1/postmaster.pid")
  cat /proc/[0-9]*/stat 2>/dev/null | awk -v pm="$pm" '{pid = $1; sub(/^.*\) /, "")}
    $2 == pm {t += $12 + $13} pid == pm {t += $12 + $13 + $14 + $15} END {print t + 0}'
}
