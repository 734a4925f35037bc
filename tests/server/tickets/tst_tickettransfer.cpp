// SPDX-License-Identifier: GPL-3.0-or-later
#include "backoffice.h"
#include "checkoutfixture.h"
#include "mailboxfixture.h"
#include "ticketfixture.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QUuid>

#include <thread>

// Ticket transfer (issue 29 item 2) over a real server, sandbox, PostgreSQL and SMTP server: the
// offer is mailed, the recipient accepts, the ticket has a new code and the old one is void at
// the door, both are told by mail in their language; every refusal writes nothing; an
// acceptance racing a scan of the old code ends with exactly one of the two; a database cut
// mid-acceptance leaves no half-done transfer.
using namespace boxoffice::test;

class TicketTransferTest : public QObject
{
    Q_OBJECT

    Mailbox m_mailbox;
    Checkout m_checkout;
    TicketDesk m_desk{m_checkout};
    QString m_event;
    int m_fans = 0;
    int m_row = 0;

    struct Fan
    {
        QString email;
        QByteArray token;
    };

    HttpClient client() const { return m_checkout.client(); }

    Fan signUp(const QString &locale = QStringLiteral("en"))
    {
        const QString email = QStringLiteral("fan-%1@example.org").arg(++m_fans);
        const auto answer = client().post("/auth/register",
                                          QJsonObject{{QStringLiteral("email"), email},
                                                      {QStringLiteral("password"),
                                                       QStringLiteral("correct horse battery")},
                                                      {QStringLiteral("name"),
                                                       QStringLiteral("Fan %1").arg(m_fans)},
                                                      {QStringLiteral("locale"), locale}});
        return {email, answer.json().value(u"access_token").toString().toLatin1()};
    }
    // `count` seats of the next row, bought online and paid: the order.
    QJsonObject buy(const Fan &fan, int count)
    {
        QStringList seats;
        ++m_row;
        for (int n = 1; n <= count; ++n)
            seats.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return m_checkout.buy(m_event, seats, fan.token);
    }
    HttpResponse offer(const QString &ticketId, const QString &email, const QByteArray &token)
    {
        return client().post("/tickets/" + ticketId.toLatin1() + "/transfer",
                             QJsonObject{{QStringLiteral("email"), email}},
                             token);
    }
    HttpResponse accept(const QString &linkToken, const QByteArray &token)
    {
        return client().post("/transfers/accept",
                             QJsonObject{{QStringLiteral("token"), linkToken}},
                             token);
    }
    // The link tokens of the offers mailed to `email` (its other mails, the verification, left
    // out), oldest first, once there are `count` (or time runs out).
    QStringList offerTokens(const QString &email, int count)
    {
        static const QRegularExpression link(
            QStringLiteral("/account/transfer#token=([A-Za-z0-9_-]+)"));
        QStringList out;
        QElapsedTimer timer;
        timer.start();
        do {
            out.clear();
            for (const QJsonObject &mail : m_mailbox.waitFor(email, 1)) {
                const auto match = link.match(mail.value(u"text").toString());
                if (match.hasMatch())
                    out.append(match.captured(1));
            }
            if (out.size() >= count)
                break;
            QTest::qWait(100);
        } while (timer.elapsed() < 30000);
        return out;
    }
    // The first mail to `email` whose subject starts with `subject` (waits for it).
    QJsonObject mailTo(const QString &email, const QString &subject)
    {
        QElapsedTimer timer;
        timer.start();
        do {
            for (const QJsonObject &mail : m_mailbox.waitFor(email, 1)) {
                if (mail.value(u"subject").toString().startsWith(subject))
                    return mail;
            }
            QTest::qWait(100);
        } while (timer.elapsed() < 15000);
        return {};
    }
    qint64 scalar(const std::string &sql) { return m_checkout.scalar(sql); }
    static void refused(const HttpResponse &answer, int status, const char *code)
    {
        QVERIFY2(answer.status == status && answer.code() == QLatin1String(code),
                 answer.body.constData());
        QVERIFY(answer.header("content-type").startsWith("application/problem+json"));
    }
    // Rows a refusal must not write.
    qint64 written()
    {
        return scalar("SELECT (SELECT count(*) FROM ticket_transfers) * 1000000"
                      " + (SELECT count(*) FROM transfer_mails) * 1000"
                      " + (SELECT count(*) FROM ticket_revocations)");
    }
    // A half-done transfer of any kind; empty when there is none.
    QString transferViolations()
    {
        QString out;
        auto check = [&](const char *what, const char *sql) {
            const qint64 n = scalar(sql);
            if (n != 0)
                out += QStringLiteral("%1: %2; ").arg(QString::fromLatin1(what)).arg(n);
        };
        check("accepted but not handed over",
              "SELECT count(*) FROM ticket_transfers tr JOIN tickets t ON t.id = tr.ticket_id"
              " WHERE tr.status = 'accepted' AND (t.holder IS DISTINCT FROM tr.accepted_by"
              " OR t.version <> tr.from_version + 1)");
        // (A ticket that replaced a passed-on one in an exchange keeps its holder.)
        check("handed over without an acceptance",
              "SELECT count(*) FROM tickets t WHERE t.holder IS NOT NULL AND NOT EXISTS"
              " (SELECT 1 FROM ticket_transfers tr WHERE tr.ticket_id = t.id"
              " AND tr.status = 'accepted') AND NOT EXISTS (SELECT 1 FROM tickets o"
              " WHERE o.replaced_by = t.id AND o.holder = t.holder)");
        check("accepted without both mails",
              "SELECT count(*) FROM ticket_transfers tr WHERE tr.status = 'accepted' AND"
              " (SELECT count(*) FROM transfer_mails m WHERE m.transfer_id = tr.id"
              " AND m.kind IN ('sent', 'received')) <> 2");
        check("new code without the old one revoked",
              "SELECT count(*) FROM ticket_transfers tr WHERE tr.status = 'accepted' AND NOT"
              " EXISTS (SELECT 1 FROM ticket_revocations r WHERE r.ticket_id = tr.ticket_id"
              " AND r.version = tr.from_version)");
        // An admission before the acceptance was of the old code (one after it, of the new).
        check("transferred and admitted with the old code",
              "SELECT count(*) FROM ticket_transfers tr WHERE tr.status = 'accepted' AND EXISTS"
              " (SELECT 1 FROM ticket_scans s WHERE s.ticket_id = tr.ticket_id AND s.result ="
              " 'valid' AND s.direction = 'in' AND s.received_at <= tr.decided_at)");
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_mailbox.start());
        QVERIFY(m_checkout.start({},
                                 {},
                                 {{QStringLiteral("BOXOFFICE_SMTP_URL"), m_mailbox.url()},
                                  {QStringLiteral("BOXOFFICE_MAIL_FROM"),
                                   QStringLiteral("Box Office <tickets@boxoffice.test>")},
                                  {QStringLiteral("BOXOFFICE_PUBLIC_URL"),
                                   QStringLiteral("https://shop.boxoffice.test")},
                                  {QStringLiteral("BOXOFFICE_MAIL_POLL_MS"), QStringLiteral("100")},
                                  {QStringLiteral("BOXOFFICE_LOGIN_IP_PER_MINUTE"),
                                   QStringLiteral("0")},
                                  {QStringLiteral("BOXOFFICE_LOGIN_ACCOUNT_PER_MINUTE"),
                                   QStringLiteral("0")}}));
        m_event = m_checkout.createEvent(QStringLiteral("transfer"), 40, 10, 0, 60, 10, 10);
        QVERIFY(!m_event.isEmpty());
    }

    void transferHappyPath()
    {
        const Fan ana = signUp();
        const Fan bea = signUp(QStringLiteral("es"));
        const QJsonObject order = buy(ana, 1);
        QCOMPARE(order.value(u"status").toString(), QStringLiteral("paid"));
        const QJsonObject ticket = order.value(u"tickets").toArray().first().toObject();
        const QString ticketId = ticket.value(u"ticket_id").toString();
        const QString oldCode = ticket.value(u"code").toString();

        const auto offered = offer(ticketId, bea.email.toUpper(), ana.token);
        QCOMPARE(offered.status, 202);
        QCOMPARE(offered.json().value(u"status").toString(), QStringLiteral("pending"));
        const QJsonArray pending
            = client().get("/me/transfers", ana.token).json().value(u"offered").toArray();
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending.first()[u"ticket_id"].toString(), ticketId);

        // The offer, in the recipient's language (she has an account in Spanish).
        const QStringList tokens = offerTokens(bea.email, 1);
        QCOMPARE(tokens.size(), 1);
        const QJsonObject offerMail = mailTo(bea.email, QStringLiteral("Te espera una entrada"));
        QCOMPARE(offerMail.value(u"language").toString(), QStringLiteral("es"));
        QVERIFY2(offerMail.value(u"subject").toString().startsWith(u"Te espera una entrada"),
                 qPrintable(offerMail.value(u"subject").toString()));
        QVERIFY(offerMail.value(u"html").toString().contains(
            u"href=\"https://shop.boxoffice.test/account/transfer#token="));
        QVERIFY(offerMail.value(u"text").toString().contains(u"Fan "));

        const auto looked = client().post("/transfers/lookup",
                                          QJsonObject{{QStringLiteral("token"), tokens.first()}});
        QCOMPARE(looked.status, 200);
        QCOMPARE(looked.json().value(u"ticket_id").toString(), ticketId);

        const auto accepted = accept(tokens.first(), bea.token);
        QCOMPARE(accepted.status, 200);
        const QString newCode = accepted.json().value(u"code").toString();
        QVERIFY(!newCode.isEmpty() && newCode != oldCode);

        // Both told: the old holder in English, the new one in Spanish with the new code.
        const QJsonObject sent = mailTo(ana.email, QStringLiteral("Your ticket for"));
        QVERIFY2(sent.value(u"subject").toString().endsWith(u"was passed on"),
                 qPrintable(sent.value(u"subject").toString()));
        QCOMPARE(sent.value(u"language").toString(), QStringLiteral("en"));
        QVERIFY(sent.value(u"html").toString().contains(u"<html"));
        QVERIFY(sent.value(u"text").toString().contains(bea.email.section(u'@', 0, 0))
                || sent.value(u"text").toString().contains(u"Fan "));
        const QJsonObject receivedMail = mailTo(bea.email, QStringLiteral("Tu entrada para"));
        QCOMPARE(receivedMail.value(u"language").toString(), QStringLiteral("es"));
        QVERIFY(receivedMail.value(u"text").toString().contains(newCode));
        QVERIFY(receivedMail.value(u"html").toString().contains(newCode.toHtmlEscaped()));
        QVERIFY(!sent.value(u"text").toString().contains(newCode)); // the code is hers alone

        // The door: the old code is void, the new one lets her in.
        QCOMPARE(m_desk.result(oldCode, m_event), QStringLiteral("void"));
        QCOMPARE(m_desk.result(newCode, m_event), QStringLiteral("valid"));
        // Ana's order no longer shows the code; Bea's list does.
        const QJsonObject anaTicket = client()
                                          .get("/orders/" + order[u"order_id"].toString().toLatin1(),
                                               ana.token)
                                          .json()[u"tickets"]
                                          .toArray()
                                          .first()
                                          .toObject();
        QCOMPARE(anaTicket.value(u"transferred").toBool(), true);
        QCOMPARE(anaTicket.value(u"code").toString(), QString());
        const QJsonArray received
            = client().get("/me/transfers", bea.token).json().value(u"received").toArray();
        QCOMPARE(received.size(), 1);
        QCOMPARE(received.first()[u"code"].toString(), newCode);
        // The link worked once.
        const auto again = accept(tokens.first(), bea.token);
        QCOMPARE(again.status, 410);
        QCOMPARE(again.code(), QStringLiteral("link_used"));
        QCOMPARE(transferViolations(), QString());
    }

    void anExchangedTicketStaysItsHolders()
    {
        // Passed on, then exchanged at the counter for another seat: the new ticket is the
        // recipient's, not the buyer's again.
        const Fan ana = signUp();
        const Fan bea = signUp();
        const QJsonObject order = buy(ana, 1);
        const QString orderId = order.value(u"order_id").toString();
        const QString ticketId = order[u"tickets"].toArray().first()[u"ticket_id"].toString();
        QCOMPARE(offer(ticketId, bea.email, ana.token).status, 202);
        const QStringList tokens = offerTokens(bea.email, 1);
        QCOMPARE(tokens.size(), 1);
        QCOMPARE(accept(tokens.first(), bea.token).status, 200);
        const QByteArray clerk = testToken(QStringLiteral("transfer-clerk"),
                                           QStringLiteral("clerk"));
        const auto exchanged = client().post("/orders/" + orderId.toLatin1() + "/exchange",
                                             QJsonObject{{QStringLiteral("ticket_id"), ticketId},
                                                         {QStringLiteral("seat_id"),
                                                          QStringLiteral("S1-40-10")}},
                                             clerk);
        QVERIFY2(exchanged.status == 200, exchanged.body.constData());
        const std::string order_ = orderId.toStdString();
        QCOMPARE(scalar("SELECT count(*) FROM tickets t WHERE t.order_id = '" + order_
                        + "' AND t.status = 'valid' AND t.seat_id = 'S1-40-10' AND t.holder ="
                          " (SELECT accepted_by FROM ticket_transfers WHERE ticket_id = '"
                        + ticketId.toStdString() + "' AND status = 'accepted')"),
                 1);
        const QJsonArray received
            = client().get("/me/transfers", bea.token).json().value(u"received").toArray();
        bool hasNewSeat = false;
        for (const QJsonValue &ticket : received)
            hasNewSeat = hasNewSeat || ticket[u"seat_id"].toString() == u"S1-40-10";
        QVERIFY(hasNewSeat);
        // The buyer's order still hides the new ticket's code.
        const QJsonArray anaTickets
            = client().get("/orders/" + orderId.toLatin1(), ana.token).json()[u"tickets"].toArray();
        for (const QJsonValue &ticket : anaTickets)
            QCOMPARE(ticket[u"code"].toString(), QString());
        QCOMPARE(transferViolations(), QString());
    }

    void onlyTheInvitedAddressAccepts()
    {
        const Fan ana = signUp();
        const Fan bea = signUp();
        const Fan cara = signUp();
        const QJsonObject order = buy(ana, 1);
        const QString id = order[u"tickets"][0][u"ticket_id"].toString();
        // Typed in another case: the address is the same.
        QCOMPARE(offer(id, bea.email.toUpper(), ana.token).status, 202);
        const QString token = offerTokens(bea.email, 1).value(0);
        QVERIFY(!token.isEmpty());
        const auto looked = client().post("/transfers/lookup", QJsonObject{{u"token"_qs, token}});
        QCOMPARE(looked.status, 200);
        QCOMPARE(looked.json()[u"to"].toString(), bea.email.toUpper());
        // The link forwarded to Cara: she cannot take it, and nothing is written.
        const qint64 before = written();
        refused(accept(token, cara.token), 403, "transfer_wrong_recipient");
        QCOMPARE(written(), before);
        QCOMPARE(scalar("SELECT count(*) FROM ticket_transfers WHERE status = 'pending' AND"
                        " ticket_id = '"
                        + id.toStdString() + "'"),
                 1);
        QCOMPARE(accept(token, bea.token).status, 200);
        QCOMPARE(transferViolations(), QString());
    }

    void offersAreWithdrawnWhenTheTicketStopsBeingValid()
    {
        const QByteArray clerk = testToken(QStringLiteral("withdraw-clerk"),
                                           QStringLiteral("clerk"));
        const Fan ana = signUp();
        const Fan bea = signUp();
        // Offers a ticket of a new order to Bea: the ticket, its order and the link.
        struct Offered
        {
            QString ticket, order, token, code;
        };
        int mailed = 0;
        auto offered = [&](const QString &event = {}) {
            const QJsonObject order = event.isEmpty() ? buy(ana, 1)
                                                      : m_checkout.buy(event,
                                                                       {QStringLiteral("S1-1-1")},
                                                                       ana.token);
            const QString ticket = order[u"tickets"][0][u"ticket_id"].toString();
            if (offer(ticket, bea.email, ana.token).status != 202)
                return Offered{};
            ++mailed;
            const QString token = offerTokens(bea.email, mailed).value(mailed - 1);
            return Offered{ticket,
                           order[u"order_id"].toString(),
                           token,
                           order[u"tickets"][0][u"code"].toString()};
        };
        auto withdrawn = [&](const Offered &o,
                             const char *how,
                             int status = 410,
                             const char *code = "transfer_withdrawn") {
            QVERIFY2(!o.token.isEmpty(), how);
            QCOMPARE(scalar("SELECT count(*) FROM ticket_transfers WHERE status = 'withdrawn'"
                            " AND decided_at IS NOT NULL AND ticket_id = '"
                            + o.ticket.toStdString() + "'"),
                     1);
            refused(client().post("/transfers/lookup", QJsonObject{{u"token"_qs, o.token}}),
                    410,
                    "transfer_withdrawn");
            const qint64 before = written();
            refused(accept(o.token, bea.token), status, code);
            QCOMPARE(written(), before);
        };

        const Offered refunded = offered();
        QCOMPARE(client().post("/orders/" + refunded.order.toLatin1() + "/refund", {}, clerk).status,
                 200);
        withdrawn(refunded, "refund");

        const Offered reissued = offered();
        QCOMPARE(client()
                     .post("/tickets/" + reissued.ticket.toLatin1() + "/reissue", {}, clerk)
                     .status,
                 201);
        withdrawn(reissued, "reissue");

        const Offered exchanged = offered();
        const auto moved = client().post("/orders/" + exchanged.order.toLatin1() + "/exchange",
                                         QJsonObject{{u"ticket_id"_qs, exchanged.ticket},
                                                     {u"seat_id"_qs, u"S1-39-10"_qs}},
                                         clerk);
        QVERIFY2(moved.status == 200, moved.body.constData());
        withdrawn(exchanged, "exchange");

        const Offered scanned = offered();
        QCOMPARE(m_desk.result(scanned.code, m_event), QStringLiteral("valid"));
        withdrawn(scanned, "used at the door", 409, "ticket_used"); // the reason said as is

        // The event cancelled (an event of its own: the others go on).
        const QString doomed
            = m_checkout.createEvent(QStringLiteral("transfer-doomed"), 4, 10, 0, 60, 10, 10);
        const Offered cancelled = offered(doomed);
        const QByteArray manager = testToken(QStringLiteral("withdraw-manager"),
                                             QStringLiteral("manager"));
        QCOMPARE(sendWithIfMatch(client(),
                                 "POST",
                                 eventPath(doomed, "/cancel"),
                                 QJsonObject{{u"reason"_qs, u"Storm"_qs}},
                                 manager,
                                 eventTag(client(), doomed))
                     .status,
                 200);
        withdrawn(cancelled, "event cancelled");

        // A rule the database keeps: no pending offer of a ticket that is not valid.
        QCOMPARE(scalar("SELECT count(*) FROM ticket_transfers tr JOIN tickets t ON"
                        " t.id = tr.ticket_id WHERE tr.status = 'pending'"
                        " AND (t.status <> 'valid' OR t.used_at IS NOT NULL)"),
                 0);
        QCOMPARE(transferViolations(), QString());
    }

    void refusalsWriteNothing()
    {
        const Fan ana = signUp();
        const Fan bea = signUp();
        const QJsonArray tickets = buy(ana, 3).value(u"tickets").toArray();
        QCOMPARE(tickets.size(), 3);
        const QString id = tickets[0][u"ticket_id"].toString();
        const QByteArray manager = testToken(QStringLiteral("manager"), QStringLiteral("manager"));
        auto refused = [&](const HttpResponse &answer, int status, const char *code) {
            QVERIFY2(answer.status == status && answer.code() == QLatin1String(code),
                     answer.body.constData());
            QVERIFY(answer.header("content-type").startsWith("application/problem+json"));
        };
        const qint64 before = written();
        refused(offer(QUuid::createUuid().toString(QUuid::WithoutBraces), bea.email, ana.token),
                404,
                "not_found");
        refused(offer(QStringLiteral("not-a-ticket"), bea.email, ana.token), 404, "not_found");
        refused(offer(id, ana.email, bea.token), 403, "not_ticket_holder");
        refused(offer(id, ana.email, ana.token), 422, "transfer_to_self");
        refused(offer(id, QStringLiteral("nobody"), ana.token), 422, "invalid_field");
        refused(client().post("/tickets/" + id.toLatin1() + "/transfer", {}, ana.token),
                400,
                "bad_request");
        refused(offer(id, bea.email, {}), 401, "unauthenticated");
        refused(accept(QStringLiteral("no-such-link"), bea.token), 400, "link_invalid");
        refused(client().del("/tickets/" + id.toLatin1() + "/transfer", ana.token),
                404,
                "not_found");

        // The organiser's switches.
        QCOMPARE(patchEvent(client(),
                            m_event,
                            {{QStringLiteral("transfers"),
                              QJsonObject{{QStringLiteral("enabled"), false}}}},
                            manager,
                            eventTag(client(), m_event))
                     .status,
                 200);
        const qint64 afterPatch = written();
        refused(offer(id, bea.email, ana.token), 409, "transfers_off");
        const auto late = patchEvent(client(),
                                     m_event,
                                     {{QStringLiteral("transfers"),
                                       QJsonObject{{QStringLiteral("enabled"), true},
                                                   {QStringLiteral("until_minutes_before"), 120}}}},
                                     manager,
                                     eventTag(client(), m_event));
        QCOMPARE(late.status, 200);
        QCOMPARE(late.json()[u"transfers"][u"until_minutes_before"].toInt(), 120);
        QCOMPARE(late.json()[u"transfers"][u"enabled"].toBool(), true);
        // The show is an hour away now: two hours before it has passed.
        const std::string startsAt = "'" + m_event.toStdString() + "'";
        m_checkout.scalar("UPDATE events SET starts_at = now() + interval '1 hour' WHERE id = "
                          + startsAt + " RETURNING 1");
        refused(offer(id, bea.email, ana.token), 409, "transfer_too_late");
        m_checkout.scalar("UPDATE events SET starts_at = now() + interval '90 days' WHERE id = "
                          + startsAt + " RETURNING 1");
        QCOMPARE(written(), afterPatch);
        QCOMPARE(patchEvent(client(),
                            m_event,
                            {{QStringLiteral("transfers"),
                              QJsonObject{{QStringLiteral("until_minutes_before"), 0}}}},
                            manager,
                            eventTag(client(), m_event))
                     .status,
                 200);
        QCOMPARE(afterPatch, before);

        // A used ticket.
        QCOMPARE(m_desk.result(tickets[1][u"code"].toString(), m_event), QStringLiteral("valid"));
        const qint64 beforeUsed = written();
        refused(offer(tickets[1][u"ticket_id"].toString(), bea.email, ana.token),
                409,
                "ticket_used");
        QCOMPARE(written(), beforeUsed);

        // Offered, then the link is cancelled, or expires, or is accepted by its sender.
        QCOMPARE(offer(id, bea.email, ana.token).status, 202);
        const QString cancelledToken = offerTokens(bea.email, 1).value(0);
        QCOMPARE(client().del("/tickets/" + id.toLatin1() + "/transfer", ana.token).status, 204);
        refused(accept(cancelledToken, bea.token), 410, "link_expired");
        QCOMPARE(offer(id, bea.email, ana.token).status, 202);
        const QString token = offerTokens(bea.email, 2).value(1);
        QVERIFY(!token.isEmpty());
        refused(accept(token, ana.token), 422, "transfer_to_self");
        m_checkout.scalar("UPDATE ticket_transfers SET expires_at = now() - interval '1 second'"
                          " WHERE status = 'pending' AND ticket_id = '"
                          + id.toStdString() + "' RETURNING 1");
        const qint64 beforeExpired = written();
        refused(accept(token, bea.token), 410, "link_expired");
        QCOMPARE(written(), beforeExpired);
        QCOMPARE(scalar("SELECT count(*) FROM tickets WHERE holder IS NOT NULL AND id = '"
                        + id.toStdString() + "'"),
                 0);

        // A refunded order's tickets.
        const QJsonObject refundedOrder = buy(ana, 1);
        const QByteArray clerk = testToken(QStringLiteral("refund-clerk"), QStringLiteral("clerk"));
        QCOMPARE(client()
                     .post("/orders/" + refundedOrder[u"order_id"].toString().toLatin1() + "/refund",
                           {},
                           clerk)
                     .status,
                 200);
        const qint64 beforeRefunded = written();
        refused(offer(refundedOrder[u"tickets"][0][u"ticket_id"].toString(), bea.email, ana.token),
                409,
                "order_not_paid");
        QCOMPARE(written(), beforeRefunded);
        QCOMPARE(transferViolations(), QString());
    }

    void acceptRacingOldCodeScan()
    {
        const Fan bea = signUp();
        QJsonArray tickets;
        for (int i = 0; i < 4; ++i) {
            const Fan seller = signUp(); // a fan's seat limit is 10
            for (const QJsonValue &t : buy(seller, 8).value(u"tickets").toArray()) {
                QCOMPARE(offer(t[u"ticket_id"].toString(), bea.email, seller.token).status, 202);
                tickets.append(t);
            }
        }
        QCOMPARE(tickets.size(), 32);
        const QStringList tokens = offerTokens(bea.email, 32);
        QCOMPARE(tokens.size(), 32);
        // Each round: the acceptance and a door scan of the old code, at once.
        int transfers = 0, entries = 0;
        for (int i = 0; i < tickets.size(); ++i) {
            const QString oldCode = tickets[i][u"code"].toString();
            QList<HttpRequest>
                requests{HttpClient::request("POST",
                                             "/transfers/accept",
                                             QJsonDocument(QJsonObject{{QStringLiteral("token"),
                                                                        tokens.at(i)}})
                                                 .toJson(QJsonDocument::Compact),
                                             bea.token),
                         HttpClient::request("POST",
                                             "/tickets/scan",
                                             QJsonDocument(TicketDesk::scanBody(oldCode, m_event))
                                                 .toJson(QJsonDocument::Compact),
                                             TicketDesk::door())};
            if (i % 2)
                std::swap(requests[0], requests[1]);
            const auto answers = client().concurrently(requests, 30000, true);
            const HttpResponse &acceptance = answers.at(i % 2 ? 1 : 0);
            const HttpResponse &scan = answers.at(i % 2 ? 0 : 1);
            const bool transferred = acceptance.status == 200;
            const bool entered = scan.json().value(u"result").toString() == u"valid";
            QVERIFY2(transferred != entered,
                     qPrintable(QStringLiteral("round %1: accept %2 %3, scan %4")
                                    .arg(i)
                                    .arg(acceptance.status)
                                    .arg(QString::fromUtf8(acceptance.body),
                                         QString::fromUtf8(scan.body))));
            if (transferred) {
                ++transfers;
                QCOMPARE(scan.json().value(u"result").toString(), QStringLiteral("void"));
            } else {
                ++entries;
                QCOMPARE(acceptance.code(), QStringLiteral("ticket_used"));
            }
        }
        qInfo("transfers %d, entries with the old code %d", transfers, entries);
        QCOMPARE(transferViolations(), QString());
    }

    void databaseCutMidAcceptLeavesNothingHalfDone()
    {
        const Fan bea = signUp();
        QJsonArray tickets;
        for (int i = 0; i < 3; ++i) {
            const Fan seller = signUp(); // a fan's seat limit is 10
            for (const QJsonValue &t : buy(seller, 8).value(u"tickets").toArray()) {
                QCOMPARE(offer(t[u"ticket_id"].toString(), bea.email, seller.token).status, 202);
                tickets.append(t);
            }
        }
        QCOMPARE(tickets.size(), 24);
        const QStringList tokens = offerTokens(bea.email, 24);
        QCOMPARE(tokens.size(), 24);
        QList<HttpRequest> requests;
        for (const QString &token : tokens)
            requests.append(
                HttpClient::request("POST",
                                    "/transfers/accept",
                                    QJsonDocument(QJsonObject{{QStringLiteral("token"), token}})
                                        .toJson(QJsonDocument::Compact),
                                    bea.token));
        std::thread cutter([url = m_checkout.server->databaseUrl()] {
            pqxx::connection connection{url};
            for (int i = 0; i < 8; ++i) {
                pqxx::nontransaction(connection)
                    .exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                          " WHERE datname = current_database() AND pid <> pg_backend_pid()");
                std::this_thread::sleep_for(std::chrono::milliseconds(3));
            }
        });
        const auto answers = client().concurrently(requests, 30000, true);
        cutter.join();
        int cut = 0;
        for (const HttpResponse &answer : answers) {
            QVERIFY2(answer.status == 200 || answer.status == 503, answer.body.constData());
            cut += answer.status == 503;
        }
        qInfo("acceptances cut by the database: %d of %lld", cut, qint64(answers.size()));
        QCOMPARE(transferViolations(), QString());
        // What was cut is done now, once; what went through is not done twice.
        for (int i = 0; i < answers.size(); ++i) {
            const auto again = accept(tokens.at(i), bea.token);
            QVERIFY2(again.status == (answers.at(i).status == 200 ? 410 : 200)
                         || (answers.at(i).status == 503 && again.status == 410),
                     again.body.constData());
        }
        QCOMPARE(scalar("SELECT count(*) FROM ticket_transfers WHERE status = 'accepted'"
                        " AND accepted_by IS NOT NULL AND ticket_id = ANY(SELECT id FROM tickets"
                        " WHERE holder IS NOT NULL)")
                     >= 24,
                 true);
        QCOMPARE(transferViolations(), QString());
        for (const QJsonValue &t : tickets)
            QCOMPARE(m_desk.result(t[u"code"].toString(), m_event), QStringLiteral("void"));
    }
};

QTEST_GUILESS_MAIN(TicketTransferTest)
#include "tst_tickettransfer.moc"
