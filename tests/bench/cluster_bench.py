#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""cluster_bench: holds/s through HAProxy (three instances) against one instance alone, in the
same run, and what a failover costs (seconds without a successful hold after the Redis primary
and after the PostgreSQL primary is killed). Not a test: it prints figures (docs/cluster.md).

  tests/bench/cluster_bench.py [--runs 3] [--seconds 15] [--processes 2] [--threads 12]

It starts a cluster of its own (scripts/cluster, fresh run dir) and stops it at the end. Each
load window uses a fresh 50,000-seat event; every hold is 1-4 adjacent seats no one else wants
(each client thread has rows of its own) by a new user, so every answer should be a 201: what is
measured is the cost of a hold, not of conflicts. The two targets alternate within a run, since
the machine's load drifts. Failover windows run a steadier load (one process) and measure the
longest stretch without a 201 from the fault on.
"""

import argparse
import multiprocessing
import os
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

import api  # noqa: E402
import world as world_module  # noqa: E402

CLUSTER = os.path.join(REPO, "scripts", "cluster")
SECTIONS, ROWS, SEATS = 40, 25, 50


def worker(url, secret, event_id, rows, seconds, queue, seed):
    """One client process: threads, each on its own rows; puts the times of its 201s."""
    stop_at = time.time() + seconds
    lock = threading.Lock()
    times, other = [], {}

    def thread(row_list, index):
        client = api.Client(url, timeout=10)
        position = [(s, r, 1) for s, r in row_list]
        n = 0
        while time.time() < stop_at and position:
            section, row, start = position[0]
            k = 1 + (n % 4)
            if start + k - 1 > SEATS:
                position.pop(0)
                continue
            position[0] = (section, row, start + k)
            seats = [f"S{section}-{row}-{i}" for i in range(start, start + k)]
            n += 1
            tok = api.token(secret, f"bench-{seed}-{index}-{n}")
            answer = client.request("POST", "/holds", {"event_id": event_id, "seats": seats}, tok,
                                    {"Idempotency-Key": uuid.uuid4().hex})
            with lock:
                if answer.status == 201:
                    times.append(time.time())
                else:
                    other[answer.status] = other.get(answer.status, 0) + 1

    threads = [threading.Thread(target=thread, args=(r, i)) for i, r in enumerate(rows)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    queue.put((times, other))


def load(url, secret, event_id, seconds, processes, threads):
    """Holds through `url` for `seconds`; returns (sorted 201 times, other answers)."""
    all_rows = [(s, r) for s in range(1, SECTIONS + 1) for r in range(1, ROWS + 1)]
    slots = processes * threads
    queue = multiprocessing.Queue()
    procs = []
    for p in range(processes):
        rows = [all_rows[i::slots] for i in range(p * threads, (p + 1) * threads)]
        proc = multiprocessing.Process(target=worker,
                                       args=(url, secret, event_id, rows, seconds, queue,
                                             int(time.time() * 1000) % 10**6 + p))
        proc.start()
        procs.append(proc)
    times, other = [], {}
    for _ in procs:
        t, o = queue.get()
        times += t
        for k, v in o.items():
            other[k] = other.get(k, 0) + v
    for proc in procs:
        proc.join()
    return sorted(times), other


def cpu_by_program(run_dir):
    """CPU seconds used so far by each part of this cluster and by this bench's own processes
    (others' processes on the machine are left out), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            stats[int(pid)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks)

    def pid_file(name):
        try:
            with open(os.path.join(run_dir, name)) as f:
                return int(f.readline().strip() or 0)
        except (OSError, ValueError):
            return 0

    roots = {}
    roots["servers"] = [pid_file(f"server-{n}.pid") for n in (1, 2, 3)]
    roots["postgresql"] = [pid_file(f"pg-{n}/postmaster.pid") for n in ("a", "b")]
    roots["haproxy"] = [pid_file("haproxy.pid")]
    roots["redis"] = [pid_file(f"redis-{n}.pid") for n in ("a", "b")] + \
        [pid_file(f"sentinel-{n}.pid") for n in (1, 2, 3)]
    out = {}
    for kind, pids in roots.items():
        members = {p for p in pids if p in stats}
        grew = True
        while grew:  # and their children (PostgreSQL backends, the client's processes)
            children = {p for p, (ppid, _) in stats.items() if ppid in members} - members
            grew = bool(children)
            members |= children
        out[kind] = sum(stats[p][1] for p in members)
    times = os.times()  # this process and its finished client processes
    out["load client"] = times.user + times.system + times.children_user + times.children_system
    return out


def cpu_share(before, after, seconds):
    """'servers 0.9, postgresql 0.6, ...' cores used by each kind during the window."""
    used = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in after}
    return ", ".join(f"{k} {v / seconds:.2f}" for k, v in sorted(used.items(), key=lambda x: -x[1])
                     if v > 0.05 * seconds)


def commits(database_url):
    """Transactions committed so far in the boxoffice database of the primary."""
    import psycopg2
    with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT xact_commit FROM pg_stat_database WHERE datname = 'boxoffice'")
        return cursor.fetchone()[0]


def rate(times, seconds):
    return len(times) / seconds if seconds else 0.0


def longest_gap(times, start, end):
    previous, gap = start, 0.0
    for t in times:
        if start <= t <= end:
            gap = max(gap, t - previous)
            previous = t
    return max(gap, end - previous)


def failover(kind, env, values, world, secret, seconds=25):
    """Steady holds; the primary of `kind` is killed 5 s in; the longest gap without a 201."""
    event = world.add_event()
    result = {}

    def fault():
        time.sleep(5)
        result["at"] = time.time()
        out = subprocess.run([CLUSTER, "fault", kind], env=env, capture_output=True, text=True)
        result["output"] = (out.stdout + out.stderr).strip()

    thread = threading.Thread(target=fault)
    thread.start()
    times, other = load(values["BOXOFFICE_URL"], secret, event.id, seconds, 1, 8)
    thread.join()
    gap = longest_gap(times, result["at"], min(result["at"] + 15, times[-1] if times else 0))
    healed = subprocess.run([CLUSTER, "heal"], env=env, capture_output=True, text=True)
    return gap, result["output"], healed.returncode == 0, other


def spread(values):
    return (f"min {min(values):.2f}, median {statistics.median(values):.2f},"
            f" max {max(values):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=12)
    parser.add_argument("--no-failover", action="store_true", help="holds/s only")
    parser.add_argument("--build-dir", default=os.path.join(REPO, "build", "ci"))
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOXOFFICE_")}
    env.update({"BOXOFFICE_BUILD_DIR": args.build_dir,
                "BOXOFFICE_CLUSTER_DIR": tempfile.mkdtemp(prefix="boxoffice-bench-"),
                "BOXOFFICE_RATE_USER_PER_MINUTE": "0", "BOXOFFICE_RATE_IP_PER_MINUTE": "0",
                "QT_LOGGING_RULES": "boxoffice.*.debug=false;boxoffice.*.info=false"})
    os.chmod(env["BOXOFFICE_CLUSTER_DIR"], 0o755)
    subprocess.run([CLUSTER, "up"], env=env, check=True, capture_output=True)
    try:
        values = world_module.cluster_env(CLUSTER, env)
        secret = values["BOXOFFICE_JWT_SECRET"]
        world = world_module.World(values, 1, 600)
        world.SECTIONS, world.ROWS, world.SEATS = SECTIONS, ROWS, SEATS
        world.venue_id = "bench-hall"
        world.call("POST", "/venues", world_module.venue_json("bench-hall", SECTIONS, ROWS, SEATS, 100))
        targets = {"haproxy": values["BOXOFFICE_URL"], "one": values["BOXOFFICE_SERVER1_URL"]}
        rates = {"haproxy": [], "one": []}
        for run in range(args.runs):
            order = ["haproxy", "one"] if run % 2 == 0 else ["one", "haproxy"]
            for name in order:
                event = world.add_event()
                before = cpu_by_program(env["BOXOFFICE_CLUSTER_DIR"])
                committed = commits(values["BOXOFFICE_DATABASE_URL"])
                times, other = load(targets[name], secret, event.id, args.seconds,
                                    args.processes, args.threads)
                cores = cpu_share(before, cpu_by_program(env["BOXOFFICE_CLUSTER_DIR"]),
                                  args.seconds)
                committed = commits(values["BOXOFFICE_DATABASE_URL"]) - committed
                rates[name].append(rate(times, args.seconds))
                print(f"run {run + 1} {name:<8} {rates[name][-1]:7.1f} holds/s"
                      f" (201: {len(times)}, other answers {other or 'none'});"
                      f" {len(times) / max(committed, 1):.1f} holds per PostgreSQL commit;"
                      f" cores used: {cores}", flush=True)
        ratios = [h / o for h, o in zip(rates["haproxy"], rates["one"]) if o]
        print(f"through HAProxy (3 instances): {spread(rates['haproxy'])} holds/s")
        print(f"one instance alone:            {spread(rates['one'])} holds/s")
        print(f"ratio HAProxy / one:           {spread(ratios)}")
        for kind in () if args.no_failover else ("kill-redis-primary", "kill-pg-primary"):
            gaps = []
            for run in range(args.runs):
                gap, output, healed, other = failover(kind, env, values, world, secret)
                gaps.append(gap)
                print(f"{kind} run {run + 1}: {gap:.2f} s without a 201 hold ({output};"
                      f" healed {healed}; other answers {other or 'none'})", flush=True)
            print(f"{kind}: seconds without a successful hold: {spread(gaps)}")
        load_avg = os.getloadavg()
        print(f"load average at the end: {load_avg[0]:.1f}, cores: {os.cpu_count()}")
    finally:
        subprocess.run([CLUSTER, "down"], env=env, capture_output=True)
        subprocess.run(["rm", "-rf", env["BOXOFFICE_CLUSTER_DIR"]])


if __name__ == "__main__":
    main()
