// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "journal.h"

#include <QJsonObject>
#include <QObject>

#include <functional>

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

/// Records sales: the journal row goes to disk first (in flight), then POST /orders, then the
/// journal row is completed together with the cash movement; only then the caller hears "done".
/// After a crash, resolve() settles rows left in flight with the server.
class SaleRecorder : public QObject
{
    Q_OBJECT
public:
    SaleRecorder(client::SalesClient *client, Journal *journal, QObject *parent = nullptr);

    /// `order` is the server's Order (empty on failure, with `error`).
    using Done = std::function<void(const QJsonObject &order, const QString &error)>;

    /// Sells the hold `holdId` with `payment`; `context` (event, lines) is kept in the journal.
    void sell(const QString &holdId,
              const QJsonObject &payment,
              qint64 amountCents,
              const QJsonObject &context,
              Done done);
    /// Journals a cash movement that is not a sale (float, refund paid out, count).
    void recordCash(const QString &what, qint64 cents, const QJsonObject &details);
    /// Journals a refund the server confirmed: cash paid out of the drawer for cash sales, a
    /// `refund` row (no drawer movement) for card and comp orders.
    void recordRefund(const QJsonObject &order, qint64 cents);
    /// Journals an exchange the server confirmed: its price difference in cash goes into (or
    /// out of) the drawer; card differences are `exchange` rows.
    void recordExchange(const QJsonObject &order, const QJsonObject &payment);
    /// Journals a print run of `tickets` tickets of an order (a receipt or tickets, in `file`).
    void recordPrint(const QString &orderId, qint64 totalCents, int tickets, const QString &file);

    /// How one in-flight row was settled.
    struct Resolution
    {
        JournalEntry entry;
        QString outcome; ///< "completed" (the server has the paid order) or "not_completed"
        QJsonObject order;
    };
    /// Settles every in-flight sale with the server (GET /orders/{id}, or the hold's status and
    /// an idempotent replay when the order id never came back).
    void resolve(std::function<void(QList<Resolution>)> done);
    /// What became of an interrupted sale, for the clerk (one line).
    static QString describe(const Resolution &resolution);
    /// The problem `code` of the last sale the server refused ("" after a success).
    QString lastErrorCode() const { return m_lastErrorCode; }

private:
    void resolveOne(const JournalEntry &entry, std::function<void(Resolution)> done);
    void finish(const JournalEntry &entry, const QJsonObject &order, Done done);
    static QString failureText(const client::ApiResult &result);

    client::SalesClient *m_client;
    Journal *m_journal;
    QString m_lastErrorCode;
};

} // namespace boxoffice::app
