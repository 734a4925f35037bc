#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A Jepsen-style chaos run against scripts/cluster (docs/cluster.md).

Starts a cluster of its own (or uses the running one with --use-running), drives a load of fans,
queue fans, clerks and WebSocket subscribers, injects faults on a schedule through
`scripts/cluster fault ...` / `heal`, waits until the system is quiet and checks the final state.

  tests/chaos/chaos.py                  short run (CI, label chaos): ~2.5 minutes of load
  tests/chaos/chaos.py --full           soak (label soak): until 10^6 hold attempts, faults throughout
  tests/chaos/chaos.py --duration 600 --fans 16 --keep

Exit status 0 only when every fault was injected and healed, the system got quiet, and the
checker found no violation.
"""

import argparse
import bisect
import collections
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import psycopg2  # noqa: E402  (python3-psycopg2)

import checker as checker_module  # noqa: E402
import faults as faults_module  # noqa: E402
import history as history_module  # noqa: E402
import load  # noqa: E402
import world as world_module  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLUSTER = os.path.join(REPO, "scripts", "cluster")

# Short holds and payment windows so that abandoned holds and unpaid orders end within the run;
# the reconciler asks about silent payments after 3 s (webhooks are dropped on purpose).
SERVER_SETTINGS = {
    "BOXOFFICE_PAYMENT_WINDOW_SECONDS": "20",
    "BOXOFFICE_RECONCILE_AFTER_SECONDS": "3",
    "BOXOFFICE_RECONCILE_INTERVAL_MS": "1000",
    "BOXOFFICE_SWEEP_INTERVAL_MS": "1000",
    "BOXOFFICE_DB_POOL_SIZE": "8",
    "BOXOFFICE_RATE_USER_PER_MINUTE": "0",
    "BOXOFFICE_RATE_IP_PER_MINUTE": "0",
    "PAYMENT_SANDBOX_SLOW_MS": "2000",
    "PAYMENT_SANDBOX_HANG_MS": "5000",
    "QT_LOGGING_RULES": "boxoffice.*.debug=false",
}
HOLD_SECONDS = 15


def parse():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=150, help="seconds of load (short run)")
    parser.add_argument("--full", action="store_true", help="soak: run until --holds attempts")
    parser.add_argument("--holds", type=int, default=1_000_000, help="hold attempts of the soak")
    parser.add_argument("--fans", type=int, default=8, help="fans who buy")
    parser.add_argument("--rushers", type=int, default=6, help="fans who only grab seats")
    parser.add_argument("--gap", type=float, default=4, help="seconds between faults")
    parser.add_argument("--no-faults", action="store_true")
    parser.add_argument("--network-faults", action="store_true",
                        help="also partitions and packet loss (nftables, root)")
    parser.add_argument("--use-running", action="store_true",
                        help="the cluster of this checkout's run dir, already up")
    parser.add_argument("--keep", action="store_true", help="leave the cluster running")
    parser.add_argument("--prove-checker", action="store_true",
                        help="after a clean check, break the state and expect the checker to"
                             " notice (the cluster's data is thrown away afterwards)")
    parser.add_argument("--build-dir", default=os.environ.get("BOXOFFICE_BUILD_DIR",
                                                              os.path.join(REPO, "build", "ci")))
    parser.add_argument("--report", help="also write the report to this file")
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    return parser.parse_args()


def start_cluster(args):
    env = dict(os.environ)
    env["BOXOFFICE_BUILD_DIR"] = args.build_dir
    if not args.use_running:
        # A cluster of its own: fresh ports and data, never a hand-run cluster's.
        env["BOXOFFICE_CLUSTER_DIR"] = tempfile.mkdtemp(prefix="boxoffice-chaos-")
        os.chmod(env["BOXOFFICE_CLUSTER_DIR"], 0o755)
        for name in list(env):
            if name.startswith("BOXOFFICE_") and name not in ("BOXOFFICE_BUILD_DIR",
                                                              "BOXOFFICE_CLUSTER_DIR"):
                del env[name]
        env.update(SERVER_SETTINGS)
        subprocess.run([CLUSTER, "up"], env=env, check=True)
    values = world_module.cluster_env(CLUSTER, env)
    env["BOXOFFICE_CLUSTER_DIR"] = values["BOXOFFICE_CLUSTER_DIR"]
    return env, values


def keep_stock(world, database_url):
    """A fresh event when the current one is mostly gone (else every hold is a conflict)."""
    event = world.current_event()
    try:
        with psycopg2.connect(database_url, connect_timeout=2) as connection:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FILTER (WHERE status = 'sold'), count(*),"
                    " count(*) FILTER (WHERE status = 'sold' AND seat_id LIKE 'S1-_-%%'"
                    "  AND split_part(seat_id, '-', 2)::int <= 3)"
                    " FROM inventory WHERE event_id = %s", (event.id,))
                sold, total, hot_sold = cursor.fetchone()
    except psycopg2.Error:
        return
    # Sold, not held: held seats come back within the hold time.
    if sold > 0.7 * total or hot_sold > 0.8 * 3 * world.SEATS:
        world.add_event()
        world.history.note(["harness"], f"new event {world.current_event().id}")


def longest_gap(times, start, end):
    """Longest stretch in [start, end] without a successful hold (seconds)."""
    if times:
        end = min(end, times[-1])  # the load's own end is no outage
    i = bisect.bisect_left(times, start)
    previous, gap = start, 0.0
    while i < len(times) and times[i] <= end:
        gap = max(gap, times[i] - previous)
        previous = times[i]
        i += 1
    return round(max(gap, end - previous), 2)


def report(args, history, fault_thread, checker, quiet, elapsed):
    lines = [f"chaos run (seed {args.seed}, {'soak' if args.full else 'short'}):"
             f" {elapsed:.0f} s of load, {history.total('hold') + history.total('hold_ga')}"
             " hold attempts"]
    lines.append("operations by kind and result:")
    lines += history.table()
    lines.append("faults injected:")
    times = sorted(history.successful_hold_times)
    for fault in (fault_thread.injected if fault_thread else []):
        gap = longest_gap(times, history.started + fault["at"],
                          history.started + fault["at"] + fault["seconds"] + 10)
        lines.append(f"  {fault['at']:8.1f}s {fault['args']:<22} {fault['seconds']:5.1f}s"
                     f" {'ok' if fault['ok'] else 'FAILED'}; longest gap without a 201 hold"
                     f" {gap} s; {fault['output'][:120]}")
    lines.append(f"quiet after the load: {quiet if quiet is not None else 'NEVER'} s")
    lines.append("invariants checked:")
    for name, what in checker.checked:
        lines.append(f"  {name}: {what}")
    lines.append(f"violations: {len(checker.violations)}")
    by_invariant = collections.Counter(v[0] for v in checker.violations)
    for invariant, n in sorted(by_invariant.items()):
        lines.append(f"  {n} x {invariant}")
    for invariant, detail, subjects in checker.violations[:50]:
        lines.append(f"  VIOLATION {invariant}: {detail}")
        for subject in subjects[:4]:
            for entry in history.story(subject):
                lines.append(f"      {subject}: {entry}")
    harness = history.story("harness") + history.story("unexpected")
    if harness:
        lines.append("harness notes:")
        lines += ["  " + entry for entry in harness[:30]]
    return "\n".join(lines)


def main():
    args = parse()
    env, values = start_cluster(args)
    # SIGTERM (ctest's timeout, a person's kill) still takes the cluster down.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(3))
    try:
        return run(args, env, values)
    finally:
        if not args.keep and not args.use_running:
            subprocess.run([CLUSTER, "down"], env=env, capture_output=True)
            subprocess.run(["rm", "-rf", env["BOXOFFICE_CLUSTER_DIR"]])


def run(args, env, values):
    history = history_module.History()
    world = world_module.World(values, args.seed, HOLD_SECONDS)
    world.history = history
    world.setup()
    subscribers = [load.Subscriber(world, i) for i in range(3)]
    actors = ([load.Fan(f"fan-{i}", world, i) for i in range(args.fans)]
              + [load.Rusher(f"rush-{i}", world, 300 + i) for i in range(args.rushers)]
              + [load.QueueFan(f"qfan-{i}", world, 100 + i) for i in range(2)]
              + [load.Clerk(f"clerk-{i}", world, 200 + i) for i in range(2)])
    for thread in subscribers + actors:
        thread.start()
    fault_thread = None
    if not args.no_faults:
        cycle = faults_module.CYCLE
        if args.network_faults:  # one network fault after each of the others
            cycle = [f for pair in zip(cycle, faults_module.NETWORK * 3) for f in pair]
        fault_thread = faults_module.Faults(CLUSTER, env, history, args.gap, cycle=cycle)
        fault_thread.start()
    started = time.monotonic()
    last_print = started
    try:
        while True:
            time.sleep(2)
            keep_stock(world, values["BOXOFFICE_DATABASE_URL"])
            attempts = history.total("hold") + history.total("hold_ga")
            if time.monotonic() - last_print > 30:
                last_print = time.monotonic()
                print(f"[{time.monotonic() - started:7.0f}s] {attempts} hold attempts,"
                      f" {len(fault_thread.injected) if fault_thread else 0} faults,"
                      f" {len(world.events)} events", flush=True)
            if args.full and attempts >= args.holds:
                break
            if not args.full and time.monotonic() - started >= args.duration:
                break
    except KeyboardInterrupt:
        pass
    elapsed = time.monotonic() - started
    world.stop.set()
    if fault_thread:
        fault_thread.stop.set()
        fault_thread.join(240)
    for thread in actors:
        thread.join(60)
    subprocess.run([CLUSTER, "heal"], env=env, capture_output=True)
    def make_checker():
        made = checker_module.Checker(
            values["BOXOFFICE_DATABASE_URL"], values["BOXOFFICE_PAYMENT_URL"],
            values["BOXOFFICE_URL"], world.manager, history,
            [e.id for e in world.events] + [world.queue_event.id], subscribers)
        made.api_key = values["BOXOFFICE_PAYMENT_API_KEY"]
        return made

    check = make_checker()
    quiet = check.wait_quiet(180)
    check.run()
    proof = []
    if args.prove_checker and not args.use_running and not check.violations:
        proof = checker_module.prove(make_checker, values["BOXOFFICE_DATABASE_URL"], history)
    for subscriber in subscribers:
        subscriber.stop_after_quiet.set()
    text = report(args, history, fault_thread, check, quiet, elapsed)
    if proof:
        text += "\nthe checker can fail (each corruption committed, then a fresh check):"
        for what, changed, caught in proof:
            text += f"\n  {what} ({changed} rows): {'caught' if caught else 'NOT CAUGHT'}"
    print(text, flush=True)
    if args.report:
        with open(args.report, "w") as out:
            out.write(text + "\n")
    failed_faults = [f for f in (fault_thread.injected if fault_thread else []) if not f["ok"]]
    ok = not check.violations and quiet is not None and not failed_faults \
        and all(changed and caught for _, changed, caught in proof) \
        and history.total("hold") > 0 and (args.no_faults or fault_thread.injected)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
