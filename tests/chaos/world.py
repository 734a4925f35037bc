# SPDX-License-Identifier: GPL-3.0-or-later
"""The cluster as the harness sees it: addresses, secrets, the events on sale."""

import subprocess
import threading
import time
import uuid

import api


class Event:
    def __init__(self, event_id, sections, rows, seats_per_row):
        self.id = event_id
        self.sections = sections
        self.rows = rows
        self.seats_per_row = seats_per_row


def venue_json(venue_id, sections, rows, seats_per_row, ga_capacity):
    """The same generated hall as tests/support/venuefixture.h: seats "S<s>-<r>-<n>", GA PISTA."""
    section_list = []
    for s in range(1, sections + 1):
        row_list = []
        for r in range(1, rows + 1):
            seats = [{"id": f"S{s}-{r}-{n}", "number": str(n),
                      "x": (s - 1) * (seats_per_row * 50 + 500) + n * 50, "y": 200 + r * 60,
                      "category": "A" if s == 1 else "B"} for n in range(1, seats_per_row + 1)]
            row_list.append({"id": f"S{s}-{r}", "label": str(r), "seats": seats})
        section_list.append({"id": f"S{s}", "name": f"Section {s}", "rows": row_list})
    return {
        "format": "boxoffice-venue", "version": 1, "id": venue_id, "name": f"Chaos hall {venue_id}",
        "size": {"width": sections * (seats_per_row * 50 + 500) + 1000, "height": rows * 60 + 400},
        "focal_point": {"x": 0, "y": 0},
        "categories": [{"id": "A", "name": "Front", "color": "#cc0000"},
                       {"id": "B", "name": "Back", "color": "#0000cc"}],
        "sections": section_list,
        "ga_areas": [{"id": "PISTA", "name": "Pista", "capacity": ga_capacity,
                      "outline": [[0, 0], [400, 0], [400, 150]], "category": "A"}],
    }


class World:
    SECTIONS, ROWS, SEATS = 4, 8, 20

    def __init__(self, env, seed, hold_seconds):
        self.env = env
        self.seed = seed
        self.hold_seconds = hold_seconds
        self.url = env["BOXOFFICE_URL"]
        self.payment_url = env["BOXOFFICE_PAYMENT_URL"]
        self.secret = env["BOXOFFICE_JWT_SECRET"]
        self.history = None
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.events = []
        self.queue_event = None
        self.paid_online = []
        self.manager = api.token(self.secret, "chaos-manager", role="manager")
        self.http = api.Client(self.url)
        self.venue_id = None

    def current_event(self):
        with self.lock:
            return self.events[-1]

    def event_ids(self):
        with self.lock:
            ids = [e.id for e in self.events]
        return ids + ([self.queue_event.id] if self.queue_event else [])

    def call(self, method, path, body, tries=60):
        """A setup call, retried while the cluster is still settling."""
        for _ in range(tries):
            answer = self.http.request(method, path, body, self.manager,
                                       {"Idempotency-Key": uuid.uuid4().hex})
            if answer.status in (200, 201):
                return answer.json()
            time.sleep(1)
        raise RuntimeError(f"{method} {path}: {answer.status} {answer.body[:300]!r}")

    def setup(self):
        self.venue_id = f"chaos-{self.seed}"
        self.call("POST", "/venues", venue_json(self.venue_id, self.SECTIONS, self.ROWS,
                                                 self.SEATS, 150))
        self.add_event()
        queued = self.create_event({"queue": {"enabled": True, "admit_per_minute": 1200,
                                              "max_active": 40}})
        self.queue_event = Event(queued, self.SECTIONS, self.ROWS, self.SEATS)

    def create_event(self, extra=None):
        body = {"venue_id": self.venue_id, "title": f"Chaos show {len(self.events) + 1}",
                "category": "concert", "starts_at": "2030-06-01T20:00:00Z",
                "on_sale_at": "2020-01-01T00:00:00Z", "currency": "EUR",
                "prices": {"A": 5000, "B": 3000}, "hold_seconds": self.hold_seconds,
                "max_seats_per_user": 10, "max_holds_per_user": 3}
        body.update(extra or {})
        return self.call("POST", "/events", body)["id"]

    def add_event(self):
        event = Event(self.create_event(), self.SECTIONS, self.ROWS, self.SEATS)
        with self.lock:
            self.events.append(event)
        return event


def cluster_env(cluster, env):
    out = subprocess.run([cluster, "env"], env=env, capture_output=True, text=True, check=True)
    values = {}
    for line in out.stdout.splitlines():
        if line.startswith("export ") and "=" in line:
            name, value = line[len("export "):].split("=", 1)
            values[name] = value.strip("'")
    return values
