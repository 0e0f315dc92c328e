#!/usr/bin/env python3
"""Fault harness (issue #12): the scenarios behind scripts/fault-harness.sh. Standard library only.

Started by fault-harness.sh, which provides a throwaway PostgreSQL and this environment: WORK (temp directory),
JAR, PG_BIN, PG_DATA, PG_PORT, PG_START_OPTS, AS_PG ("1" when pg_ctl must run as user postgres), ADMIN_TOKEN,
ENCRYPTION_KEY, JAVA_OPTS. It starts the production jar as replicas itself (their pids go to $WORK/pids, so the
driver can kill them whatever happens here), runs webhook receivers on 127.0.0.1, drives load over loopback, and
prints each scenario's figures next to the goals of issue #12.

    fault_harness.py kill|replicas|dbstop|hang [...]

Every loop is bounded (a deadline or a count), and every HTTP call has a timeout.
"""
import base64
import collections
import concurrent.futures as cf
import hashlib
import hmac
import http.client
import http.server
import json
import os
import signal
import math
import socket
import subprocess
import sys
import threading
import time
import uuid

ENV = os.environ
WORK = ENV["WORK"]
JAR = ENV["JAR"]
ADMIN = ENV["ADMIN_TOKEN"]
PG_PORT = ENV["PG_PORT"]

# Settings (environment), with the defaults the README's figures were taken with.
STORM_SESSIONS = int(ENV.get("STORM_SESSIONS", "300"))      # (a) sessions created and submitted (at least)
STORM_RATE = float(ENV.get("STORM_RATE", "5"))              # (a) sessions started per second
RECEIVER_DELAY = float(ENV.get("RECEIVER_DELAY", "0.1"))    # (a) seconds the receiver takes to answer
KILLS = int(ENV.get("KILLS", "2"))                          # (a) kill -9s, alternating replicas
REPLICA_SESSIONS = int(ENV.get("REPLICA_SESSIONS", "150"))  # (b) sessions through two replicas
REPLICA_RATE = float(ENV.get("REPLICA_RATE", "7.5"))        # (b) ... started per second
EXPIRE_SESSIONS = int(ENV.get("EXPIRE_SESSIONS", "300"))    # (b) sessions expired at once
LIMIT = int(ENV.get("LIMIT", "60"))                         # (b) the organization's requests per minute
DBSTOP_SECONDS = float(ENV.get("DBSTOP_SECONDS", "30"))     # (c) how long PostgreSQL is down
DBSTOP_MODE = ENV.get("DBSTOP_MODE", "fast")                # (c) pg_ctl stop -m fast|immediate
HANG_SECONDS = float(ENV.get("HANG_SECONDS", "30"))         # (d) how long the hanging receiver holds a request
HANG_ENDPOINTS = int(ENV.get("HANG_ENDPOINTS", "1"))        # (d) hanging endpoints (each of its own organization)
HANG_LOAD_SECONDS = float(ENV.get("HANG_LOAD_SECONDS", "25"))  # (d) how long the hang phase is measured
HANG_BASELINE = float(ENV.get("HANG_BASELINE", "10"))       # (d) healthy traffic alone before it, for comparison
HANG_RATE = float(ENV.get("HANG_RATE", "2"))                # (d) the healthy organization's sessions per second
HANG_BURST = int(ENV.get("HANG_BURST", "25"))               # (d) sessions of each hanging organization
DELIVERY_WAIT = float(ENV.get("DELIVERY_WAIT", "180"))      # longest wait for outstanding deliveries
DELIVERY_IDLE = float(ENV.get("DELIVERY_IDLE", "20"))       # ... which ends earlier when nothing arrives this long

# What a test-key DISC submission needs (the contract's example; bank 2.0.0: the eighth statement is disc_16).
DISC = {"responses": [{"questionId": f"disc_{16 if i == 8 else i:02d}", "dimension": "DISC"[(i - 1) % 4], "response": r}
                      for i, r in zip(range(1, 16), [4, 3, 2, 2, 5, 4, 3, 1, 4, 4, 2, 3, 4, 4, 3])]}
EVENTS = ["session.created", "session.completed", "session.failed", "session.expired"]
LOST_ERROR = "no outcome%"  # DeliveryWorker.LOST


def log(msg):
    print(msg, flush=True)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def pct(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, max(0, math.ceil(p / 100 * len(v)) - 1))]  # nearest rank


# --- PostgreSQL ------------------------------------------------------------------------------------------------

def psql(sql, timeout=20):
    out = subprocess.run(["psql", "-h", "127.0.0.1", "-p", PG_PORT, "-U", "postgres", "-d", "postgres", "-XtAq",
                          "-F", "|", "-v", "ON_ERROR_STOP=1", "-c", sql],
                         capture_output=True, text=True, timeout=timeout, env={**ENV, "PGCONNECT_TIMEOUT": "3"})
    if out.returncode != 0:
        raise RuntimeError(f"psql failed: {out.stderr.strip()}")
    return [line.split("|") for line in out.stdout.splitlines() if line]


def pg_ctl(*args, timeout=60):
    cmd = [os.path.join(ENV["PG_BIN"], "pg_ctl"), "-D", ENV["PG_DATA"], *args]
    if ENV.get("AS_PG") == "1":
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, timeout=timeout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pg_stop(mode):
    pg_ctl("-m", mode, "-w", "stop")


def pg_start():
    pg_ctl("-l", os.path.join(ENV["PG_DATA"], "log"), "-w", "-t", "60", "-o", ENV["PG_START_OPTS"], "start", timeout=90)


# --- replicas of the service ---------------------------------------------------------------------------------

class Replica:
    def __init__(self, name):
        self.name = name
        self.port = free_port()
        self.base = ("127.0.0.1", self.port)
        self.proc = None
        self.starts = 0

    def start(self):
        self.starts += 1
        self.instance = f"{self.name}-{self.starts}"
        env = {**ENV, "PORT": str(self.port),
               "HOSTNAME": self.instance,  # JobRuns.INSTANCE: the claimed_by of this replica's webhook leases
               "ASSESSMENTS_WEBHOOKS_ALLOWED_HOSTS": "127.0.0.1",  # the receivers are local
               "ASSESSMENTS_WEBHOOKS_ALLOW_HTTP": "true",
               "ASSESSMENTS_EXPIRY_EVERY": "1s"}                     # (b) both replicas race for expired sessions
        logfile = open(os.path.join(WORK, f"{self.name}.{self.starts}.log"), "wb")
        self.proc = subprocess.Popen(["java", *ENV.get("JAVA_OPTS", "").split(), "-jar", JAR], env=env,
                                     stdout=logfile, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        logfile.close()
        with open(os.path.join(WORK, "pids", f"{self.name}.{self.starts}"), "w") as f:
            f.write(str(self.proc.pid))
        return time.time()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def wait_ready(self, timeout=240, restarts=2):
        """Waits until /q/health/ready answers 200 (each start gets `timeout` seconds). A replica that exits while
        starting is started again (at most `restarts` times): on a busy machine its first database connection can
        miss the 1 s login timeout, and then Flyway fails the start."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if not self.alive():
                if restarts <= 0:
                    raise RuntimeError(f"{self.name} exited; see {WORK}/{self.name}.{self.starts}.log")
                log(f"  {self.name} exited while starting (see {self.name}.{self.starts}.log); starting it again")
                restarts -= 1
                self.start()
                deadline = time.time() + timeout
            status, _, _ = request(self, "GET", "/q/health/ready", timeout=2)
            if status == 200:
                return time.time()
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} not ready within {timeout} s")

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self):
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)

    def wait_stopped(self, timeout=40):
        if self.proc is None:
            return
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def start_replicas(n=2):
    """The replicas every scenario shares (started once, one after the other: the first migrates the schema)."""
    global REPLICAS
    if REPLICAS and all(r.alive() for r in REPLICAS):
        for r in REPLICAS:
            r.wait_ready()  # one restarted by a scenario that stopped half-way may still be starting
        return REPLICAS
    stop_replicas(REPLICAS or [])
    REPLICAS = [Replica(f"r{i + 1}") for i in range(n)]
    t0 = time.time()
    for r in REPLICAS:
        r.start()
        r.wait_ready()
    log(f"  {n} replicas up in {time.time() - t0:.1f} s (ports {', '.join(str(r.port) for r in REPLICAS)})")
    return REPLICAS


def longest_pause(times, since):
    """The longest wait for the next arrival, from `since` on (nan when nothing arrived)."""
    if not times:
        return float("nan")
    return max(b - a for a, b in zip([since, *times], times))


def started_in(replica):
    """The start-up time Quarkus logged for the replica's current process (seconds, as a string), or "?"."""
    try:
        with open(os.path.join(WORK, f"{replica.name}.{replica.starts}.log"), errors="replace") as f:
            for line in f:
                if " started in " in line:
                    return line.split(" started in ", 1)[1].split("s", 1)[0]
    except OSError:
        pass
    return "?"


def stop_replicas(replicas):
    for r in replicas:
        r.stop()
    for r in replicas:
        r.wait_stopped()


REPLICAS = []


# --- HTTP client -----------------------------------------------------------------------------------------------

_local = threading.local()


def request(replica, method, path, body=None, token=None, headers=None, timeout=10):
    """One request over a kept-alive per-thread connection. Returns (status or None, parsed body, seconds);
    status None = no answer (connection refused or cut, timeout)."""
    conns = getattr(_local, "conns", None)
    if conns is None:
        conns = _local.conns = {}
    key = (replica.base, timeout)
    h = {"Accept": "application/json"}
    if token:
        h["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    h.update(headers or {})
    started = time.time()
    for reuse in (True, False):
        conn = conns.get(key)
        if conn is None:
            conn = conns[key] = http.client.HTTPConnection(*replica.base, timeout=timeout)
            reuse = False
        try:
            conn.request(method, path, body=data, headers=h)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.getheader("Connection", "").lower() == "close":
                conn.close()
                conns.pop(key, None)
            try:
                parsed = json.loads(raw) if raw else None
            except ValueError:
                parsed = None
            return resp.status, parsed, time.time() - started
        except (OSError, http.client.HTTPException):
            conn.close()
            conns.pop(key, None)
            if reuse and time.time() - started < 0.5:
                continue  # a stale kept-alive connection: try once on a fresh one
            return None, None, time.time() - started
    return None, None, time.time() - started


def admin(replica, method, path, body):
    status, parsed, _ = request(replica, method, path, body, token=ADMIN)
    if status is None or status >= 300:
        raise RuntimeError(f"{method} {path}: {status} {parsed}")
    return parsed


def tenant(replica, name, receiver_urls, rate=100000, events=EVENTS):
    """An organization with a test key and one endpoint per receiver URL; returns (org id, secret key)."""
    org = admin(replica, "POST", "/api/admin/organizations",
                {"name": name, "assessmentTypes": ["disc"], "licenses": {"disc": 100000}, "rateLimitPerMinute": rate})["id"]
    key = admin(replica, "POST", f"/api/admin/organizations/{org}/keys", {"environment": "test"})["secretKey"]["secret"]
    for url in receiver_urls:
        status, parsed, _ = request(replica, "POST", "/api/v1/webhooks", {"url": url, "events": events}, token=key)
        if status != 201:
            raise RuntimeError(f"webhook endpoint: {status} {parsed}")
        RECEIVER.secrets[url.rsplit("/", 1)[1]] = parsed["secret"]
    return org, key


class Client:
    """Creates and submits sessions the way a careful API client does: each write carries an Idempotency-Key, and
    a write that got no answer, a 5xx, a 429 or 409 idempotency_in_progress is retried (bounded) on the next
    replica, as a load balancer would. Records what was acknowledged (2xx) and every status seen."""

    def __init__(self, replicas, key, retries=8):
        self.replicas = replicas
        self.key = key
        self.retries = retries
        self.statuses = collections.Counter()
        self.acked = {}           # session id -> set of acknowledged operations ("create", "submit")
        self.ack_times = []       # (time, replica name) of every 2xx
        self.unacked = 0          # writes given up after all retries
        self.lock = threading.Lock()

    def write(self, i, method, path, body):
        idem = str(uuid.uuid4())
        for attempt in range(self.retries):
            r = self.replicas[(i + attempt) % len(self.replicas)]
            status, parsed, _ = request(r, method, path, body, token=self.key, headers={"Idempotency-Key": idem})
            with self.lock:
                self.statuses[status or "no answer"] += 1
                if status is not None and 200 <= status < 300:
                    self.ack_times.append((time.time(), r.name))
            if status is not None and 200 <= status < 300:
                return parsed
            if status is not None and status < 500 and status not in (409, 429):
                break
            time.sleep(min(1.0, 0.1 * (attempt + 1)))
        with self.lock:
            self.unacked += 1
        return None

    def session(self, i, submit=True, expires_in=None, tag="s"):
        body = {"assessmentType": "disc", "candidate": {"externalId": f"{tag}-{i}"}}
        if expires_in:
            body["expiresIn"] = expires_in
        created = self.write(i, "POST", "/api/v1/sessions", body)
        if not created:
            return None
        sid = created["id"]
        with self.lock:
            self.acked.setdefault(sid, set()).add("create")
        if submit:
            done = self.write(i + 1, "POST", f"/api/v1/sessions/{sid}/submit", DISC)
            if done:
                with self.lock:
                    self.acked[sid].add("submit")
        return sid

    def paced(self, n, seconds, workers=16, deadline_extra=60, **kw):
        """n sessions started evenly over `seconds` (bounded: each waits at most until its start time)."""
        t0 = time.time()

        def one(i):
            delay = t0 + i * seconds / max(1, n) - time.time()
            if delay > 0:
                time.sleep(delay)
            return self.session(i, **kw)

        with cf.ThreadPoolExecutor(workers) as pool:
            futures = [pool.submit(one, i) for i in range(n)]
            cf.wait(futures, timeout=seconds + deadline_extra)
        return t0

    def stream(self, rate, min_n, stop, max_seconds, workers=16, **kw):
        """Sessions started at `rate` per second until at least `min_n` are started and `stop` is set (at most
        `max_seconds`); returns once all of them are done."""
        t0 = time.time()
        with cf.ThreadPoolExecutor(workers) as pool:
            i = 0
            while time.time() - t0 < max_seconds and not (i >= min_n and stop.is_set()):
                delay = t0 + i / rate - time.time()
                if delay > 0:
                    time.sleep(delay)
                pool.submit(self.session, i, **kw)
                i += 1
        return i

    def expected(self):
        """(session id, event type) pairs the acknowledged writes promise."""
        out = set()
        for sid, ops in self.acked.items():
            out.add((sid, "session.created"))
            if "submit" in ops:
                out.add((sid, "done"))  # session.completed (or session.failed: both are an outcome)
        return out

    def acked_writes(self):
        return sum(len(ops) for ops in self.acked.values())


# --- webhook receivers ------------------------------------------------------------------------------------------

class Receiver:
    """One HTTP server on 127.0.0.1; endpoint /hook/<name>. Names starting with "hang" hold every request for
    HANG_SECONDS before answering; the others answer 204 at once (or after their `delays` entry). Every request is recorded with its arrival time
    and whether its Standard Webhooks signature verified."""

    def __init__(self):
        self.records = []  # (name, webhook-id, event type, session id, arrival, signature ok)
        self.secrets = {}
        self.lock = threading.Lock()
        self.hang_until = 0
        self.delays = {}  # endpoint name -> seconds it takes to answer
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                arrived = time.time()
                name = self.path.rsplit("/", 1)[1]
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                wid = self.headers.get("webhook-id")
                try:
                    event = json.loads(body)
                    etype, sid = event.get("event"), event.get("data", {}).get("sessionId")
                except ValueError:
                    etype, sid = None, None
                ok = receiver.verify(name, wid, self.headers.get("webhook-timestamp"),
                                     self.headers.get("webhook-signature"), body)
                with receiver.lock:
                    receiver.records.append((name, wid, etype, sid, arrived, ok))
                if name.startswith("hang"):
                    time.sleep(max(0.0, min(HANG_SECONDS, receiver.hang_until - time.time())))
                elif name in receiver.delays:
                    time.sleep(receiver.delays[name])
                try:
                    self.send_response(204)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    pass  # the sender gave up (its attempt timed out)

        class Server(http.server.ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 256

            def handle_error(self, request, client_address):
                if not isinstance(sys.exc_info()[1], OSError):  # a sender that gave up is no news
                    super().handle_error(request, client_address)

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True).start()

    def url(self, name):
        return f"http://127.0.0.1:{self.port}/hook/{name}"

    def verify(self, name, wid, ts, signature, body):
        secret = self.secrets.get(name)
        if not (secret and wid and ts and signature):
            return False
        key = base64.b64decode(secret[len("whsec_"):])
        mac = base64.b64encode(hmac.new(key, f"{wid}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
        return any(hmac.compare_digest(part.split(",", 1)[-1], mac) for part in signature.split())

    def of(self, names):
        names = set(names)
        with self.lock:
            return [r for r in self.records if r[0] in names]


RECEIVER = None


def delivered_pairs(records):
    out = set()
    for name, wid, etype, sid, at, ok in records:
        out.add((sid, "session.created" if etype == "session.created" else
                 "done" if etype in ("session.completed", "session.failed") else etype))
    return out


def wait_delivered(names, expected, timeout=DELIVERY_WAIT, idle=DELIVERY_IDLE):
    """Waits until every expected (session, event) pair has arrived, at most `timeout` seconds, and gives up
    earlier when nothing at all arrived for `idle` seconds (longer than a claim lease); returns the seconds waited."""
    t0 = time.time()
    seen, last_progress = -1, t0
    while time.time() - t0 < timeout and time.time() - last_progress < idle:
        records = RECEIVER.of(names)
        if expected <= delivered_pairs(records):
            break
        if len(records) != seen:
            seen, last_progress = len(records), time.time()
        time.sleep(0.25)
    return time.time() - t0


def queued(org):
    """Sessions with a delivery still waiting (pending) in the database: not delivered yet, but not given up."""
    return {sid for (sid,) in psql(f"""select distinct e.session_id from webhook_deliveries d join events e on e.id = d.event_id
                                       where d.organization_id = '{org}' and d.status = 'pending'""")}


def duplicates(records):
    ids = collections.Counter(r[1] for r in records)
    return sum(c - 1 for c in ids.values()), len(records), len(ids)


def db_events(org):
    return {row[0]: (row[1], row[2], float(row[3])) for row in psql(
        f"""select id, type, session_id, extract(epoch from created_at) from events where organization_id = '{org}'
        and type in ({', '.join(f"'{t}'" for t in EVENTS)})""")}


def first_arrivals(records):
    first = {}
    for name, wid, etype, sid, at, ok in records:
        if wid not in first or at < first[wid]:
            first[wid] = at
    return first


def delays(records, events, since=0.0):
    """Seconds from each event's creation (events.created_at) to its first arrival."""
    first = first_arrivals(records)
    return [at - events[wid][2] for wid, at in first.items() if wid in events and events[wid][2] >= since]


def dump(name, org):
    """Writes the scenario's receipts and the organization's events to $WORK (kept with KEEP=1) for a closer look."""
    with open(os.path.join(WORK, f"{name}.receipts.tsv"), "w") as f:
        for r in RECEIVER.records:
            f.write("\t".join(str(x) for x in r) + "\n")
    with open(os.path.join(WORK, f"{name}.events.tsv"), "w") as f:
        for eid, (etype, sid, created) in db_events(org).items():
            f.write(f"{eid}\t{etype}\t{sid}\t{created}\n")


def table(title, rows):
    """rows: (figure, value, goal or "", verdict True/False/None)."""
    log("")
    log(f"  {title}")
    w1 = max(len(r[0]) for r in rows)
    w2 = max(len(str(r[1])) for r in rows)
    w3 = max(len(r[2]) for r in rows)
    for figure, value, goal, ok in rows:
        verdict = "" if ok is None else ("PASS" if ok else "FAIL")
        log(f"  | {figure:<{w1}} | {str(value):>{w2}} | {goal:<{w3}} | {verdict:<4} |")
    RESULTS.extend((title, *r) for r in rows)


RESULTS = []


def fmt(seconds):
    return "n/a" if seconds is None or seconds != seconds else f"{seconds:.2f} s"


# --- (a) kill -9 storm ----------------------------------------------------------------------------------------------

def scenario_kill():
    storm_seconds = STORM_SESSIONS / STORM_RATE
    log(f"\n== (a) kill -9 storm: sessions created and submitted through two replicas at {STORM_RATE:g}/s (at least "
        f"{STORM_SESSIONS}, until the last killed replica is back); {KILLS} kill -9, alternating replicas, each "
        f"restarted at once; the receiver takes {RECEIVER_DELAY:g} s to answer")
    replicas = start_replicas()
    org, key = tenant(replicas[0], "Fault harness: kill", [RECEIVER.url("kill")])
    RECEIVER.delays["kill"] = RECEIVER_DELAY
    client = Client(replicas, key)
    stop = threading.Event()
    started = []
    storm = threading.Thread(target=lambda: started.append(
        client.stream(STORM_RATE, STORM_SESSIONS, stop, max_seconds=storm_seconds + 180, tag="kill")))
    t_storm = time.time()
    storm.start()
    kills = []
    try:
        for k in range(KILLS):
            victim, other = replicas[k % 2], replicas[(k + 1) % 2]
            time.sleep(max(0.0, t_storm + storm_seconds * (k + 1) / (KILLS + 1) - time.time()))
            if not other.alive():
                break
            # kill while the victim is sending (bounded wait): its attempts in flight are what a kill -9 can lose
            held, deadline = 0, time.time() + 10
            while time.time() < deadline and held == 0:
                held = int(psql(f"""select count(*) from webhook_deliveries where claimed_by like '{victim.instance}/%'
                                    and claimed_until > now() and organization_id = '{org}'""")[0][0])
            t_kill = time.time()
            victim.kill9()
            t_restart = victim.start()
            t_ready = victim.wait_ready()  # the next kill (of its twin) waits for it
            # first 2xx of the restarted replica to an authenticated, database-backed request
            t_first = None
            probes = collections.Counter()
            deadline = time.time() + 30
            while time.time() < deadline:
                status, _, took = request(victim, "GET", "/api/v1/sessions?limit=1", token=key, timeout=10)
                probes[status or "no answer"] += 1
                if status == 200:
                    t_first = time.time()
                    break
                time.sleep(0.05)
            jvm = started_in(victim)
            kills.append({"replica": victim.name, "kill": t_kill, "restart": t_restart, "ready": t_ready, "first": t_first,
                          "jvm": jvm})
            log(f"  kill -9 {victim.name} at +{t_kill - t_storm:.1f} s (holding {held} delivery lease(s)); restarted: ready after {t_ready - t_restart:.1f} s "
                f"(Quarkus reports \"started in {jvm}s\"), first authenticated 2xx after "
                f"{fmt(t_first - t_restart if t_first else None)} (probe answers {dict(probes)}, the 2xx took {took:.2f} s)")
        time.sleep(2)
    finally:
        stop.set()
    storm.join(timeout=storm_seconds + 300)
    storm_took = time.time() - t_storm
    expected = client.expected()
    waited = wait_delivered(["kill"], expected)
    records = RECEIVER.of(["kill"])
    got = delivered_pairs(records)
    lost = expected - got
    dups, total, distinct = duplicates(records)
    events = db_events(org)
    undelivered_db = set(events) - {r[1] for r in records}
    # service recovery: from each kill, the next write acknowledged (by any replica) and the next delivery
    ack_gap = [min((t for t, _ in client.ack_times if t > k["kill"]), default=float("nan")) - k["kill"] for k in kills]
    flow_gap = [longest_pause(sorted(r[4] for r in records if k["kill"] < r[4] <= k["kill"] + 30), k["kill"]) for k in kills]
    restart_first = [(k["first"] - k["restart"]) if k["first"] else float("nan") for k in kills]
    # deliveries a killed replica was sending: when the next attempt (another claim's) started, after the kill
    orphans = psql(f"""select d.id, extract(epoch from a.attempted_at), coalesce(extract(epoch from n.attempted_at), 0)
                       from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id and a.error like '{LOST_ERROR}'
                       left join webhook_attempts n on n.delivery_id = d.id and n.attempt = a.attempt + 1
                       where d.organization_id = '{org}'""")
    takeovers = []
    for _, lost_at, next_at in orphans:
        kill_at = min((k["kill"] for k in kills if k["kill"] >= float(lost_at) - 0.01), default=None)
        if kill_at is not None and float(next_at) > 0:
            takeovers.append(float(next_at) - kill_at)
    states = dict((s, int(c)) for s, c in psql(
        f"select status, count(*) from webhook_deliveries where organization_id = '{org}' group by status"))
    committed = int(psql(f"select count(*) from sessions where organization_id = '{org}'")[0][0])
    bad_sig = sum(1 for r in records if not r[5])
    log(f"  client: {started[0] if started else '?'} sessions over {storm_took:.0f} s; "
        f"answers {dict(client.statuses)} ('no answer': refused by a killed replica, then retried on the other); "
        f"writes given up after retries: {client.unacked}; "
        f"waited {waited:.1f} s for outstanding deliveries after the storm")
    log(f"  sessions committed {committed}, acknowledged {len(client.acked)}; deliveries by state {states}; "
        f"DB events never delivered: {len(undelivered_db)}")
    takeover = max(takeovers) if takeovers else None
    worst = lambda xs: max(xs) if xs else float("nan")
    table("(a) kill -9 storm", [
        ("acknowledged writes (2xx)", client.acked_writes(), "", None),
        ("events they promise / delivered", f"{len(expected)} / {len(expected & got)}", "", None),
        ("lost (acknowledged, not delivered within the wait)", len(lost), "0", len(lost) == 0),
        ("  of which still queued in the database", len({p for p in lost if p[0] in queued(org)}), "", None),
        ("deliveries received / distinct webhook-ids", f"{total} / {distinct}", "", None),
        ("duplicates", f"{dups} ({100.0 * dups / max(1, total):.2f}%)", "< 1% of deliveries", dups < 0.01 * max(1, total)),
        ("bad signatures", bad_sig, "0", bad_sig == 0),
        ("kill -> next write acknowledged (worst)", fmt(worst(ack_gap)), "< 5 s", worst(ack_gap) < 5),
        ("longest pause in deliveries within 30 s of a kill", fmt(worst(flow_gap)), "< 5 s", worst(flow_gap) < 5),
        ("restart -> first 2xx of the restarted replica (worst)", fmt(worst(restart_first)), "< 5 s",
         worst(restart_first) < 5),
        ("orphaned deliveries (being sent by a killed replica)", len(orphans), "", None),
        ("  taken over by another claim after the kill (worst)", fmt(takeover), "<= lease 15 s + 1 s",
         None if takeover is None else takeover <= 16 and len(takeovers) == len(orphans)),
    ])


# --- (b) two replicas: duplicates, one expiry, one limit ------------------------------------------------------------

def scenario_replicas():
    log(f"\n== (b) two replicas on one database: {REPLICA_SESSIONS} sessions, {EXPIRE_SESSIONS} expiring at once, "
        f"one organization limited to {LIMIT}/min")
    replicas = start_replicas()
    # duplicates with no fault: both workers claim from the same outbox
    org, key = tenant(replicas[0], "Fault harness: replicas", [RECEIVER.url("rep1"), RECEIVER.url("rep2")])
    client = Client(replicas, key)
    client.paced(REPLICA_SESSIONS, REPLICA_SESSIONS / REPLICA_RATE, tag="rep")
    expected = client.expected()
    wait_delivered(["rep1"], expected)
    wait_delivered(["rep2"], expected, timeout=10)
    records = RECEIVER.of(["rep1", "rep2"])
    per_endpoint = [RECEIVER.of([n]) for n in ("rep1", "rep2")]
    lost = sum(len(expected - delivered_pairs(r)) for r in per_endpoint)
    dups = sum(duplicates(r)[0] for r in per_endpoint)
    total = len(records)
    events = db_events(org)
    d = delays(records, events)
    log(f"  client statuses {dict(client.statuses)}; delivery delay p50 {fmt(pct(d, 50))}, p99 {fmt(pct(d, 99))}")

    # one expiry: sessions expire while both replicas run the expiry job every second
    org_x, key_x = tenant(replicas[0], "Fault harness: expiry", [RECEIVER.url("expiry")], events=["session.expired"])
    cx = Client(replicas, key_x)
    cx.paced(EXPIRE_SESSIONS, EXPIRE_SESSIONS / 60.0, submit=False, expires_in=300, tag="exp")
    psql(f"update sessions set expires_at = now() - interval '1 second' where organization_id = '{org_x}'")
    t0 = time.time()
    while time.time() - t0 < 30:
        left = int(psql(f"select count(*) from sessions where organization_id = '{org_x}' and status <> 'expired'")[0][0])
        if left == 0:
            break
        time.sleep(0.2)
    t_expired = time.time() - t0
    expired = int(psql(f"select count(*) from sessions where organization_id = '{org_x}' and status = 'expired'")[0][0])
    twice = int(psql(f"""select count(*) from (select session_id from events where organization_id = '{org_x}'
                         and type = 'session.expired' group by session_id having count(*) > 1) t""")[0][0])
    exp_events = int(psql(f"select count(*) from events where organization_id = '{org_x}' and type = 'session.expired'")[0][0])
    exp_expected = {(sid, "session.expired") for sid in cx.acked}
    wait_delivered(["expiry"], exp_expected, timeout=30)
    exp_records = RECEIVER.of(["expiry"])
    exp_dups = duplicates(exp_records)[0]
    exp_lost = len(exp_expected - delivered_pairs(exp_records))

    # one limit: the organization's window is shared by both replicas
    org_l, key_l = tenant(replicas[0], "Fault harness: limit", [], rate=LIMIT)
    second = time.time() % 60
    if second > 45:
        time.sleep(61 - second)  # all requests inside one fresh minute window (no previous window to weigh)
    statuses = collections.Counter()
    per_replica = collections.Counter()
    lock = threading.Lock()

    def hit(i):
        r = replicas[i % 2]
        status, _, _ = request(r, "GET", "/api/v1/sessions?limit=1", token=key_l)
        with lock:
            statuses[status] += 1
            if status == 200:
                per_replica[r.name] += 1

    with cf.ThreadPoolExecutor(8) as pool:
        list(pool.map(hit, range(2 * LIMIT)))
    ok = statuses.get(200, 0)
    table("(b) two replicas", [
        ("deliveries received (2 endpoints)", total, "", None),
        ("lost", lost, "0", lost == 0),
        ("duplicates", f"{dups} ({100.0 * dups / max(1, total):.2f}%)", "0 (no fault)", dups == 0),
        (f"sessions expired (of {EXPIRE_SESSIONS}), after", f"{expired} in {t_expired:.1f} s", "", None),
        ("session.expired events / sessions expired twice", f"{exp_events} / {twice}", f"{EXPIRE_SESSIONS} / 0",
         exp_events == EXPIRE_SESSIONS and twice == 0),
        ("session.expired webhooks lost / duplicated", f"{exp_lost} / {exp_dups}", "0 / 0", exp_lost == 0 and exp_dups == 0),
        (f"limit {LIMIT}/min, {2 * LIMIT} requests over both replicas: 2xx / 429",
         f"{ok} / {statuses.get(429, 0)}", f"{LIMIT} / {LIMIT}", ok == LIMIT and statuses.get(429, 0) == LIMIT),
        ("  2xx per replica", " / ".join(str(per_replica[r.name]) for r in replicas), "", None),
    ])


# --- (c) database stop ---------------------------------------------------------------------------------------------

def scenario_dbstop():
    log(f"\n== (c) PostgreSQL stopped for {DBSTOP_SECONDS:.0f} s (pg_ctl stop -m {DBSTOP_MODE}) under light load "
        f"on two replicas")
    replicas = start_replicas()
    org, key = tenant(replicas[0], "Fault harness: dbstop", [RECEIVER.url("dbstop")])
    # light load, no retries: every answer counts as it is
    client = Client(replicas, key, retries=1)
    samples = []  # (time, replica, status, seconds)
    stop_load = threading.Event()
    lock = threading.Lock()

    def loop(w):
        i = w
        while not stop_load.is_set():
            r = replicas[i % 2]
            t = time.time()
            status, parsed, took = request(r, "POST", "/api/v1/sessions",
                                           {"assessmentType": "disc", "candidate": {"externalId": f"db-{w}-{i}"}},
                                           token=key, headers={"Idempotency-Key": str(uuid.uuid4())}, timeout=15)
            with lock:
                samples.append((t, r.name, status, took))
            if status == 201:
                with client.lock:
                    client.acked.setdefault(parsed["id"], set()).add("create")
                t2 = time.time()
                s2, p2, took2 = request(r, "POST", f"/api/v1/sessions/{parsed['id']}/submit", DISC, token=key, timeout=15)
                with lock:
                    samples.append((t2, r.name, s2, took2))
                if s2 == 200:
                    with client.lock:
                        client.acked[parsed["id"]].add("submit")
            t3 = time.time()
            st, _, took3 = request(r, "GET", "/api/v1/status", timeout=15)
            with lock:
                samples.append((t3, r.name, ("status", st), took3))
            i += 2
            stop_load.wait(0.2)

    workers = [threading.Thread(target=loop, args=(w,), daemon=True) for w in range(4)]
    for w in workers:
        w.start()
    try:
        time.sleep(5)
        t_stop = time.time()
        pg_stop(DBSTOP_MODE)
        t_stopped = time.time()
        time.sleep(max(0.0, DBSTOP_SECONDS - (t_stopped - t_stop)))
        t_start = time.time()
        pg_start()
        t_up = time.time()
        # keep the load on until every replica has answered a write with 2xx again (bounded), then 5 s more
        first_ok = {}
        deadline = time.time() + 60
        while time.time() < deadline and len(first_ok) < len(replicas):
            with lock:
                for t, name, status, took in samples:
                    if t >= t_up and status in (200, 201) and name not in first_ok:
                        first_ok[name] = t + took
            time.sleep(0.1)
        time.sleep(5)
    finally:
        stop_load.set()
        for w in workers:
            w.join(timeout=20)
    expected = client.expected()
    waited = wait_delivered(["dbstop"], expected)
    records = RECEIVER.of(["dbstop"])
    lost = len(expected - delivered_pairs(records))
    dups, total, _ = duplicates(records)
    after = delays(records, db_events(org), since=t_up)
    api = [(t, n, s, d) for t, n, s, d in samples if not isinstance(s, tuple)]
    status_rows = [(t, n, s[1], d) for t, n, s, d in samples if isinstance(s, tuple)]
    during = [(t, n, s, d) for t, n, s, d in api if t_stop <= t < t_up]
    counts = collections.Counter(s if s is not None else "no answer" for _, _, s, _ in during)
    other_5xx = sum(1 for _, _, s, _ in api + status_rows if s is not None and s >= 500 and s != 503)
    no_answer = sum(1 for _, _, s, _ in api if s is None)
    slowest = max((d for _, _, s, d in during), default=float("nan"))
    status_slowest = max((d for t, _, _, d in status_rows if t_stop <= t < t_up), default=float("nan"))
    status_codes = collections.Counter(s for t, _, s, _ in status_rows if t_stop <= t < t_up)
    recovery = max((first_ok.get(r.name, float("inf")) - t_up for r in replicas), default=float("nan"))
    log(f"  API answers while the database was down: {dict(counts)}; GET /api/v1/status: {dict(status_codes)} "
        f"(slowest {fmt(status_slowest)}); PostgreSQL start took {t_up - t_start:.1f} s; "
        f"waited {waited:.1f} s for deliveries")
    table(f"(c) database stopped {DBSTOP_SECONDS:.0f} s", [
        ("API requests in all / while down", f"{len(api)} / {len(during)}", "", None),
        ("  answered 503 while down", counts.get(503, 0), "", None),
        ("5xx other than 503 (whole run, GET /api/v1/status included)", other_5xx, "0", other_5xx == 0),
        ("no answer (cut or timed out, whole run)", no_answer, "0", no_answer == 0),
        ("slowest answer while down", fmt(slowest), "~2 s (1 s per connection wait)", slowest <= 3),
        ("database up -> first 2xx write on every replica", fmt(recovery), "< 5 s", recovery < 5),
        ("acknowledged writes", client.acked_writes(), "", None),
        ("lost (acknowledged, not delivered within the wait)", lost, "0", lost == 0),
        ("duplicates", f"{dups} ({100.0 * dups / max(1, total):.2f}%)", "", None),
        ("delivery delay of events made after the restart: p50 / max", f"{fmt(pct(after, 50))} / "
         f"{fmt(max(after) if after else None)}", "", None),
    ])


# --- (d) hanging receiver ------------------------------------------------------------------------------------------------

def scenario_hang():
    log(f"\n== (d) hanging receiver: the healthy organization's sessions at {HANG_RATE:g}/s, {HANG_BASELINE:.0f} s alone, "
        f"then {HANG_LOAD_SECONDS:.0f} s with {HANG_ENDPOINTS} other organization(s) whose receiver holds every request "
        f"{HANG_SECONDS:.0f} s (attempt timeout 10 s) getting a burst of {HANG_BURST} sessions each; two replicas")
    replicas = start_replicas()
    RECEIVER.hang_until = time.time() + 3600
    hung = []
    for h in range(HANG_ENDPOINTS):
        org_a, key_a = tenant(replicas[0], f"Fault harness: hanging {h}", [RECEIVER.url(f"hang{h}")])
        hung.append(Client(replicas, key_a))
    org_b, key_b = tenant(replicas[0], "Fault harness: healthy", [RECEIVER.url("healthy")])
    healthy = Client(replicas, key_b)
    stop = threading.Event()
    total = HANG_BASELINE + HANG_LOAD_SECONDS
    b = threading.Thread(target=healthy.stream, args=(HANG_RATE, int(total * HANG_RATE), stop, total + 30), kwargs={"tag": "b"})
    b.start()
    time.sleep(HANG_BASELINE)
    t_hang = time.time()
    bursts = [threading.Thread(target=c.paced, args=(HANG_BURST, 2.0), kwargs={"tag": f"a{j}"}) for j, c in enumerate(hung)]
    for t in bursts:
        t.start()
    time.sleep(HANG_LOAD_SECONDS)
    stop.set()
    t_end = time.time()
    for t in [b, *bursts]:
        t.join(timeout=120)
    expected = healthy.expected()
    wait_delivered(["healthy"], expected, timeout=60)
    records = RECEIVER.of(["healthy"])
    events = db_events(org_b)
    dump("hang", org_b)
    lost = len(expected - delivered_pairs(records))
    hang_records = RECEIVER.of([f"hang{h}" for h in range(HANG_ENDPOINTS)])
    arrivals = sorted(r[4] for r in hang_records)
    held_from = arrivals[0] if arrivals else t_hang
    held_to = min(t_end, arrivals[-1] + 10) if arrivals else t_end  # the last request held until its attempt timed out
    def window(lo, hi):
        return [at - events[wid][2] for wid, at in first_arrivals(records).items()
                if wid in events and lo <= events[wid][2] < hi]
    base = window(0, t_hang)
    held = window(held_from, held_to)
    phase = window(t_hang, t_end)
    in_flight_max = max((sum(1 for u in arrivals[i:] if u < t + 9.5) for i, t in enumerate(arrivals)), default=0)
    circuits = psql("select count(*) from webhook_endpoints where url like '%/hook/hang%' and circuit_open_until > now()")[0][0]
    log(f"  hanging receiver(s) got {len(hang_records)} requests, at most {in_flight_max} within one attempt timeout "
        f"(cap 4 per endpoint); held requests from +{held_from - t_hang:.1f} s to +{held_to - t_hang:.1f} s; "
        f"circuits open at the end: {circuits} of {HANG_ENDPOINTS}")
    table("(d) hanging receiver", [
        ("healthy org, before the hang: deliveries / p50 / p99", f"{len(base)} / {fmt(pct(base, 50))} / {fmt(pct(base, 99))}",
         "", None),
        ("healthy org, while requests were held: deliveries", len(held), "", None),
        ("  delay p50 (event created -> received)", fmt(pct(held, 50)), "< 0.2 s", pct(held, 50) < 0.2),
        ("  delay p99 / max", f"{fmt(pct(held, 99))} / {fmt(max(held) if held else None)}", "", None),
        ("healthy org, whole hang phase: p50 / p99", f"{fmt(pct(phase, 50))} / {fmt(pct(phase, 99))}", "", None),
        ("healthy org: lost", lost, "0", lost == 0),
    ])
    RECEIVER.hang_until = 0


def main():
    global RECEIVER
    os.makedirs(os.path.join(WORK, "pids"), exist_ok=True)
    RECEIVER = Receiver()
    scenarios = {"kill": scenario_kill, "replicas": scenario_replicas, "dbstop": scenario_dbstop, "hang": scenario_hang}
    chosen = [s for arg in sys.argv[1:] for s in (scenarios if arg == "all" else [arg])]  # hang last: its endpoints stay stuck
    unknown = [s for s in chosen if s not in scenarios]
    if unknown or not chosen:
        sys.exit(f"usage: fault_harness.py {'|'.join(scenarios)}|all ... (unknown: {unknown})")
    failed = False
    for s in chosen:
        t = time.time()
        try:
            scenarios[s]()
        except Exception as e:  # report and go on with the next scenario
            failed = True
            log(f"  scenario {s} did not complete: {e!r}")
        log(f"  ({s}: {time.time() - t:.0f} s)")
    stop_replicas(REPLICAS)
    fails = [r for r in RESULTS if r[4] is False]
    log("")
    log(f"goals: {sum(1 for r in RESULTS if r[4] is True)} PASS, {len(fails)} FAIL"
        + "".join(f"\n  FAIL {r[0]}: {r[1]} = {r[2]} (goal {r[3]})" for r in fails))
    sys.exit(1 if fails or failed else 0)


if __name__ == "__main__":
    main()
