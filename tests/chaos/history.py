# SPDX-License-Identifier: GPL-3.0-or-later
"""What the load did and saw: counters by operation and result, and a history per subject
(hold, order, seat) so that a violation can be shown with everything that touched it."""

import collections
import threading
import time


class History:
    def __init__(self, keep_events=True):
        self.lock = threading.Lock()
        self.counts = collections.Counter()
        self.started = time.monotonic()
        self.keep_events = keep_events
        self.by_subject = collections.defaultdict(list)
        # What the checker holds the system to: acknowledged writes.
        self.acked_holds = {}      # hold_id -> (owner, event_id, seats tuple, ga quantity)
        self.paid_orders = {}      # order_id -> (owner, amount_cents, channel)
        self.refunded_orders = set()
        self.successful_hold_times = []  # monotonic seconds of each 201 hold (for the bench)

    def count(self, kind, result):
        with self.lock:
            self.counts[(kind, result)] += 1

    def note(self, subjects, text):
        if not self.keep_events:
            return
        stamp = round(time.monotonic() - self.started, 3)
        with self.lock:
            for subject in subjects:
                if subject:
                    entries = self.by_subject[subject]
                    entries.append(f"{stamp:9.3f}s {text}")
                    if len(entries) > 60:  # the latest are the ones a violation needs
                        del entries[:20]

    def hold_acked(self, hold_id, owner, event_id, seats, ga_quantity):
        with self.lock:
            self.acked_holds[hold_id] = (owner, event_id, tuple(seats), ga_quantity)
            self.successful_hold_times.append(time.monotonic())

    def order_paid(self, order_id, owner, amount, channel):
        with self.lock:
            self.paid_orders[order_id] = (owner, amount, channel)

    def order_refunded(self, order_id):
        with self.lock:
            self.refunded_orders.add(order_id)

    def story(self, subject):
        with self.lock:
            return list(self.by_subject.get(subject, []))

    def total(self, kind):
        with self.lock:
            return sum(n for (k, _), n in self.counts.items() if k == kind)

    def table(self):
        with self.lock:
            rows = sorted(self.counts.items())
        kinds = collections.OrderedDict()
        for (kind, result), n in rows:
            kinds.setdefault(kind, []).append(f"{result} {n}")
        return [f"  {kind:<16} " + ", ".join(parts) for kind, parts in kinds.items()]
