#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""onsale_bench: an on-sale played against the reference cluster (scripts/cluster: HAProxy, three
servers, PostgreSQL with a synchronous standby, Redis with Sentinels, the payment sandbox), with
the figures issue 31 asks for side by side in one run. Not a test: it prints figures
(docs/cluster.md, "An on-sale").

  tests/bench/onsale_bench.py [--arrivals 100] [--seconds 30] [--admit-per-minute 3000]

Fans arrive at `--arrivals` per second for `--seconds`: each joins the event's waiting room,
polls its place at the server's `retry_after`, and once admitted holds 1-4 seats (best
available), orders them and pays on the sandbox with the test card, then waits for its order to
be paid. Every step is one HTTP request through HAProxy; a scheduler sends each fan's next step
when it is due, from a pool of client threads, so waiting fans cost no thread. In the same run:
`redis-benchmark` against the cluster's Redis primary and `pgbench -N` against its PostgreSQL
primary, as the ceilings of the two stores on this machine.
"""

import argparse
import heapq
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "chaos"))
sys.path.insert(0, HERE)

import api  # noqa: E402
import cluster_bench  # noqa: E402
import world as world_module  # noqa: E402

CLUSTER = os.path.join(REPO, "scripts", "cluster")
SECTIONS, ROWS, SEATS = 20, 25, 50  # 25,000 seats
STEPS = ("join", "poll", "hold", "order", "pay", "check", "visit")


class Stats:
    """Latencies and outcomes per step, from every client thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latency = {step: [] for step in STEPS}
        self.answers = {step: {} for step in STEPS}
        self.done = {}  # fan outcome -> count

    def note(self, step, seconds, status):
        with self.lock:
            self.latency[step].append(seconds)
            self.answers[step][status] = self.answers[step].get(status, 0) + 1

    def outcome(self, what):
        with self.lock:
            self.done[what] = self.done.get(what, 0) + 1


class Fan:
    def __init__(self, index, secret):
        self.id = f"onsale-{index}-{uuid.uuid4().hex[:8]}"
        self.token = api.token(secret, self.id)
        self.queue_id = None
        self.admission = None
        self.hold_id = None
        self.order_id = None
        self.intent = None
        self.step = "join"
        self.polls = 0
        self.started = time.monotonic()


class OnSale:
    """The scheduler: (due time, fan) in a heap; client threads take the next due fan, send its
    step and put it back with its next due time."""

    def __init__(self, url, sandbox, secret, event_id, threads, stats):
        self.url, self.sandbox, self.secret, self.event_id = url, sandbox, secret, event_id
        self.stats = stats
        self.heap = []
        self.cv = threading.Condition()
        self.stopping = False
        self.active = 0
        self.threads = [threading.Thread(target=self.work, daemon=True) for _ in range(threads)]
        for t in self.threads:
            t.start()

    def schedule(self, fan, at):
        with self.cv:
            heapq.heappush(self.heap, (at, id(fan), fan))
            self.cv.notify()

    def pending(self):
        with self.cv:
            return len(self.heap) + self.active

    def stop(self):
        with self.cv:
            self.stopping = True
            self.cv.notify_all()
        for t in self.threads:
            t.join(timeout=5)

    def work(self):
        client = api.Client(self.url, timeout=20)
        sandbox = api.Client(self.sandbox, timeout=20)
        while True:
            with self.cv:
                while not self.stopping and (not self.heap or self.heap[0][0] > time.monotonic()):
                    wait = self.heap[0][0] - time.monotonic() if self.heap else 1.0
                    self.cv.wait(timeout=max(0.001, min(wait, 1.0)))
                if self.stopping:
                    return
                _, _, fan = heapq.heappop(self.heap)
                self.active += 1
            try:
                delay = self.advance(fan, client, sandbox)
            finally:
                with self.cv:
                    self.active -= 1
            if delay is not None:
                self.schedule(fan, time.monotonic() + delay)

    def timed(self, step, call):
        began = time.monotonic()
        answer = call()
        self.stats.note(step, time.monotonic() - began, answer.status)
        return answer

    def advance(self, fan, client, sandbox):
        """Sends the fan's step; the seconds until its next one, or None when it is done."""
        event = f"/events/{self.event_id}"
        if fan.step in ("join", "poll"):
            if fan.step == "join":
                answer = self.timed("join", lambda: client.request("POST", f"{event}/queue", {},
                                                                   fan.token))
            else:
                fan.polls += 1
                answer = self.timed("poll", lambda: client.request(
                    "GET", f"{event}/queue/{fan.queue_id}", None, fan.token))
            place = answer.json()
            if answer.status not in (200, 201):
                if fan.polls > 200:
                    self.stats.outcome("gave up in the queue")
                    return None
                return float(place.get("retry_after", 2) or 2)
            fan.queue_id = place.get("queue_id", fan.queue_id)
            if place.get("state") == "admitted" and place.get("admission_token"):
                fan.admission = place["admission_token"]
                fan.step = "hold"
                return 0.0
            fan.step = "poll"
            return float(place.get("retry_after", 2) or 2)
        if fan.step == "hold":
            body = {"event_id": self.event_id, "section": f"S{random.randint(1, SECTIONS)}",
                    "quantity": random.randint(1, 4)}
            answer = self.timed("hold", lambda: client.request(
                "POST", "/holds", body, fan.token,
                {"X-Admission-Token": fan.admission, "Idempotency-Key": uuid.uuid4().hex}))
            if answer.status != 201:
                self.stats.outcome(f"no seats ({answer.status} {answer.code})")
                return None
            fan.hold_id = answer.json()["hold_id"]
            fan.step = "order"
            return 0.0
        if fan.step == "order":
            answer = self.timed("order", lambda: client.request(
                "POST", "/orders", {"hold_id": fan.hold_id}, fan.token,
                {"Idempotency-Key": "o-" + fan.hold_id}))
            if answer.status not in (200, 201):
                self.stats.outcome(f"order refused ({answer.status} {answer.code})")
                return None
            order = answer.json()
            fan.order_id = order["order_id"]
            fan.intent = (order.get("payment") or {})
            fan.step = "pay"
            return 0.5  # the fan types the card
        if fan.step == "pay":
            intent = fan.intent
            answer = self.timed("pay", lambda: sandbox.request(
                "POST", f"/v1/payment_intents/{intent.get('intent_id')}/confirm",
                {"card_number": "4242424242424242", "client_secret": intent.get("client_secret")}))
            if answer.status not in (200, 201):
                self.stats.outcome(f"payment refused ({answer.status})")
                return None
            fan.step = "paid"
            return 0.3
        answer = self.timed("check", lambda: client.request("GET", f"/orders/{fan.order_id}", None,
                                                            fan.token))
        status = answer.json().get("status") if answer.status == 200 else None
        if status == "paid":
            self.stats.outcome("paid")
            self.stats.note("visit", time.monotonic() - fan.started, 200)
            return None
        if time.monotonic() - fan.started > 600:
            self.stats.outcome("still pending")
            return None
        return 0.5


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def redis_ops(port):
    """Commands the Redis at `port` has processed so far."""
    out = subprocess.run(["redis-cli", "-p", str(port), "INFO", "stats"], capture_output=True,
                         text=True)
    match = re.search(r"total_commands_processed:(\d+)", out.stdout)
    return int(match.group(1)) if match else 0


def redis_benchmark(port):
    """redis-benchmark's requests/s for ZADD and GET (50 clients, 100,000 requests each)."""
    out = subprocess.run(["redis-benchmark", "-p", str(port), "-t", "zadd,get", "-n", "100000",
                          "-c", "50", "-q"], capture_output=True, text=True)
    return {m.group(1).lower(): float(m.group(2))
            for m in re.finditer(r"^(\w+): ([\d.]+) requests per second", out.stdout, re.M)}


def pgbench(database_url, seconds=10, clients=8):
    """pgbench -N transactions/s on the cluster's primary (its own database)."""
    admin = database_url
    bench = re.sub(r"/boxoffice(\?|$)", r"/onsale_pgbench\1", database_url)
    subprocess.run(["psql", admin, "-qc", "DROP DATABASE IF EXISTS onsale_pgbench"],
                   capture_output=True)
    subprocess.run(["psql", admin, "-qc", "CREATE DATABASE onsale_pgbench"], capture_output=True,
                   check=True)
    subprocess.run(["pgbench", "-i", "-q", "-s", "2", bench], capture_output=True, check=True)
    out = subprocess.run(["pgbench", "-N", "-c", str(clients), "-j", "2", "-T", str(seconds), bench],
                         capture_output=True, text=True)
    match = re.search(r"tps = ([\d.]+)", out.stdout)
    subprocess.run(["psql", admin, "-qc", "DROP DATABASE IF EXISTS onsale_pgbench"],
                   capture_output=True)
    return float(match.group(1)) if match else 0.0


def play(values, secret, event_id, arrivals, seconds, threads, redis_port, run_dir):
    stats = Stats()
    sale = OnSale(values["BOXOFFICE_URL"], values["BOXOFFICE_PAYMENT_URL"], secret, event_id,
                  threads, stats)
    cpu_before = cluster_bench.cpu_by_program(run_dir)
    redis_before = redis_ops(redis_port)
    commits_before = cluster_bench.commits(values["BOXOFFICE_DATABASE_URL"])
    began = time.monotonic()
    index = 0
    while time.monotonic() - began < seconds:
        due = began + index / arrivals
        if due > time.monotonic():
            time.sleep(due - time.monotonic())
        sale.schedule(Fan(index, secret), time.monotonic())
        index += 1
    # The fans still in the queue or paying finish (up to two minutes more).
    drain_until = time.monotonic() + 120
    while sale.pending() and time.monotonic() < drain_until:
        time.sleep(0.5)
    wall = time.monotonic() - began
    sale.stop()
    cores = cluster_bench.cpu_share(cpu_before, cluster_bench.cpu_by_program(run_dir), wall)
    redis_rate = (redis_ops(redis_port) - redis_before) / wall
    commits = cluster_bench.commits(values["BOXOFFICE_DATABASE_URL"]) - commits_before
    return stats, index, wall, cores, redis_rate, commits


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arrivals", type=float, default=100, help="fans per second")
    parser.add_argument("--seconds", type=float, default=30, help="how long fans arrive")
    parser.add_argument("--admit-per-minute", type=int, default=3000)
    parser.add_argument("--max-active", type=int, default=400)
    parser.add_argument("--threads", type=int, default=48, help="client threads")
    parser.add_argument("--build-dir", default=os.path.join(REPO, "build", "ci"))
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOXOFFICE_")}
    env.update({"BOXOFFICE_BUILD_DIR": args.build_dir,
                "BOXOFFICE_CLUSTER_DIR": tempfile.mkdtemp(prefix="boxoffice-onsale-"),
                "BOXOFFICE_RATE_USER_PER_MINUTE": "0", "BOXOFFICE_RATE_IP_PER_MINUTE": "0",
                "QT_LOGGING_RULES": "boxoffice.*.debug=false;boxoffice.*.info=false"})
    os.chmod(env["BOXOFFICE_CLUSTER_DIR"], 0o755)
    run_dir = env["BOXOFFICE_CLUSTER_DIR"]
    subprocess.run([CLUSTER, "up"], env=env, check=True, capture_output=True)
    try:
        values = world_module.cluster_env(CLUSTER, env)
        secret = values["BOXOFFICE_JWT_SECRET"]
        with open(os.path.join(run_dir, "ports.env")) as f:
            ports = dict(line.strip().split("=", 1) for line in f if "=" in line)
        redis_port = ports["REDIS_A_PORT"]  # the primary of a fresh cluster
        world = world_module.World(values, 1, 600)
        world.SECTIONS, world.ROWS, world.SEATS = SECTIONS, ROWS, SEATS
        world.venue_id = "onsale-hall"
        world.call("POST", "/venues", world_module.venue_json("onsale-hall", SECTIONS, ROWS, SEATS,
                                                              100))
        event_id = world.create_event({"queue": {"enabled": True,
                                                 "admit_per_minute": args.admit_per_minute,
                                                 "max_active": args.max_active},
                                       "max_seats_per_user": 4})
        print(f"on-sale: {args.arrivals:g} fans/s for {args.seconds:g} s through HAProxy to 3"
              f" servers; the queue admits {args.admit_per_minute}/min, {args.max_active} at a"
              f" time; {SECTIONS * ROWS * SEATS} seats; {args.threads} client threads"
              f" (load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)", flush=True)
        stats, fans, wall, cores, redis_rate, commits = play(
            values, secret, event_id, args.arrivals, args.seconds, args.threads, redis_port,
            run_dir)
        print(f"fans: {fans} arrived in {args.seconds:g} s, the last done after {wall:.0f} s;"
              f" outcomes: {dict(sorted(stats.done.items()))}")
        for step in STEPS:
            lat = stats.latency[step]
            if not lat:
                continue
            ok = sum(n for s, n in stats.answers[step].items() if s in (200, 201))
            label = {"check": "order status", "visit": "arrival -> paid"}.get(step, step)
            print(f"  {label:<30} {len(lat):6d} answers ({ok} ok; {stats.answers[step]}),"
                  f" p50 {percentile(lat, 0.5) * 1000:7.1f} ms, p99 {percentile(lat, 0.99) * 1000:7.1f} ms"
                  f", {len(lat) / wall:6.1f}/s")
        joined = sum(n for s, n in stats.answers["join"].items() if s in (200, 201))
        holds = sum(n for s, n in stats.answers["hold"].items() if s == 201)
        print(f"arrivals absorbed: {joined / args.seconds:.1f} joins/s of {args.arrivals:g} offered"
              f" (x{joined / max(1, fans):.2f})")
        print("baselines (same machine, same cluster, after the on-sale):", flush=True)
        bench = redis_benchmark(redis_port)
        best = max(bench.values()) if bench else 0
        print(f"  Redis: {redis_rate:.0f} commands/s during the on-sale; redis-benchmark {bench}:"
              f" x{redis_rate / best if best else 0:.3f} of its best")
        tps = pgbench(values["BOXOFFICE_DATABASE_URL"])
        print(f"  PostgreSQL: {holds / wall:.1f} holds/s and {commits / wall:.1f} commits/s during"
              f" the on-sale; pgbench -N {tps:.0f} tps: holds x{holds / wall / tps if tps else 0:.3f},"
              f" commits x{commits / wall / tps if tps else 0:.3f}")
        print(f"  cores used during the on-sale: {cores}")
        slow = [(percentile(stats.latency[s], 0.99), s) for s in STEPS[:-2] if stats.latency[s]]
        worst = max(slow) if slow else (0, "none")
        print(f"first to give: the slowest step at p99 is {worst[1]} ({worst[0] * 1000:.0f} ms);"
              f" load average at the end {os.getloadavg()[0]:.1f}")
    finally:
        subprocess.run([CLUSTER, "down"], env=env, capture_output=True)
        subprocess.run(["rm", "-rf", run_dir])


if __name__ == "__main__":
    main()
