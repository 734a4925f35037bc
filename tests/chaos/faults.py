# SPDX-License-Identifier: GPL-3.0-or-later
"""Faults on a schedule, through the same verbs a person uses: scripts/cluster fault/heal."""

import subprocess
import threading
import time

# (name, fault arguments, seconds it lasts before `heal`)
CYCLE = [
    ("kill-server", ["kill-server", "{server}"], 6),
    ("kill-pg-primary", ["kill-pg-primary"], 4),
    ("webhooks-drop", ["webhooks", "drop"], 8),
    ("kill-redis-primary", ["kill-redis-primary"], 4),
    ("pause-server", ["pause-server", "{server}"], 8),
    ("restart-sandbox", ["restart-sandbox"], 2),
    ("webhooks-delay", ["webhooks", "delay", "3000"], 6),
    ("webhooks-duplicate", ["webhooks", "duplicate"], 6),
    ("webhooks-reorder", ["webhooks", "reorder"], 6),
]

# Network faults (`--network-faults`; nftables, root): a primary cut off while it runs, and
# packets lost on every PostgreSQL and Redis link (their retransmissions are the latency).
NETWORK = [
    ("partition-redis", ["partition", "redis"], 6),
    ("loss-10", ["loss", "10"], 8),
    ("partition-pg", ["partition", "pg"], 4),
    ("loss-30", ["loss", "30"], 5),
]


class Faults(threading.Thread):
    def __init__(self, cluster, env, history, gap, rounds=None, cycle=None):
        super().__init__(name="faults", daemon=True)
        self.cycle = cycle or CYCLE
        self.cluster = cluster
        self.env = env
        self.history = history
        self.gap = gap            # seconds of full strength between two faults
        self.rounds = rounds      # None: until stopped
        self.stop = threading.Event()
        self.injected = []        # dicts: name, at, seconds, ok, output
        self.failovers = {}       # kind -> [seconds from fault to the next successful hold]

    def verb(self, *args):
        run = subprocess.run([self.cluster, *args], env=self.env, capture_output=True, text=True,
                             timeout=180)
        return run.returncode == 0, (run.stdout + run.stderr).strip()

    def run(self):
        server = 0
        done = 0
        while not self.stop.wait(self.gap):
            name, args, lasts = self.cycle[done % len(self.cycle)]
            server = server % 3 + 1
            args = [a.replace("{server}", str(server)) for a in args]
            at = time.monotonic()
            ok, output = self.verb("fault", *args)
            self.history.note(["faults"], f"fault {' '.join(args)}: {output}")
            self.stop.wait(lasts)
            healed, heal_output = self.verb("heal")
            self.injected.append({"name": name, "args": " ".join(args),
                                  "at": round(at - self.history.started, 1),
                                  "seconds": round(time.monotonic() - at, 1),
                                  "ok": ok and healed,
                                  "output": output + ("" if healed else " / heal: " + heal_output)})
            done += 1
            if self.rounds is not None and done >= self.rounds * len(self.cycle):
                break

    def summary(self):
        by_name = {}
        for fault in self.injected:
            entry = by_name.setdefault(fault["name"], [0, 0])
            entry[0] += 1
            entry[1] += 0 if fault["ok"] else 1
        return by_name
