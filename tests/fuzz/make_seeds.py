#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpora of tests/fuzz/corpus/<target>/ (small, real-looking inputs).

Run from anywhere: python3 tests/fuzz/make_seeds.py. Seeds are committed; regression inputs
(crash-*, named after what they found) are added by hand next to them and never regenerated.
"""
import base64, hashlib, hmac, json, os, pathlib

here = pathlib.Path(__file__).resolve().parent
corpus = here / "corpus"
repo = here.parent.parent


def put(target, name, data):
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (d / name).write_bytes(data)


def compact(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


EVENT = "2f1c3a4e-6b1d-4c8e-9f0a-1b2c3d4e5f60"
HOLD = "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d"

# Request bodies.
put("fuzz_jsonbody", "hold-seats", compact({"event_id": EVENT, "seats": ["A-1", "A-2"]}))
put("fuzz_jsonbody", "hold-section", compact({"event_id": EVENT, "section": "stalls", "quantity": 4}))
put("fuzz_jsonbody", "hold-ga", compact({"event_id": EVENT, "ga": "floor", "quantity": 2}))
put("fuzz_jsonbody", "order-cash", compact({"hold_id": HOLD, "payment": {"method": "cash", "tendered_cents": 5000}}))
put("fuzz_jsonbody", "order-comp", compact({"hold_id": HOLD, "payment": {"method": "comp", "reason": "press"}}))
put("fuzz_jsonbody", "refund-partial", compact({"ticket_ids": ["b1c2d3e4-0000-4000-8000-000000000001"]}))
put("fuzz_jsonbody", "login", compact({"username": "fan1", "password": "correct horse"}))
put("fuzz_jsonbody", "event", json.dumps({
    "venue_id": "5b0c7d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e", "title": "Die Zauberflöte",
    "category": "opera", "starts_at": "2026-12-24T19:30:00Z", "on_sale_at": "2026-12-01T10:00:00Z",
    "artists": ["Mozart", {"name": "Ensemble"}], "prices": {"std": 4500, "vip": 9900},
    "currency": "EUR", "queue": {"enabled": True, "admit_per_minute": 100, "max_active": 500},
    "max_seats_per_user": 6, "max_holds_per_user": 2, "hold_seconds": 600}))
put("fuzz_jsonbody", "readers", compact({"n": -3, "big": 9007199254740993, "enabled": True,
                                         "seats": ["A-1"], "payment": {}, "method": "cash"}))

# Tokens: mode byte 0 (as sent), 1 (header\npayload, HS256 here), 2 (Ed25519 here).
SECRET = b"fuzz-hmac-secret-0123456789abcdef"
b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=")
claims = {"iss": "boxoffice", "aud": "boxoffice-api", "sub": "fan-17", "role": "fan",
          "typ": "access", "iat": 1799990000, "exp": 1800003600}
admission = {"iss": "boxoffice", "aud": ["boxoffice-api"], "sub": "fan-17", "typ": "admission",
             "event_id": EVENT, "exp": 1800000600, "nbf": 1799999000}
for name, payload in (("access", claims), ("admission", admission)):
    signed = b64(compact({"alg": "HS256", "typ": "JWT"}).encode()) + b"." + b64(compact(payload).encode())
    token = signed + b"." + b64(hmac.new(SECRET, signed, hashlib.sha256).digest())
    put("fuzz_jwt", "hs256-" + name, b"\x00" + token)
    put("fuzz_jwt", "bearer-" + name, b"\x00Bearer " + token)
    put("fuzz_jwt", "claims-" + name, b"\x01" + compact({"alg": "HS256"}).encode() + b"\n" + compact(payload).encode())
    put("fuzz_jwt", "eddsa-" + name, b"\x02" + compact({"alg": "EdDSA", "kid": "k1"}).encode() + b"\n" + compact(payload).encode())
put("fuzz_jwt", "alg-none", b"\x00" + b64(b'{"alg":"none"}') + b"." + b64(compact(claims).encode()) + b".")

# Raw HTTP requests (what the front takes, and what it leaves to Qt).
auth = "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln\r\n"
put("fuzz_rawfront", "queue-join", f"POST /events/{EVENT}/queue HTTP/1.1\r\nHost: shop.example\r\n{auth}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{{}}")
body = compact({"event_id": EVENT, "seats": ["A-1"]})
put("fuzz_rawfront", "hold", f"POST /holds HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n{auth}Idempotency-Key: k-1\r\nContent-Length: {len(body)}\r\nConnection: keep-alive\r\n\r\n{body}")
put("fuzz_rawfront", "seatmap", f"GET /events/{EVENT}/seatmap HTTP/1.1\r\nHost: h\r\nIf-None-Match: \"42\"\r\nAccept-Encoding: gzip\r\n\r\n")
put("fuzz_rawfront", "pipelined", "GET /healthz HTTP/1.1\r\nHost: h\r\n\r\nGET /healthz HTTP/1.1\r\nHost: h\r\n\r\n")
put("fuzz_rawfront", "chunked", "POST /holds HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
put("fuzz_rawfront", "query", f"GET /events/{EVENT}/seatmap?format=compact HTTP/1.1\r\nHost: h\r\n\r\n")

# WebSocket frames.
for name, frame in {
    "auth": {"id": 1, "op": "auth", "params": {"token": "eyJhbGciOiJIUzI1NiJ9.e30.c2ln"}},
    "subscribe": {"id": 2, "op": "subscribe", "params": {"topic": "seatmap", "event_id": EVENT, "since": 17}},
    "unsubscribe": {"id": "u", "op": "unsubscribe", "event_id": EVENT},
    "hold-create": {"id": 3, "op": "hold.create", "params": {"event_id": EVENT, "seats": ["A-1", "A-2"], "idempotency_key": "k-9", "admission_token": "a.b.c"}},
    "hold-section": {"id": 4, "op": "hold.create", "event_id": EVENT, "section": "stalls", "quantity": 2},
    "hold-release": {"id": 5, "op": "hold.release", "params": {"hold_id": HOLD}},
    "order-create": {"id": 6, "op": "order.create", "params": {"hold_id": HOLD, "idempotency_key": "o-1"}},
    "order-cash": {"id": 7, "op": "order.create", "params": {"hold_id": HOLD, "payment": {"method": "cash", "tendered_cents": 2000}}},
    "order-get": {"id": 8, "op": "order.get", "params": {"order_id": HOLD}},
    "queue-status": {"id": 9, "op": "queue.status", "params": {"event_id": EVENT, "queue_id": "q-1"}},
}.items():
    put("fuzz_wsframe", name, compact(frame))

# Webhooks: header, newline, body; t= is the target's fixed "now".
WHSEC = b"whsec_fuzz_0123456789"
NOW = 1800000000
for name, event in {
    "succeeded": {"id": "evt_1", "type": "payment.succeeded", "data": {"intent_id": "pi_1", "order_id": HOLD, "amount_cents": 9000, "currency": "EUR"}},
    "failed": {"id": "evt_2", "type": "payment.failed", "data": {"intent_id": "pi_2", "order_id": HOLD, "amount_cents": 100, "currency": "EUR"}},
    "refund": {"id": "evt_3", "type": "refund.succeeded", "data": {"intent_id": "pi_1", "order_id": HOLD, "amount_cents": 9000, "currency": "EUR", "refund_id": "re_1"}},
}.items():
    raw = compact(event).encode()
    mac = hmac.new(WHSEC, str(NOW).encode() + b"." + raw, hashlib.sha256).hexdigest().encode()
    put("fuzz_webhook", name, b"t=" + str(NOW).encode() + b",v1=" + mac + b"\n" + raw)
put("fuzz_webhook", "rotated", b"t=1800000000,v0=abc,v1=" + b"0" * 64 + b",v1=" + b"f" * 64 + b"\n{}")

# Venues: the small test venue, and a trimmed pretix plan.
put("fuzz_venuereader", "studio.venue.json", (repo / "tests/shared/core/data/venues/studio.venue.json").read_bytes())
put("fuzz_venuereader", "minimal.venue.json", compact({
    "format": "boxoffice-venue", "version": 1, "id": "v", "name": "V", "size": {"width": 100, "height": 100},
    "categories": [{"id": "c", "name": "C", "color": "#123456"}],
    "sections": [{"id": "s", "name": "S", "rows": [{"id": "A", "label": "A", "seats": [{"id": "A-1", "number": "1", "x": 10, "y": 10, "category": "c"}]}]}]}))
plan = json.loads((repo / "tests/shared/core/data/pretix/kleiner-saal.json").read_text())
for zone in plan["zones"]:
    zone["rows"] = [dict(row, seats=row["seats"][:2]) for row in zone.get("rows", [])[:2]]
put("fuzz_pretiximporter", "kleiner-saal-trimmed.json", compact(plan))
