# SPDX-License-Identifier: GPL-3.0-or-later
"""The load: fans, queue fans, clerks and WebSocket map subscribers, each a thread."""

import json
import random
import threading
import time
import uuid

import api

CARDS = [  # (weight, name, number); None: the fan leaves before paying
    (55, "success", "4242424242424242"),
    (15, "decline", "4000000000000002"),
    (10, "slow", "4000000000000259"),
    (5, "timeout", "4000000000009995"),
    (15, "abandon", None),
]
RETRYABLE = {0, 502, 503, 504}


def weighted(rng, table):
    pick = rng.uniform(0, sum(row[0] for row in table))
    for row in table:
        pick -= row[0]
        if pick <= 0:
            return row
    return table[-1]


def hold_key(body):
    """GA holds have no seat to file their story under: the zone of the event instead."""
    return f"{body['event_id']}/{body['ga']}" if "ga" in body else None


def result_of(answer):
    if answer.status == 0:
        return "no_answer"
    return f"{answer.status}{'/' + answer.code if answer.code else ''}"


class Actor(threading.Thread):
    def __init__(self, name, world, index):
        super().__init__(name=name, daemon=True)
        self.world = world
        self.index = index
        self.rng = random.Random(world.seed * 1000 + index)
        self.http = api.Client(world.url)
        self.sandbox = api.Client(world.payment_url, timeout=30.0)

    def stopping(self):
        return self.world.stop.is_set()

    def retried(self, kind, method, path, body, tok, headers=None, tries=4):
        """A write with an Idempotency-Key, sent again (same key) while the answer is unknown."""
        answer = None
        for attempt in range(tries):
            answer = self.http.request(method, path, body, tok, headers)
            if answer.status not in RETRYABLE:
                break
            self.world.history.count(kind + "_try", result_of(answer))
            time.sleep(0.2 * (attempt + 1))
        self.world.history.count(kind, result_of(answer))
        return answer


class Fan(Actor):
    """Searches, holds 1-4 seats (or GA) where others hold too, then releases, abandons, or
    orders and pays with a success, decline, slow or timeout card (or never pays)."""

    def run(self):
        n = 0
        while not self.stopping():
            n += 1
            owner = f"fan-{self.world.seed}-{self.index}-{n}"
            tok = api.token(self.world.secret, owner)
            roll = self.rng.random()
            try:
                if roll < 0.06:
                    self.search(tok)
                elif roll < 0.08:
                    self.seatmap(tok)
                else:
                    self.buy(owner, tok)
            except Exception as error:  # a harness bug must show, not kill the thread quietly
                self.world.history.count("harness_error", type(error).__name__)
                self.world.history.note(["harness"], f"{self.name}: {error!r}")
                time.sleep(0.5)

    def search(self, tok):
        words = ["chaos", "show", "hall", "chaoss", "nothing"]
        answer = self.http.request("GET", f"/events?q={self.rng.choice(words)}&limit=5", None, tok)
        self.world.history.count("search", result_of(answer))

    def seatmap(self, tok):
        event = self.world.current_event()
        answer = self.http.request("GET", f"/events/{event.id}/seatmap", None, tok)
        self.world.history.count("seatmap", result_of(answer))

    def pick_seats(self, event):
        k = self.rng.randint(1, 4)
        if self.rng.random() < 0.6:  # the hot rows at the front: conflicts
            section, row = 1, self.rng.randint(1, 3)
        else:
            section = self.rng.randint(1, event.sections)
            row = self.rng.randint(1, event.rows)
        start = self.rng.randint(1, event.seats_per_row - k + 1)
        return [f"S{section}-{row}-{s}" for s in range(start, start + k)]

    def buy(self, owner, tok):
        event = self.world.current_event()
        if self.rng.random() < 0.15:
            body = {"event_id": event.id, "ga": "PISTA", "quantity": self.rng.randint(1, 4)}
            seats, kind = [], "hold_ga"
        else:
            seats = self.pick_seats(event)
            body = {"event_id": event.id, "seats": seats}
            kind = "hold"
        key = uuid.uuid4().hex
        answer = self.retried(kind, "POST", "/holds", body, tok, {"Idempotency-Key": key})
        self.world.history.note(seats + [hold_key(body)], f"{owner} {kind} {seats or body['quantity']}"
                                f" -> {result_of(answer)} {answer.json().get('hold_id', '')}")
        if answer.status != 201:
            if answer.status not in (409, 422, 429, 503, 0):
                self.world.history.note(["unexpected"], f"{kind} {answer.status} {answer.body[:200]!r}")
            return
        hold = answer.json()
        hold_id = hold["hold_id"]
        self.world.history.hold_acked(hold_id, owner, event.id, hold.get("seats", []),
                                      body.get("quantity", 0))
        self.world.history.note([hold_id], f"201 hold {owner} {hold.get('seats')}")
        roll = self.rng.random()
        if roll < 0.2:
            release = self.http.request("DELETE", f"/holds/{hold_id}", None, tok)
            self.world.history.count("release", result_of(release))
            self.world.history.note([hold_id] + seats, f"release -> {result_of(release)}")
        elif roll < 0.3:
            self.world.history.count("abandon", "left")  # the hold expires on its own
        else:
            self.order(owner, tok, hold_id, seats)

    def order(self, owner, tok, hold_id, seats):
        answer = self.retried("order", "POST", "/orders", {"hold_id": hold_id}, tok,
                              {"Idempotency-Key": "o-" + hold_id})
        if answer.status not in (200, 201):
            self.world.history.note([hold_id], f"order -> {result_of(answer)}")
            return
        order = answer.json()
        order_id = order["order_id"]
        self.world.history.note([hold_id, order_id] + seats, f"order {order_id} for {hold_id}")
        _, card, number = weighted(self.rng, CARDS)
        payment = order.get("payment") or {}
        if number is None or not payment.get("intent_id"):
            self.world.history.count("pay", "abandon" if number is None else "no_intent")
            return
        confirm = self.sandbox.request(
            "POST", f"/v1/payment_intents/{payment['intent_id']}/confirm",
            {"card_number": number, "client_secret": payment.get("client_secret")})
        self.world.history.count("pay_" + card, result_of(confirm))
        self.world.history.note([order_id], f"confirm {card} -> {result_of(confirm)}")
        self.await_outcome(owner, tok, order_id, card)

    def await_outcome(self, owner, tok, order_id, card):
        deadline = time.monotonic() + (12 if card in ("slow", "timeout") else 6)
        while time.monotonic() < deadline and not self.stopping():
            answer = self.http.request("GET", f"/orders/{order_id}", None, tok)
            status = answer.json().get("status") if answer.status == 200 else None
            if status and status != "pending":
                self.world.history.count("order_outcome", status)
                self.world.history.note([order_id], f"seen {status}")
                if status == "paid":
                    order = answer.json()
                    self.world.history.order_paid(order_id, owner, order.get("amount_cents"),
                                                  "online")
                    self.world.paid_online.append(order_id)
                return
            time.sleep(0.4)
        self.world.history.count("order_outcome", "still_pending_when_fan_left")


class Rusher(Fan):
    """The on-sale rush: hold attempts back to back on the hot rows (mostly conflicts); a seat
    won is let go at once or left to expire."""

    def run(self):
        n = 0
        while not self.stopping():
            n += 1
            owner = f"rush-{self.world.seed}-{self.index}-{n}"
            tok = api.token(self.world.secret, owner)
            try:
                event = self.world.current_event()
                seats = self.pick_seats(event)
                answer = self.retried("hold", "POST", "/holds", {"event_id": event.id, "seats": seats},
                                      tok, {"Idempotency-Key": uuid.uuid4().hex})
                self.world.history.note(seats, f"{owner} hold -> {result_of(answer)}"
                                        f" {answer.json().get('hold_id', '')}")
                if answer.status != 201:
                    continue
                hold = answer.json()
                self.world.history.hold_acked(hold["hold_id"], owner, event.id, hold["seats"], 0)
                if self.rng.random() < 0.7:
                    release = self.http.request("DELETE", f"/holds/{hold['hold_id']}", None, tok)
                    self.world.history.count("release", result_of(release))
                    self.world.history.note([hold["hold_id"]] + seats,
                                            f"release -> {result_of(release)}")
                else:
                    self.world.history.count("abandon", "left")
            except Exception as error:
                self.world.history.count("harness_error", type(error).__name__)
                self.world.history.note(["harness"], f"{self.name}: {error!r}")
                time.sleep(0.5)


class QueueFan(Actor):
    """Joins the waiting room of the queued event, waits to be admitted, holds one seat."""

    def run(self):
        n = 0
        while not self.stopping():
            n += 1
            owner = f"qfan-{self.world.seed}-{self.index}-{n}"
            tok = api.token(self.world.secret, owner)
            event = self.world.queue_event
            joined = self.http.request("POST", f"/events/{event.id}/queue", {}, tok)
            self.world.history.count("queue_join", result_of(joined))
            if joined.status not in (200, 201):
                time.sleep(0.5)
                continue
            queue_id = joined.json().get("queue_id")
            admission = None
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not self.stopping():
                status = self.http.request("GET", f"/events/{event.id}/queue/{queue_id}", None, tok)
                state = status.json() if status.status == 200 else {}
                if state.get("state") == "admitted":
                    admission = state.get("admission_token")
                    break
                time.sleep(min(2.0, max(0.2, float(state.get("retry_after", 1) or 1))))
            self.world.history.count("queue_admitted", "yes" if admission else "no")
            if not admission:
                continue
            seat = f"S1-{self.rng.randint(1, event.rows)}-{self.rng.randint(1, event.seats_per_row)}"
            answer = self.retried("queue_hold", "POST", "/holds", {"event_id": event.id, "seats": [seat]},
                                  tok, {"Idempotency-Key": uuid.uuid4().hex,
                                        "X-Admission-Token": admission})
            if answer.status == 201:
                hold = answer.json()
                self.world.history.hold_acked(hold["hold_id"], owner, event.id, hold["seats"], 0)
                release = self.http.request("DELETE", f"/holds/{hold['hold_id']}", None, tok)
                self.world.history.count("release", result_of(release))


class Clerk(Actor):
    """Sells at the counter (cash and card present), exchanges tickets of its own sales and of
    online orders for other seats (a dearer one paid, a cheaper one given back), and refunds some
    sales, its own and online."""

    def run(self):
        sold = []
        sales = 0
        while not self.stopping():
            if sales % 4 == 0:
                # A clerk may hold only so many seats of an event: a new shift (and clerk) often.
                owner = f"clerk-{self.world.seed}-{self.index}-{sales // 4}"
                tok = api.token(self.world.secret, owner, role="clerk")
                opened = self.retried("shift_open", "POST", "/shifts", {"float_cents": 20000},
                                      tok, {"Idempotency-Key": f"shift-{owner}"})
                self.world.history.note([owner], f"shift -> {result_of(opened)}")
            sales += 1
            try:
                self.sell(owner, tok, sold)
                if self.rng.random() < 0.3:
                    online = self.world.paid_online and self.rng.random() < 0.4
                    pool = self.world.paid_online if online else sold
                    if pool:
                        self.exchange(owner, tok, self.rng.choice(pool))
                if sold and self.rng.random() < 0.25:
                    self.refund(owner, tok, sold.pop(self.rng.randrange(len(sold))))
                if self.world.paid_online and self.rng.random() < 0.1:
                    self.refund(owner, tok, self.rng.choice(self.world.paid_online))
            except Exception as error:
                self.world.history.count("harness_error", type(error).__name__)
                self.world.history.note(["harness"], f"{self.name}: {error!r}")
            time.sleep(0.3)

    def sell(self, owner, tok, sold):
        event = self.world.current_event()
        row = self.rng.randint(1, event.rows)
        start = self.rng.randint(1, event.seats_per_row - 1)
        seats = [f"S{event.sections}-{row}-{start}", f"S{event.sections}-{row}-{start + 1}"]
        held = self.retried("clerk_hold", "POST", "/holds", {"event_id": event.id, "seats": seats},
                            tok, {"Idempotency-Key": uuid.uuid4().hex})
        if held.status != 201:
            return
        hold_id = held.json()["hold_id"]
        self.world.history.hold_acked(hold_id, owner, event.id, held.json()["seats"], 0)
        if self.rng.random() < 0.5:
            method, payment = "cash", {"method": "cash", "tendered_cents": 100000}
        else:
            method, payment = "card", {"method": "card_present", "reference": uuid.uuid4().hex[:12]}
        answer = self.retried("sale_" + method, "POST", "/orders",
                              {"hold_id": hold_id, "payment": payment}, tok,
                              {"Idempotency-Key": "s-" + hold_id})
        self.world.history.note([hold_id] + seats, f"{owner} sale {method} -> {result_of(answer)}")
        if answer.status in (200, 201) and answer.json().get("status") == "paid":
            order = answer.json()
            self.world.history.order_paid(order["order_id"], owner, order.get("amount_cents"),
                                          "box_office")
            self.world.history.note([order["order_id"]], f"sold at the counter {seats}")
            sold.append(order["order_id"])

    def exchange(self, owner, tok, order_id):
        """One valid seated ticket of the order to another seat of its event, paying the price
        difference in cash or by card, or taking it back in cash."""
        order = self.http.request("GET", f"/orders/{order_id}", None, tok)
        if order.status != 200 or order.json().get("status") != "paid":
            self.world.history.count("exchange", "not_paid" if order.status == 200
                                     else "read_" + result_of(order))
            return
        tickets = [t for t in order.json().get("tickets", [])
                   if t.get("status") == "valid" and t.get("seat_id")]
        if not tickets:
            self.world.history.count("exchange", "no_seated_ticket")
            return
        ticket = self.rng.choice(tickets)
        sections = self.world.current_event().sections
        section = self.rng.choice([1, sections])  # A (50.00) or B (30.00): a difference or not
        row = self.rng.randint(1, self.world.ROWS)
        seat = f"S{section}-{row}-{self.rng.randint(1, self.world.SEATS)}"
        if seat == ticket["seat_id"]:  # "the ticket is for that seat already" (400)
            seat = f"S{section}-{row % self.world.ROWS + 1}-{seat.rsplit('-', 1)[1]}"
        price = lambda seat_id: 5000 if seat_id.startswith("S1-") else 3000  # noqa: E731
        difference = price(seat) - price(ticket["seat_id"])
        body = {"ticket_id": ticket["ticket_id"], "seat_id": seat}
        if difference > 0 and self.rng.random() < 0.5:
            body["payment"] = {"method": "card_present", "reference": uuid.uuid4().hex[:12]}
        elif difference != 0:
            body["payment"] = {"method": "cash", "tendered_cents": max(difference, 0) + 1000}
        kind = "exchange_" + ("up" if difference > 0 else "down" if difference < 0 else "same")
        answer = self.retried(kind, "POST", f"/orders/{order_id}/exchange", body, tok,
                              {"Idempotency-Key": "x-" + uuid.uuid4().hex})
        self.world.history.note([order_id, ticket["seat_id"], seat],
                                f"{owner} exchange {ticket['ticket_id']} {ticket['seat_id']} -> "
                                f"{seat} ({difference:+d}) -> {result_of(answer)}")
        if answer.status != 200 and answer.status not in (404, 409, 422, 0, 503):
            self.world.history.note(["unexpected"], f"exchange {answer.status} {answer.body[:200]!r}")

    def refund(self, owner, tok, order_id):
        answer = self.retried("refund", "POST", f"/orders/{order_id}/refund", {}, tok,
                              {"Idempotency-Key": "r-" + order_id})
        self.world.history.note([order_id], f"{owner} refund -> {result_of(answer)}")
        if answer.status == 200 and answer.json().get("status") == "refunded":
            self.world.history.order_refunded(order_id)


class Subscriber(threading.Thread):
    """Keeps seat maps up to date from WebSocket pushes, across server deaths (resumes with
    `since`, falls back to a snapshot), so that its final maps can be compared with the database."""

    def __init__(self, world, index):
        super().__init__(name=f"ws-{index}", daemon=True)
        self.world = world
        self.index = index
        self.maps = {}      # event_id -> {seat_id: status}
        self.versions = {}  # event_id -> version
        self.lock = threading.Lock()
        self.next_id = 1
        self.pending = {}   # subscribe request id -> event_id
        self.stop_after_quiet = threading.Event()

    def run(self):
        import websocket  # python3-websocket
        tok = api.token(self.world.secret, f"watcher-{self.index}")
        url = self.world.url.replace("http://", "ws://") + "/ws?access_token=" + tok
        while not self.stop_after_quiet.is_set():
            try:
                ws = websocket.create_connection(url, timeout=5)
                ws.settimeout(1)
            except Exception as error:
                self.world.history.count("ws_connect", type(error).__name__)
                time.sleep(0.5)
                continue
            self.world.history.count("ws_connect", "ok")
            subscribed = set()
            try:
                while not self.stop_after_quiet.is_set():
                    for event_id in self.world.event_ids():
                        if event_id not in subscribed:
                            self.subscribe(ws, event_id)
                            subscribed.add(event_id)
                    try:
                        frame = ws.recv()
                    except websocket.WebSocketTimeoutException:
                        continue
                    if not frame:
                        break
                    resubscribe = self.apply(json.loads(frame))
                    if resubscribe:
                        self.subscribe(ws, resubscribe)
            except Exception as error:
                self.world.history.count("ws_lost", type(error).__name__)
            finally:
                try:
                    ws.close()
                except Exception:
                    pass
            time.sleep(0.2)

    def subscribe(self, ws, event_id):
        params = {"id": self.next_id, "op": "subscribe", "topic": "seatmap", "event_id": event_id}
        self.pending[self.next_id] = event_id
        self.next_id += 1
        with self.lock:
            if event_id in self.versions:
                params["since"] = self.versions[event_id]
        ws.send(json.dumps(params))

    def apply(self, message):
        kind = message.get("type")
        event_id = message.get("event_id")
        if kind == "seatmap.snapshot":
            with self.lock:
                self.maps[event_id] = {s["id"]: s["status"] for s in message.get("seats", [])}
                self.versions[event_id] = message["version"]
            self.world.history.count("ws_snapshot", "applied")
        elif kind == "seatmap.delta":
            with self.lock:
                known = self.versions.get(event_id)
                if known is None or message["version"] <= known:
                    return None
                if message["version"] != known + 1:
                    self.world.history.count("ws_delta", "gap_resubscribe")
                    return event_id
                seats = self.maps.setdefault(event_id, {})
                for change in message.get("changes", []):
                    if "status" in change and "id" in change:
                        seats[change["id"]] = change["status"]
                self.versions[event_id] = message["version"]
            self.world.history.count("ws_delta", "applied")
        elif "ok" in message:
            event_id = self.pending.pop(message.get("id"), None)
            if not message.get("ok"):
                # Refused (the database was failing over): not subscribed, so ask again.
                self.world.history.count("ws_subscribe", "refused_retry")
                time.sleep(0.3)
                return event_id
        return None

    def snapshot(self):
        with self.lock:
            return {e: dict(m) for e, m in self.maps.items()}, dict(self.versions)
