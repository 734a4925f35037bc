// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wire types as the server writes them (API.md, every optional member present), for the
// protocol's own test and the server's agreement with it.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace wiresamples {

inline QJsonObject parse(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}

inline const char *const kHold = R"({"hold_id":"1b7c2a66-0e44-4d6f-9d8c-3f1a2b3c4d5e","event_id":"e1",
    "seats":["A-1-3","A-1-4"],"ga":{"id":"PISTA","quantity":2},
    "expires_at":"2026-05-01T19:30:00.250Z","status":"active","allocation":"press"})";
inline const char *const kTicket = R"({"ticket_id":"t1","event_id":"e1","seat_id":"A-1-3","ga_id":null,
    "code":"cGF5bG9hZA.c2ln","status":"valid","price_cents":3000,"transferred":true})";
inline const char *const kOrder = R"({"order_id":"o1","hold_id":"h1","event_id":"e1","status":"paid",
    "amount_cents":6350,"refunded_cents":0,"currency":"EUR",
    "payment":{"provider":"sandbox","intent_id":"pi_1","client_secret":null,"status":"succeeded",
               "method":"card","page_url":"http://127.0.0.1:8081/pay/pi_1"},
    "tickets":[{"ticket_id":"t1","event_id":"e1","seat_id":"A-1-3","ga_id":null,"code":"c1",
                "status":"valid","price_cents":3000},
               {"ticket_id":"t2","event_id":"e1","seat_id":null,"ga_id":"PISTA","code":"c2",
                "status":"void","price_cents":3000}],
    "channel":"box_office","created_at":"2026-04-01T10:00:00.123Z","change_cents":150,
    "lines":[{"kind":"ticket","place":"A-1-3","type":"child","type_name":"Child",
              "net_cents":2479,"tax_cents":521,"total_cents":3000,"discount_cents":500},
             {"kind":"order_fee","net_cents":289,"tax_cents":61,"total_cents":350}],
    "fee_cents":350,"tax_cents":1103,"refunded_tax_cents":0})";
inline const char *const kEvent = R"({"id":"e1","version":3,"title":"Carmen","category":"opera",
    "starts_at":"2026-05-01T19:30:00Z","on_sale_at":"2026-03-01T09:00:00Z","off_sale_at":null,
    "doors_at":"2026-05-01T18:30:00Z","sale_state":"on_sale","paused":false,
    "transfers":{"enabled":true,"until_minutes_before":60},
    "waiting_list":{"enabled":false,"offer_minutes":30},"cancelled_at":null,"cancel_reason":null,
    "time_zone":"Europe/Madrid",
    "venue":{"id":"teatro","name":"Teatro Real","city":"Madrid","lat":40.4184,"lng":-3.7109,
             "time_zone":"Europe/Madrid"},
    "artists":[{"id":"a1","name":"Bizet"}],"sale_conditions":"No refunds","min_price_cents":3000,
    "currency":"EUR","availability":"few","queue_enabled":true,
    "queue":{"enabled":true,"admit_per_minute":100,"max_active":1000},
    "categories":[{"id":"stalls","name":"Stalls","color":"#c62828","price_cents":3000}],
    "limits":{"max_seats_per_user":6,"max_holds_per_user":2,"hold_seconds":600}})";

/// `json` with the member at `path` ("tickets[1].seat_id") replaced by `value`, or removed when
/// `value` is undefined.
inline QJsonObject with(QJsonObject json, const QString &path, const QJsonValue &value)
{
    const qsizetype dot = path.indexOf(u'.');
    const QString head = dot < 0 ? path : path.left(dot);
    const qsizetype bracket = head.indexOf(u'[');
    const QString key = bracket < 0 ? head : head.left(bracket);
    if (dot < 0 && bracket < 0) {
        if (value.isUndefined())
            json.remove(key);
        else
            json.insert(key, value);
        return json;
    }
    if (bracket < 0) {
        json.insert(key, with(json.value(key).toObject(), path.mid(dot + 1), value));
        return json;
    }
    const int index = head.mid(bracket + 1).chopped(1).toInt();
    QJsonArray items = json.value(key).toArray();
    items[index] = dot < 0 ? value
                           : QJsonValue(with(items[index].toObject(), path.mid(dot + 1), value));
    json.insert(key, items);
    return json;
}

} // namespace wiresamples
