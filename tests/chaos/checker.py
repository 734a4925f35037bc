# SPDX-License-Identifier: GPL-3.0-or-later
"""The checker: reads the final state (PostgreSQL, the sandbox's ledger, what the load was told,
the WebSocket maps) once the system is quiet, and lists every broken invariant."""

import collections
import json
import os
import random
import subprocess
import time

import psycopg2

import api


class Checker:
    def __init__(self, database_url, payment_url, url, manager_token, history, events,
                 subscribers):
        self.database_url = database_url
        self.payment = api.Client(payment_url)
        self.http = api.Client(url)
        self.manager = manager_token
        self.history = history
        self.events = events
        self.subscribers = subscribers
        self.checked = []      # (invariant, what was looked at)
        self.violations = []   # (invariant, detail, subjects)

    def sql(self, query, args=()):
        for attempt in range(30):  # the database may still be failing over
            try:
                with psycopg2.connect(self.database_url) as connection:
                    with connection.cursor() as cursor:
                        cursor.execute(query, args)
                        return cursor.fetchall()
            except psycopg2.OperationalError:
                time.sleep(1)
        raise RuntimeError("the database does not answer")

    def violation(self, invariant, detail, subjects=()):
        self.violations.append((invariant, detail, [str(s) for s in subjects if s]))

    # -- quiet ----------------------------------------------------------------------------
    def wait_quiet(self, timeout):
        """Until nothing is in flight: no pending order, compensation or live hold, every webhook
        settled. Returns the seconds it took (or None when it never got quiet)."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            busy = self.sql(
                "SELECT (SELECT count(*) FROM orders WHERE status = 'pending'),"
                " (SELECT count(*) FROM compensations WHERE status = 'pending'),"
                " (SELECT count(*) FROM holds WHERE status = 'active')")[0]
            events = self.payment.request("GET", "/control/events").json().get("events", [])
            in_flight = sum(1 for e in events if e.get("status") in ("pending", "held"))
            if sum(busy) == 0 and in_flight == 0:
                return round(time.monotonic() - started, 1)
            time.sleep(1)
        return None

    # -- invariants -----------------------------------------------------------------------
    def run(self):
        self.no_seat_sold_twice()
        self.ga_within_capacity()
        self.money_adds_up()
        self.nothing_left_pending()
        self.every_hold_ended()
        self.tickets_explained()
        self.acknowledged_writes_survived()
        self.maps_equal_database()
        self.books_agree()
        return self.violations

    def no_seat_sold_twice(self):
        rows = self.sql("SELECT event_id, seat_id, array_agg(order_id::text) FROM tickets"
                        " WHERE status = 'valid' AND seat_id IS NOT NULL GROUP BY 1, 2"
                        " HAVING count(*) > 1")
        for event_id, seat, orders in rows:
            self.violation("no seat with two valid tickets", f"{seat} of {event_id}: {orders}",
                           [seat, *orders])
        sold = self.sql(
            "SELECT i.event_id, i.seat_id, i.status, count(t.id) FROM inventory i"
            " LEFT JOIN tickets t ON t.event_id = i.event_id AND t.seat_id = i.seat_id"
            "  AND t.status = 'valid'"
            " GROUP BY 1, 2, 3 HAVING (i.status = 'sold') <> (count(t.id) = 1)")
        for event_id, seat, status, tickets in sold:
            self.violation("a sold seat has exactly one valid ticket",
                           f"{seat}: seat {status} with {tickets} valid tickets", [seat])
        total = self.sql("SELECT count(*) FROM tickets WHERE status = 'valid' AND seat_id IS NOT NULL")
        self.checked.append(("no seat with two valid tickets; sold seats = valid tickets",
                             f"{total[0][0]} valid seat tickets"))

    def ga_within_capacity(self):
        rows = self.sql(
            "SELECT z.event_id, z.ga_id, z.capacity, z.held, z.sold,"
            " (SELECT count(*) FROM tickets t WHERE t.event_id = z.event_id AND t.ga_id = z.ga_id"
            "  AND t.status = 'valid') FROM ga_zones z")
        for event_id, ga, capacity, held, sold, tickets in rows:
            if held + sold > capacity or tickets > capacity or tickets != sold:
                self.violation("GA never over capacity",
                               f"{ga} of {event_id}: capacity {capacity}, held {held}, sold {sold},"
                               f" valid tickets {tickets}", [ga])
        self.checked.append(("GA never over capacity; GA tickets = sold",
                             f"{len(rows)} zones, {sum(r[5] for r in rows)} GA tickets"))

    def exchange_differences(self):
        """order id -> the price differences its exchanges took (+) or gave back (-) at the
        counter, from the audit trail each exchange writes in its transaction."""
        out = collections.Counter()
        for order_id, cents in self.sql(
                "SELECT subject, (details->>'difference_cents')::bigint FROM audit"
                " WHERE action = 'exchange'"):
            out[order_id] += cents
        return out

    def money_adds_up(self):
        """Every charge the sandbox captured is one paid order, or refunded (to the cent); each
        order's books match its valid tickets; exchanges' differences are part of the sum."""
        events = self.payment.request("GET", "/control/events").json().get("events", [])
        captured = {}
        for event in events:
            body = event.get("body")
            body = json.loads(body) if isinstance(body, str) else (body or {})
            if body.get("type") == "payment.succeeded":
                captured[body["data"]["intent_id"]] = body["data"]["amount_cents"]
        refunded = {}
        for intent_id in captured:
            answer = self.payment.request("GET", f"/v1/payment_intents/{intent_id}",
                                          headers={"Authorization": "Bearer " + self.api_key})
            refunded[intent_id] = answer.json().get("amount_refunded_cents", 0)
        differences = self.exchange_differences()
        rows = self.sql(
            "SELECT a.intent_id, o.id::text, o.status, o.amount_cents, o.refunded_cents"
            " FROM payment_attempts a JOIN orders o ON o.id = a.order_id"
            " WHERE a.intent_id IS NOT NULL")
        by_intent = collections.defaultdict(list)
        for intent_id, order_id, status, amount, order_refunded in rows:
            by_intent[intent_id].append((order_id, status, amount, order_refunded))
        kept_cents = refund_cents = counter_refund_cents = difference_cents = 0
        for intent_id, amount in captured.items():
            orders = by_intent.get(intent_id, [])
            back = refunded[intent_id]
            refund_cents += back
            paid = [o for o in orders if o[1] in ("paid", "refunded")]
            if len(orders) != 1:
                self.violation("every captured charge matched", f"{intent_id} ({amount} cents)"
                               f" belongs to {len(orders)} orders", [intent_id])
                continue
            order_id, status, order_amount, order_refunded = orders[0]
            if paid:
                # The order's amount is the charge plus what its exchanges took or gave back at
                # the counter; refunds go to the card first, never more than it was charged,
                # and what the card cannot take back is paid at the counter.
                difference = differences.get(order_id, 0)
                difference_cents += difference
                kept_cents += amount - back
                counter_refund_cents += order_refunded - back
                if order_amount - difference != amount or back != min(order_refunded, amount):
                    self.violation("every captured charge matched",
                                   f"{intent_id}: captured {amount}, refunded {back}; order"
                                   f" {order_id} ({status}) of {order_amount} (exchanges"
                                   f" {difference:+d}, refunded {order_refunded})", [order_id])
            elif back != amount:
                self.violation("every captured charge matched",
                               f"{intent_id}: captured {amount}, refunded {back}, order {order_id}"
                               f" is {status}", [order_id])
        online_paid = self.sql(
            "SELECT o.id::text, o.amount_cents, array_agg(a.intent_id) FROM orders o"
            " JOIN payment_attempts a ON a.order_id = o.id AND a.method = 'card'"
            " WHERE o.status IN ('paid', 'refunded') AND o.channel = 'online' GROUP BY 1, 2")
        for order_id, amount, intents in online_paid:
            if not any(i in captured for i in intents):
                self.violation("every paid order was paid", f"order {order_id} ({amount} cents)"
                               f" has no captured charge (intents {intents})", [order_id])
        total = sum(captured.values())
        if total != kept_cents + refund_cents:
            self.violation("charges = ticket money + refunds",
                           f"captured {total} != kept {kept_cents} + refunded {refund_cents}")
        self.checked.append(("every captured charge = one paid order or refunded, to the cent;"
                             " online orders' amounts = charge + exchange differences",
                             f"{len(captured)} charges, {total} cents = {kept_cents} kept +"
                             f" {refund_cents} refunded to cards; exchanges of online orders"
                             f" {difference_cents:+d} at the counter, refunds at the counter"
                             f" {counter_refund_cents}"))
        self.books_match_tickets(differences)

    def books_match_tickets(self, differences):
        """charges = ticket money + refunds, order by order: what an order took (its amount,
        exchanges' differences included) less what it gave back is the price of its valid
        tickets, to the cent."""
        rows = self.sql(
            "SELECT o.id::text, o.channel, o.amount_cents, o.refunded_cents,"
            " coalesce(sum(coalesce(ps.price_cents, pg.price_cents, 0))"
            "  FILTER (WHERE t.status = 'valid'), 0)"
            " FROM orders o LEFT JOIN tickets t ON t.order_id = o.id"
            " LEFT JOIN inventory i ON i.event_id = t.event_id AND i.seat_id = t.seat_id"
            " LEFT JOIN price_categories ps ON ps.event_id = i.event_id"
            "  AND ps.category_id = i.category"
            " LEFT JOIN ga_zones g ON g.event_id = t.event_id AND g.ga_id = t.ga_id"
            " LEFT JOIN price_categories pg ON pg.event_id = g.event_id"
            "  AND pg.category_id = g.category"
            " WHERE o.status IN ('paid', 'refunded') GROUP BY 1, 2, 3, 4")
        taken = given = tickets = 0
        for order_id, channel, amount, order_refunded, ticket_money in rows:
            taken += amount
            given += order_refunded
            tickets += ticket_money
            if amount - order_refunded != ticket_money:
                self.violation("charges = ticket money + refunds",
                               f"{channel} order {order_id}: took {amount} (exchanges"
                               f" {differences.get(order_id, 0):+d}), gave back {order_refunded},"
                               f" valid tickets worth {ticket_money}", [order_id])
        self.checked.append(("charges = ticket money + refunds, per paid or refunded order",
                             f"{len(rows)} orders: {taken} cents taken = {tickets} in valid"
                             f" tickets + {given} refunded; {len(differences)} orders exchanged,"
                             f" {sum(differences.values()):+d} cents of differences"))

    def nothing_left_pending(self):
        for (order_id,) in self.sql("SELECT id::text FROM orders WHERE status = 'pending'"):
            self.violation("no order stuck pending", order_id, [order_id])
        for (intent_id,) in self.sql("SELECT intent_id FROM compensations WHERE status = 'pending'"):
            self.violation("no compensation stuck pending", intent_id, [intent_id])
        count = self.sql("SELECT count(*) FROM orders")[0][0]
        self.checked.append(("no order or refund stuck pending", f"{count} orders"))

    def every_hold_ended(self):
        rows = self.sql("SELECT status, count(*) FROM holds GROUP BY 1")
        counts = dict(rows)
        for (hold_id,) in self.sql("SELECT id::text FROM holds WHERE status NOT IN"
                                   " ('expired', 'released', 'ordered') LIMIT 20"):
            self.violation("every hold expired, released or ordered", hold_id, [hold_id])
        self.checked.append(("every hold expired, released or ordered",
                             ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))))

    def tickets_explained(self):
        """A valid ticket is for a seat its order's hold held, or replaces (replaced_by) a ticket
        of the same order that is, each move of seat an exchange in the audit trail."""
        rows = self.sql(
            "SELECT t.id::text, t.event_id::text, t.seat_id, t.ga_id, o.id::text, o.status,"
            " h.id::text, h.seats, h.ga_id FROM tickets t JOIN orders o ON o.id = t.order_id"
            " JOIN holds h ON h.id = o.hold_id WHERE t.status = 'valid'")
        replaced = {new: (old, seat, order_id) for old, seat, order_id, new in self.sql(
            "SELECT id::text, seat_id, order_id::text, replaced_by::text FROM tickets"
            " WHERE replaced_by IS NOT NULL")}
        exchanges = {(old, new) for old, new in self.sql(
            "SELECT details->>'old_ticket_id', details->>'new_ticket_id' FROM audit"
            " WHERE action = 'exchange'")}
        moved = []
        for ticket, event_id, seat, ga, order_id, status, hold_id, seats, hold_ga in rows:
            problem = None
            if status != "paid" or (ga and ga != hold_ga):
                problem = "not paid, or not its hold's zone"
            current, current_seat, steps = ticket, seat, 0
            while seat and not problem and current_seat not in seats:
                previous = replaced.get(current)
                steps += 1
                if previous is None or previous[2] != order_id or steps > 100:
                    problem = f"{current_seat} is not in its hold and replaces no ticket of it"
                elif previous[1] != current_seat and (previous[0], current) not in exchanges:
                    problem = f"moved {previous[1]} -> {current_seat} without an exchange"
                else:
                    current, current_seat = previous[0], previous[1]
            if problem:
                self.violation("every valid ticket explained", f"ticket {ticket} ({seat or ga})"
                               f" of order {order_id} ({status}), hold {hold_id} {seats}:"
                               f" {problem}", [seat, order_id, hold_id])
            elif seat and steps:
                moved.append((ticket, event_id, seat, order_id))
        seated = [r for r in rows if r[2] and r[2] in r[7]]
        sample = random.Random(7).sample(seated, min(25, len(seated)))
        for ticket, event_id, seat, _, order_id, _, hold_id, _, _ in sample:
            answer = self.http.request("GET", f"/events/{event_id}/seats/{seat}/history", None,
                                       self.manager)
            if answer.status != 200 or order_id not in answer.body.decode() \
                    or hold_id not in answer.body.decode():
                self.violation("every valid ticket explained by its seat history",
                               f"{seat}: history {answer.status} lacks order {order_id} or hold"
                               f" {hold_id} ({answer.body[:200]!r})", [seat, order_id])
        moved_sample = random.Random(8).sample(moved, min(15, len(moved)))
        for ticket, event_id, seat, order_id in moved_sample:
            answer = self.http.request("GET", f"/events/{event_id}/seats/{seat}/history", None,
                                       self.manager)
            text = answer.body.decode()
            if answer.status != 200 or order_id not in text or "exchanged" not in text:
                self.violation("every valid ticket explained by its seat history",
                               f"{seat} (exchanged to): history {answer.status} lacks order"
                               f" {order_id} or its exchange", [seat, order_id])
        self.checked.append(("every valid ticket explained (order paid, seat in its hold or"
                             " reached by exchanges from one; seat history API names them)",
                             f"{len(rows)} tickets ({len(moved)} exchanged), {len(sample)} +"
                             f" {len(moved_sample)} histories read"))

    def acknowledged_writes_survived(self):
        acked = dict(self.history.acked_holds)
        found = {}
        ids = list(acked)
        for start in range(0, len(ids), 5000):
            for hold_id, owner, event_id, seats, quantity in self.sql(
                    "SELECT id::text, owner, event_id::text, seats, ga_quantity FROM holds"
                    " WHERE id = ANY(%s::uuid[])", (ids[start:start + 5000],)):
                found[hold_id] = (owner, event_id, tuple(seats), quantity)
        for hold_id, (owner, event_id, seats, quantity) in acked.items():
            row = found.get(hold_id)
            if row is None:
                self.violation("every acknowledged 201 hold survived", f"hold {hold_id} is gone",
                               [hold_id, *seats])
            elif row[0] != owner or sorted(row[2]) != sorted(seats) or row[3] != quantity:
                self.violation("every acknowledged 201 hold survived",
                               f"hold {hold_id} is {row}, was acknowledged as"
                               f" {(owner, event_id, seats, quantity)}", [hold_id])
        paid = dict(self.history.paid_orders)
        statuses = dict(self.sql("SELECT id::text, status FROM orders WHERE id = ANY(%s::uuid[])",
                                 (list(paid),))) if paid else {}
        for order_id in paid:
            status = statuses.get(order_id)
            if status not in ("paid", "refunded"):
                self.violation("every paid order survived", f"order {order_id} is now {status}",
                               [order_id])
        self.checked.append(("every acknowledged 201 hold and paid order survived the failovers",
                             f"{len(acked)} holds, {len(paid)} paid orders"))

    def maps_equal_database(self):
        versions = {}
        for event_id in self.events:
            answer = self.http.request("GET", f"/events/{event_id}/seatmap", None, self.manager)
            versions[event_id] = answer.json().get("version")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            behind = [s for s in self.subscribers for e, v in versions.items()
                      if s.snapshot()[1].get(e, -1) < (v or 0)]
            if not behind:
                break
            time.sleep(0.5)
        database = collections.defaultdict(dict)
        for event_id, seat, status in self.sql(
                "SELECT event_id::text, seat_id, status FROM inventory WHERE event_id = ANY(%s::uuid[])",
                (list(self.events),)):
            database[event_id][seat] = status
        compared = 0
        for subscriber in self.subscribers:
            maps, seen = subscriber.snapshot()
            for event_id in self.events:
                theirs = maps.get(event_id)
                if theirs is None:
                    self.violation("WebSocket maps equal the database",
                                   f"{subscriber.name} has no map of {event_id}")
                    continue
                wrong = [(s, theirs.get(s), st) for s, st in database[event_id].items()
                         if theirs.get(s) != st]
                compared += len(database[event_id])
                if wrong:
                    self.violation("WebSocket maps equal the database",
                                   f"{subscriber.name}, event {event_id} at version"
                                   f" {seen.get(event_id)} (server {versions[event_id]}):"
                                   f" {len(wrong)} seats differ, e.g. {wrong[:5]}",
                                   [w[0] for w in wrong[:3]])
        self.checked.append(("WebSocket subscribers' final maps equal the database",
                             f"{len(self.subscribers)} subscribers, {compared} seat states"))


    def books_agree(self):
        """`boxoffice-server reconcile --event ID` (issue 30) for every event: tickets, seats,
        orders, payments and the transaction log agree; each difference it lists is one
        violation. Exit 2 (it could not check) is one too."""
        server = os.path.join(self.build_dir, "server", "boxoffice-server")
        checks = differences = 0
        for event_id in self.events:
            for attempt in range(10):  # the database may still be failing over
                done = subprocess.run([server, "reconcile", "--event", str(event_id),
                                       "--database-url", self.database_url],
                                      capture_output=True, text=True, timeout=300)
                if done.returncode in (0, 1):
                    break
                time.sleep(1)
            lines = done.stdout.splitlines()
            if done.returncode == 2 or not lines:
                self.violation("the reconciler finds no difference",
                               f"{event_id}: cannot check: {done.stderr.strip()}", [event_id])
                continue
            checks += 1
            for line in lines[1:]:
                differences += 1
                rule, _, rest = line.strip().partition(" ")
                subject = rest.partition(":")[0]
                self.violation("the reconciler finds no difference",
                               f"{event_id}: {line.strip()}", [event_id, subject])
            if done.returncode == 1 and len(lines) == 1:
                self.violation("the reconciler finds no difference", lines[0], [event_id])
        self.checked.append(("the reconciler finds no difference (boxoffice-server reconcile)",
                             f"{checks} events, {differences} differences"))


def prove(make_checker, database_url, history):
    """The checker can fail: breaks the final state in six ways (committed: the cluster is
    thrown away after the run) and returns, per corruption, whether a fresh checker caught it."""
    paid = next(iter(history.paid_orders), None)
    acked = next(iter(history.acked_holds), None)
    corruptions = [
        ("a sold seat made available again", "a sold seat has exactly one valid ticket",
         "UPDATE inventory SET status = 'available' WHERE (event_id, seat_id) IN (SELECT event_id,"
         " seat_id FROM tickets WHERE status = 'valid' AND seat_id IS NOT NULL LIMIT 1)", ()),
        ("a paid order set back to pending", "no order stuck pending",
         "UPDATE orders SET status = 'pending' WHERE id = %s::uuid", (paid,)),
        ("an acknowledged hold's seats changed", "every acknowledged 201 hold survived",
         "UPDATE holds SET seats = array_append(seats, 'S9-9-9') WHERE id = %s::uuid", (acked,)),
        ("a GA ticket voided behind the zone's back", "GA never over capacity",
         "UPDATE tickets SET status = 'void' WHERE id = (SELECT id FROM tickets WHERE ga_id IS NOT"
         " NULL AND status = 'valid' LIMIT 1)", ()),
        ("an exchange's audit row deleted (a ticket moved without one)",
         "every valid ticket explained",
         "DELETE FROM audit WHERE id = (SELECT a.id FROM audit a JOIN tickets t"
         " ON t.id = (a.details->>'new_ticket_id')::uuid AND t.status = 'valid'"
         " WHERE a.action = 'exchange' AND a.details->>'from_seat' <> a.details->>'to_seat'"
         " LIMIT 1)", ()),
        ("a cent refunded that no ticket explains", "charges = ticket money + refunds",
         # a counter order if there is one, else an online one: a short run may end without
         # a paid counter order left (all refunded), and a corruption must change a row
         "UPDATE orders SET refunded_cents = refunded_cents + 1 WHERE id = (SELECT o.id FROM"
         " orders o WHERE o.status = 'paid' ORDER BY o.channel = 'online' LIMIT 1)", ()),
        ("a sale logged twice (a log row no order explains)", "the reconciler finds no difference",
         "INSERT INTO transaction_log (kind, event_id, order_id, channel, actor, method,"
         " amount_cents, face_cents) SELECT 'sale', event_id, id, channel, 'planted',"
         " payment_method, amount_cents, amount_cents FROM orders WHERE id = %s::uuid",
         (paid,)),
    ]
    results = []
    for what, invariant, statement, args in corruptions:
        with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
            cursor.execute(statement, args)
            changed = cursor.rowcount
        check = make_checker()
        check.run()
        caught = any(v[0] == invariant for v in check.violations)
        results.append((what, changed, caught))
    return results
