// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/ticketkeys.h"
#include "checkoutfixture.h"
#include "core/ticketcode.h"
#include "ticketfixture.h"

#include <QElapsedTimer>
#include <QMessageAuthenticationCode>
#include <QUuid>

// Ed25519 ticket codes as API.md describes them: the payload, the published keys, rotation that
// keeps issued tickets valid, reissue bumping the version onto the revocation list, and codes of
// the first (HMAC) format that keep scanning.
using namespace boxoffice::test;
using boxoffice::core::TicketCode;
namespace keys = boxoffice::server::auth::TicketKeys;

class TicketCodesTest : public QObject
{
    Q_OBJECT

    Checkout m_checkout;
    TicketDesk m_desk{m_checkout};
    QString m_event;

    QJsonArray publishedKeys()
    {
        const auto answer = m_checkout.client().get("/events/" + m_event.toLatin1()
                                                    + "/ticket-keys");
        return answer.status == 200 ? answer.json().value(u"keys").toArray() : QJsonArray();
    }
    // Verifies `code` as an offline scanner would: with the published keys only.
    bool verifiesOffline(const QString &code)
    {
        const auto parsed = TicketCode::parse(code);
        if (!parsed)
            return false;
        for (const QJsonValue &key : publishedKeys()) {
            if (key[u"kid"].toString() != parsed->payload.keyId)
                continue;
            const auto x = boxoffice::core::fromBase64Url(key[u"x"].toString().toLatin1());
            return x && keys::verify(*x, parsed->payloadBytes, parsed->signature);
        }
        return false;
    }
    QJsonObject revocations(const QString &since, const QByteArray &token = TicketDesk::door())
    {
        return m_checkout.client()
            .get("/events/" + m_event.toLatin1() + "/ticket-revocations?since=" + since.toLatin1(),
                 token)
            .json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("codes"), 20, 6, 0, 60, 10, 3);
        QVERIFY(!m_event.isEmpty());
    }

    void codeIsSignedPayload()
    {
        const QJsonObject ticket = m_desk.sell(m_event, 1).first().toObject();
        const QString code = ticket.value(u"code").toString();
        const QStringList parts = code.split(u'.');
        QCOMPARE(parts.size(), 2);
        QVERIFY(!code.contains(u'='));
        const auto payload = boxoffice::core::fromBase64Url(parts[0].toLatin1());
        QVERIFY(payload);
        // The documented member order, and the ticket's own facts.
        QVERIFY2(payload->startsWith("{\"t\":\""), payload->constData());
        const QJsonObject json = QJsonDocument::fromJson(*payload).object();
        QCOMPARE(json.value(u"t"), ticket.value(u"ticket_id"));
        QCOMPARE(json.value(u"e").toString(), m_event);
        QCOMPARE(json.value(u"s"), ticket.value(u"seat_id"));
        QVERIFY(json.value(u"g").isNull());
        QCOMPARE(json.value(u"v").toInt(), 1);
        QCOMPARE(boxoffice::core::fromBase64Url(parts[1].toLatin1())->size(), 64);

        const QJsonArray published = publishedKeys();
        QVERIFY(!published.isEmpty());
        const QJsonObject key = published.last().toObject();
        QCOMPARE(key.value(u"alg").toString(), QStringLiteral("EdDSA"));
        QCOMPARE(key.value(u"crv").toString(), QStringLiteral("Ed25519"));
        QCOMPARE(key.value(u"kid"), json.value(u"k"));
        QVERIFY(verifiesOffline(code));
        // One flipped payload byte: the signature no longer holds, offline or at the server.
        QByteArray tampered = *payload;
        tampered.replace("\"v\":1", "\"v\":2");
        const QString forged = TicketCode::join(tampered,
                                                *boxoffice::core::fromBase64Url(
                                                    parts[1].toLatin1()));
        QVERIFY(!verifiesOffline(forged));
        QCOMPARE(m_desk.result(forged, m_event), QStringLiteral("unknown"));
        // Keys are public; an unknown event is 404.
        QCOMPARE(m_checkout.client()
                     .get("/events/" + QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1()
                          + "/ticket-keys")
                     .status,
                 404);
    }

    void keysAreStoredSealed()
    {
        // No private seed in the clear: what the table holds opens only with the wrapping key.
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto row = work.exec1("SELECT kid, sealed_seed FROM ticket_keys LIMIT 1");
        const QByteArray sealed = QByteArray::fromBase64(QByteArray(row[1].c_str()),
                                                         QByteArray::Base64UrlEncoding);
        QVERIFY(sealed.size() > 32);
        QVERIFY(!keys::open(QByteArray(32, 'x'), sealed, QByteArray(row[0].c_str())));
    }

    void reissueBumpsVersionAndRevokes()
    {
        const QString start = revocations({}).value(u"cursor").toString();
        QVERIFY(!start.isEmpty());
        const QJsonObject ticket = m_desk.sell(m_event, 1).first().toObject();
        const QByteArray clerk = testToken(QStringLiteral("any-clerk"), QStringLiteral("clerk"));
        const auto reissued = m_checkout.client().post(
            "/tickets/" + ticket.value(u"ticket_id").toString().toLatin1() + "/reissue", {}, clerk);
        QCOMPARE(reissued.status, 201);
        QCOMPARE(reissued.json().value(u"ticket_id"), ticket.value(u"ticket_id"));
        const QString fresh = reissued.json().value(u"code").toString();
        QCOMPARE(TicketCode::parse(fresh)->payload.version, 2);
        QVERIFY(verifiesOffline(fresh));
        // The old code still has a good signature: only the revocation list voids it offline.
        QVERIFY(verifiesOffline(ticket.value(u"code").toString()));
        // Polled like refundIsRevoked(): another test's open transaction in the cluster may hold
        // the reissue back from the feed for a moment (and then the next test would see it).
        QJsonObject listed;
        QJsonArray revoked;
        QElapsedTimer waited;
        waited.start();
        do {
            listed = revocations(start);
            revoked = listed.value(u"revoked").toArray();
        } while (revoked.isEmpty() && waited.elapsed() < 10000 && (QTest::qWait(100), true));
        QCOMPARE(revoked.size(), 1);
        QCOMPARE(revoked[0][u"ticket_id"], ticket.value(u"ticket_id"));
        QCOMPARE(revoked[0][u"version"].toInt(), 1);
        QCOMPARE(revocations(listed.value(u"cursor").toString()).value(u"revoked").toArray().size(),
                 0);
        QCOMPARE(m_desk.result(ticket.value(u"code").toString(), m_event), QStringLiteral("void"));
        QCOMPARE(m_desk.result(fresh, m_event), QStringLiteral("valid"));
        // Fans may not read the list; a bad cursor is 400.
        QCOMPARE(m_checkout.client()
                     .get("/events/" + m_event.toLatin1() + "/ticket-revocations",
                          testToken(QStringLiteral("fan-r")))
                     .status,
                 403);
        QCOMPARE(m_checkout.client()
                     .get("/events/" + m_event.toLatin1() + "/ticket-revocations?since=x'",
                          TicketDesk::door())
                     .code(),
                 QStringLiteral("bad_request"));
    }

    void refundIsRevoked()
    {
        const QString start = revocations({}).value(u"cursor").toString();
        const QJsonArray tickets = m_desk.sell(m_event, 2);
        const QByteArray clerk = testToken(QStringLiteral("refund-clerk"), QStringLiteral("clerk"));
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + m_desk.lastOrder().toLatin1() + "/refund", {}, clerk)
                     .status,
                 200);
        // The feed shows a transaction once every older one in the cluster has ended (its
        // cursor never skips a late commit), so another test's open transaction can hold the
        // refund back for a moment: a door polls again, and so does this test.
        QJsonArray revoked;
        QElapsedTimer waited;
        waited.start();
        do {
            revoked = revocations(start).value(u"revoked").toArray();
        } while (revoked.size() < 2 && waited.elapsed() < 10000 && (QTest::qWait(100), true));
        QCOMPARE(revoked.size(), 2);
        QCOMPARE(m_desk.result(tickets[0][u"code"].toString(), m_event), QStringLiteral("void"));
    }

    void legacyCodesStillScan()
    {
        // A ticket issued before signed codes: its code is the first format (uuid + HMAC).
        const QJsonObject ticket = m_desk.sell(m_event, 1).first().toObject();
        const QByteArray id = QUuid::fromString(ticket.value(u"ticket_id").toString()).toRfc4122();
        const QByteArray secret = QMessageAuthenticationCode::hash("boxoffice ticket codes",
                                                                   kTestJwtSecret,
                                                                   QCryptographicHash::Sha256);
        const QByteArray mac = QMessageAuthenticationCode::hash("ticket:" + id,
                                                                secret,
                                                                QCryptographicHash::Sha256)
                                   .left(12);
        const QString legacy = QString::fromLatin1(boxoffice::core::toBase64Url(id) + '.'
                                                   + boxoffice::core::toBase64Url(mac));
        {
            pqxx::connection connection{m_checkout.server->databaseUrl()};
            pqxx::work work{connection};
            work.exec_params("UPDATE tickets SET code = $1 WHERE id = $2::uuid",
                             legacy.toStdString(),
                             ticket.value(u"ticket_id").toString().toStdString());
            work.commit();
        }
        QCOMPARE(m_desk.result(legacy, QUuid::createUuid().toString(QUuid::WithoutBraces)),
                 QStringLiteral("wrong_event"));
        QCOMPARE(m_desk.result(legacy, m_event), QStringLiteral("valid"));
        QCOMPARE(m_desk.result(legacy, m_event), QStringLiteral("already_used"));
        QString wrongMac = legacy;
        wrongMac[wrongMac.size() - 1] = wrongMac.back() == u'A' ? u'B' : u'A';
        QCOMPARE(m_desk.result(wrongMac, m_event), QStringLiteral("unknown"));
    }

    void rotationKeepsIssuedTickets()
    {
        const QJsonObject before = m_desk.sell(m_event, 1).first().toObject();
        const QString oldKid = TicketCode::parse(before.value(u"code").toString())->payload.keyId;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QByteArray out;
        QCOMPARE(ServerProcess::run({QStringLiteral("rotate-ticket-key"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_checkout.server->databaseUrl())},
                                    &out,
                                    env),
                 0);
        QVERIFY2(out.contains("new signing key"), out.constData());
        // The running server picks the new key up on its next tick (200 ms here).
        QString newKid;
        for (int i = 0; i < 10 && (newKid.isEmpty() || newKid == oldKid); ++i) {
            QTest::qWait(300);
            const QJsonArray sold = m_desk.sell(m_event, 1);
            if (!sold.isEmpty())
                newKid = TicketCode::parse(sold[0][u"code"].toString())->payload.keyId;
        }
        QVERIFY(!newKid.isEmpty() && newKid != oldKid);
        QCOMPARE(publishedKeys().size(), 2);
        QVERIFY(verifiesOffline(before.value(u"code").toString()));
        QCOMPARE(m_desk.result(before.value(u"code").toString(), m_event), QStringLiteral("valid"));
    }

    void cleanupTestCase()
    {
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TicketCodesTest)
#include "tst_ticketcodes.moc"
