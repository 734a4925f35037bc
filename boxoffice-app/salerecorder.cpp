// SPDX-License-Identifier: GPL-3.0-or-later
#include "salerecorder.h"

#include <client/salesclient.h>

#include <QJsonArray>
#include <QUuid>

#include <memory>

namespace boxoffice::app {

SaleRecorder::SaleRecorder(client::SalesClient *client, Journal *journal, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_journal(journal)
{}

void SaleRecorder::sell(const QString &holdId,
                        const QJsonObject &payment,
                        qint64 amountCents,
                        const QJsonObject &context,
                        Done done)
{
    JournalEntry entry;
    entry.kind = QStringLiteral("sale");
    entry.state = QStringLiteral("in_flight");
    entry.idempotencyKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    entry.holdId = holdId;
    entry.amountCents = amountCents;
    entry.payload = QJsonObject{{QStringLiteral("payment"), payment},
                                {QStringLiteral("context"), context}};
    m_journal->append(entry, [this, entry, payment, done](qint64 id) mutable {
        if (id == 0) {
            done({}, tr("The local journal cannot be written; the sale was not started."));
            return;
        }
        entry.id = id;
        m_client->createOrder({{QStringLiteral("hold_id"), entry.holdId},
                               {QStringLiteral("payment"), payment}},
                              entry.idempotencyKey,
                              [this, entry, done](const client::ApiResult &result) {
                                  m_lastErrorCode = result.ok() ? QString() : result.code();
                                  if (result.ok()) {
                                      finish(entry, result.body, done);
                                      return;
                                  }
                                  if (result.status == 0) {
                                      // Unknown outcome: stays in flight, resolved later.
                                      done({},
                                           tr("No answer from the server. The sale stays in the "
                                              "journal and is checked when the server is back."));
                                      return;
                                  }
                                  QJsonObject payload = entry.payload;
                                  payload.insert(QStringLiteral("error"), result.body);
                                  m_journal->update(entry.id,
                                                    QStringLiteral("failed"),
                                                    {},
                                                    payload,
                                                    [done, message = failureText(result)](bool) {
                                                        done({}, message);
                                                    });
                              });
    });
}

QString SaleRecorder::failureText(const client::ApiResult &result)
{
    // A refusal by role says so plainly (e.g. a comp sold by a clerk without the manager role).
    if (result.status == 403)
        return tr("Not allowed for your role: %1").arg(result.error);
    return result.error;
}

void SaleRecorder::finish(const JournalEntry &entry, const QJsonObject &order, Done done)
{
    QJsonObject payload = entry.payload;
    payload.insert(QStringLiteral("order"), order);
    const QString orderId = order.value(u"order_id").toString();
    const QJsonObject payment = entry.payload.value(u"payment").toObject();
    qint64 cashCents = -1;
    if (payment.value(u"method").toString() == u"cash")
        cashCents = order.value(u"amount_cents").toInteger(entry.amountCents);
    for (const QJsonValue &part : payment.value(u"parts").toArray()) { // split: its cash part
        if (part.toObject().value(u"method").toString() == u"cash")
            cashCents = part.toObject().value(u"amount_cents").toInteger();
    }
    if (cashCents >= 0) {
        // Cash into the drawer: what the customer handed over minus the change given back.
        JournalEntry cash;
        cash.kind = QStringLiteral("cash");
        cash.state = QStringLiteral("done");
        cash.orderId = orderId;
        cash.amountCents = cashCents;
        cash.payload = {{QStringLiteral("what"), QStringLiteral("sale")},
                        {QStringLiteral("tendered_cents"), payment.value(u"tendered_cents")},
                        {QStringLiteral("change_cents"), order.value(u"change_cents")}};
        m_journal->append(cash);
    }
    m_journal->update(entry.id, QStringLiteral("done"), orderId, payload, [done, order](bool ok) {
        done(order, ok ? QString() : tr("Sold, but the journal could not be updated."));
    });
}

void SaleRecorder::recordCash(const QString &what, qint64 cents, const QJsonObject &details)
{
    JournalEntry cash;
    cash.kind = QStringLiteral("cash");
    cash.state = QStringLiteral("done");
    cash.amountCents = cents;
    QJsonObject payload = details;
    payload.insert(QStringLiteral("what"), what);
    cash.payload = payload;
    m_journal->append(cash);
}

void SaleRecorder::recordRefund(const QJsonObject &order, qint64 cents)
{
    const QString method = order.value(u"payment").toObject().value(u"method").toString();
    const QJsonObject details{{QStringLiteral("order_id"), order.value(u"order_id")},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("order_status"), order.value(u"status")},
                              {QStringLiteral("refunded_cents"), order.value(u"refunded_cents")}};
    if (method == u"cash") {
        recordCash(QStringLiteral("refund"), cents, details);
        return;
    }
    JournalEntry entry;
    entry.kind = QStringLiteral("refund");
    entry.state = QStringLiteral("done");
    entry.orderId = order.value(u"order_id").toString();
    entry.amountCents = cents;
    entry.payload = details;
    m_journal->append(entry);
}

void SaleRecorder::resolve(std::function<void(QList<Resolution>)> done)
{
    m_journal->inFlight([this, done](const QList<JournalEntry> &entries) {
        auto results = std::make_shared<QList<Resolution>>();
        auto left = std::make_shared<int>(int(entries.size()));
        if (entries.isEmpty()) {
            done({});
            return;
        }
        for (const JournalEntry &entry : entries)
            resolveOne(entry, [results, left, done](const Resolution &r) {
                results->append(r);
                if (--*left == 0)
                    done(*results);
            });
    });
}

void SaleRecorder::resolveOne(const JournalEntry &entry, std::function<void(Resolution)> done)
{
    auto settle = [this, entry, done](const QJsonObject &order) {
        Resolution r{entry, QString(), order};
        const QString status = order.value(u"status").toString();
        r.outcome = status == u"paid" ? QStringLiteral("completed")
                                      : QStringLiteral("not_completed");
        QJsonObject payload = entry.payload;
        payload.insert(QStringLiteral("order"), order);
        payload.insert(QStringLiteral("resolved"), r.outcome);
        m_journal->update(entry.id,
                          r.outcome == u"completed" ? QStringLiteral("done")
                                                    : QStringLiteral("failed"),
                          order.value(u"order_id").toString(),
                          payload,
                          [done, r](bool) { done(r); });
    };
    if (!entry.orderId.isEmpty()) {
        m_client->getOrder(entry.orderId, [settle, done, entry](const client::ApiResult &result) {
            if (result.status == 0)
                done({entry, QStringLiteral("unknown"), {}});
            else
                settle(result.ok() ? result.body : QJsonObject());
        });
        return;
    }
    // The order id never came back: ask the hold. Only when the server says it was ordered do we
    // replay the same request (same idempotency key) to get that order back; otherwise the sale
    // did not happen and nothing is sold now (no selling after the fact).
    m_client->call("GET",
                   u"/holds/" + entry.holdId,
                   {},
                   {},
                   [this, entry, settle, done](const client::ApiResult &hold) {
                       if (hold.status == 0) {
                           done({entry, QStringLiteral("unknown"), {}});
                           return;
                       }
                       if (hold.body.value(u"status").toString() != u"ordered") {
                           settle({});
                           return;
                       }
                       m_client->createOrder({{QStringLiteral("hold_id"), entry.holdId},
                                              {QStringLiteral("payment"),
                                               entry.payload.value(u"payment")}},
                                             entry.idempotencyKey,
                                             [settle](const client::ApiResult &r) {
                                                 settle(r.ok() ? r.body : QJsonObject());
                                             });
                   });
}

void SaleRecorder::recordExchange(const QJsonObject &order, const QJsonObject &payment)
{
    const QJsonObject exchange = order.value(u"exchange").toObject();
    const qint64 difference = exchange.value(u"difference_cents").toInteger();
    const QJsonObject details{{QStringLiteral("order_id"), order.value(u"order_id")},
                              {QStringLiteral("old_ticket_id"), exchange.value(u"old_ticket_id")},
                              {QStringLiteral("payment"), payment}};
    if (difference != 0 && payment.value(u"method").toString() == u"cash") {
        recordCash(difference > 0 ? QStringLiteral("sale") : QStringLiteral("refund"),
                   std::abs(difference),
                   details);
        return;
    }
    JournalEntry entry;
    entry.kind = QStringLiteral("exchange");
    entry.state = QStringLiteral("done");
    entry.orderId = order.value(u"order_id").toString();
    entry.amountCents = difference;
    entry.payload = details;
    m_journal->append(entry);
}

void SaleRecorder::recordPrint(const QString &orderId,
                               qint64 totalCents,
                               int tickets,
                               const QString &file)
{
    JournalEntry entry;
    entry.kind = QStringLiteral("receipt");
    entry.state = QStringLiteral("done");
    entry.orderId = orderId;
    entry.amountCents = totalCents;
    entry.payload = {{QStringLiteral("file"), file}, {QStringLiteral("tickets"), tickets}};
    m_journal->append(entry);
}

QString SaleRecorder::describe(const Resolution &r)
{
    const QString what
        = r.entry.payload.value(u"context").toObject().value(u"event_title").toString();
    if (r.outcome == u"completed")
        return tr("Sale of %1 (%2): COMPLETED on the server, order %3.")
            .arg(what, r.entry.createdAt, r.order.value(u"order_id").toString());
    if (r.outcome == u"not_completed")
        return tr("Sale of %1 (%2): NOT completed; no tickets were issued. Return any money "
                  "taken.")
            .arg(what, r.entry.createdAt);
    return tr("Sale of %1 (%2): server unreachable, will check again.").arg(what, r.entry.createdAt);
}

} // namespace boxoffice::app
