// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandboxfixture.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <pqxx/pqxx>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTcpServer>
#include <QTest>
#include <QThread>

#include <memory>

namespace boxoffice::test {

/// A real payment-sandbox and a real boxoffice-server wired to each other: the server creates
/// intents at the sandbox, the sandbox delivers signed webhooks to the server.
class Checkout
{
public:
    /// Short windows so the tests stay fast; `serverArgs` are appended, `serverEnv` added.
    bool start(const QStringList &serverArgs = {},
               const QStringList &sandboxArgs = {},
               const QHash<QString, QString> &serverEnv = {})
    {
        // The sandbox starts first, on a port it picks (a probed port could be taken by a test
        // running alongside before the sandbox binds it), so the server can be told where it
        // is; the sandbox learns the server's webhook URL once the server listens.
        sandbox = std::make_unique<SandboxProcess>();
        if (!sandbox->start(QUrl(QStringLiteral("http://127.0.0.1:1/payments/webhook")),
                            m_stateFile,
                            sandboxArgs))
            return false;
        m_sandboxPort = quint16(sandbox->baseUrl().port());
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        if (url.empty())
            return false;
        QHash<QString, QString> env{
            {QStringLiteral("BOXOFFICE_PAYMENT_URL"),
             QStringLiteral("http://127.0.0.1:%1").arg(m_sandboxPort)},
            {QStringLiteral("BOXOFFICE_PAYMENT_API_KEY"),
             QString::fromLatin1(SandboxProcess::kApiKey)},
            {QStringLiteral("BOXOFFICE_PAYMENT_WEBHOOK_SECRET"),
             QString::fromLatin1(SandboxProcess::kSecret)},
        };
        env.insert(serverEnv);
        server = std::make_unique<ServerProcess>(url,
                                                 QStringList{QStringLiteral(
                                                                 "--payment-window-seconds"),
                                                             QStringLiteral("3"),
                                                             QStringLiteral("--payment-timeout-ms"),
                                                             QStringLiteral("3000"),
                                                             QStringLiteral(
                                                                 "--reconcile-interval-ms"),
                                                             QStringLiteral("200"),
                                                             QStringLiteral(
                                                                 "--reconcile-after-seconds"),
                                                             QStringLiteral("1"),
                                                             QStringLiteral("--sweep-interval-ms"),
                                                             QStringLiteral("500")}
                                                     + serverArgs,
                                                 env);
        if (!server->isRunning())
            return false;
        return sandbox
                   ->post(QStringLiteral("/control/webhook_url"),
                          {{QStringLiteral("url"), webhookUrl().toString()}})
                   .status
               == 200;
    }

    /// The sandbox again (after stop() or a crash), on the port the server was told.
    bool startSandbox(const QStringList &sandboxArgs = {})
    {
        sandbox = std::make_unique<SandboxProcess>();
        return sandbox->start(webhookUrl(),
                              m_stateFile,
                              QStringList{QStringLiteral("--listen"),
                                          QStringLiteral("127.0.0.1:%1").arg(m_sandboxPort)}
                                  + sandboxArgs);
    }
    void setStateFile(const QString &path) { m_stateFile = path; }
    QUrl webhookUrl() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1/payments/webhook").arg(server->port()));
    }

    HttpClient client() const { return server->client(); }

    /// Creates a venue (one section of rows x seats, GA capacity) and an event; returns its id.
    QString createEvent(const QString &venueId,
                        int rows,
                        int seats,
                        int ga,
                        int holdSeconds,
                        int maxSeats = 10,
                        int maxHolds = 3)
    {
        const QByteArray manager = testToken(QStringLiteral("manager"), QStringLiteral("manager"));
        return SeededEvent::create(client(),
                                   manager,
                                   venueId,
                                   EventShape::seatsAndGa(rows, seats, ga)
                                       .holding(holdSeconds, maxSeats, maxHolds))
            .eventId;
    }

    QString hold(const QString &eventId, const QStringList &seats, const QByteArray &token)
    {
        const auto response = client().post("/holds",
                                            QJsonObject{{QStringLiteral("event_id"), eventId},
                                                        {QStringLiteral("seats"),
                                                         QJsonArray::fromStringList(seats)}},
                                            token);
        return response.status == 201 ? response.json().value(u"hold_id").toString() : QString();
    }

    HttpResponse order(const QString &holdId, const QByteArray &token, const QByteArray &key = {})
    {
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!key.isEmpty())
            headers.append({"Idempotency-Key", key});
        return client().post("/orders",
                             QJsonObject{{QStringLiteral("hold_id"), holdId}},
                             token,
                             headers);
    }

    /// What a card form does: confirm the intent with a test card.
    SandboxReply confirm(const QString &intentId, const QString &card)
    {
        return sandbox->post(QStringLiteral("/v1/payment_intents/%1/confirm").arg(intentId),
                             QJsonObject{{QStringLiteral("card_number"), card}});
    }

    /// An online purchase paid with the sandbox's test card: the order once paid (or as it
    /// last was).
    QJsonObject buy(const QString &eventId, const QStringList &seats, const QByteArray &token)
    {
        const QJsonObject started = order(hold(eventId, seats, token), token).json();
        confirm(started.value(u"payment").toObject().value(u"intent_id").toString(),
                QStringLiteral("4242424242424242"));
        return waitOrder(started.value(u"order_id").toString(), token, QStringLiteral("paid"));
    }

    /// Polls GET /orders/{id} until its status is `status` (or time runs out); the last body.
    QJsonObject waitOrder(const QString &orderId,
                          const QByteArray &token,
                          const QString &status,
                          int timeoutMs = 8000)
    {
        QElapsedTimer timer;
        timer.start();
        QJsonObject last;
        while (timer.elapsed() < timeoutMs) {
            last = client().get("/orders/" + orderId.toLatin1(), token).json();
            if (last.value(u"status").toString() == status)
                return last;
            QTest::qWait(50);
        }
        return last;
    }

    /// One number from the server's database.
    qint64 scalar(const std::string &sql)
    {
        pqxx::connection connection{server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto field = work.exec1(sql)[0];
        return field.is_null() ? 0 : field.as<qint64>();
    }

    std::unique_ptr<ServerProcess> server;
    std::unique_ptr<SandboxProcess> sandbox;

private:
    quint16 m_sandboxPort = 0;
    QString m_stateFile;
};

/// Violations of the one rule and of paid-order integrity; empty when all hold.
inline QString saleViolations(const std::string &url)
{
    pqxx::connection connection{url};
    pqxx::nontransaction work{connection};
    QString out;
    auto check = [&](const char *what, const char *sql) {
        const int count = work.exec1(sql)[0].as<int>();
        if (count != 0)
            out += QStringLiteral("%1: %2; ").arg(QString::fromLatin1(what)).arg(count);
    };
    check("seats with two valid tickets",
          "SELECT count(*) FROM (SELECT event_id, seat_id FROM tickets WHERE status = 'valid'"
          " AND seat_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) x");
    check("paid orders without tickets",
          "SELECT count(*) FROM orders o WHERE status = 'paid' AND NOT EXISTS"
          " (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND t.status = 'valid')");
    check("valid tickets of unpaid orders",
          "SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id"
          " WHERE t.status = 'valid' AND o.status <> 'paid'");
    check("valid tickets whose seat is not sold",
          "SELECT count(*) FROM tickets t JOIN inventory i ON i.event_id = t.event_id"
          " AND i.seat_id = t.seat_id WHERE t.status = 'valid' AND i.status <> 'sold'");
    check("sold seats without a valid ticket",
          "SELECT count(*) FROM inventory i WHERE status = 'sold' AND NOT EXISTS"
          " (SELECT 1 FROM tickets t WHERE t.event_id = i.event_id AND t.seat_id = i.seat_id"
          " AND t.status = 'valid')");
    // Seats of valid tickets only: a partial refund frees some seats of a paid order.
    check("paid orders whose seats belong to another hold",
          "SELECT count(*) FROM orders o JOIN tickets t ON t.order_id = o.id"
          " AND t.status = 'valid' AND t.seat_id IS NOT NULL JOIN inventory i"
          " ON i.event_id = o.event_id AND i.seat_id = t.seat_id"
          " WHERE o.status = 'paid' AND (i.status <> 'sold' OR i.hold_id <> o.hold_id)");
    check("orders refunding more than they cost",
          "SELECT count(*) FROM orders WHERE refunded_cents > amount_cents");
    return out;
}

} // namespace boxoffice::test
