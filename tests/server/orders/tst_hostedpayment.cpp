// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutfixture.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrlQuery>

using namespace boxoffice::test;

// An online purchase the way a browser makes it: the order carries the shop's return URL, the
// fan pays on the sandbox's hosted page (an HTML form), is sent back with 303, and the webhook
// (not the redirect) makes the order paid; then the tickets as a PDF whose QR codes decode to
// the tickets' codes. Real server, real sandbox, real PostgreSQL, pdftoppm and zbarimg.
class TestHostedPayment : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_eventId;
    QByteArray m_fan;
    QByteArray m_fanCookie;

    HttpClient sandbox() const
    {
        return HttpClient("127.0.0.1", quint16(m_checkout.sandbox->baseUrl().port()));
    }
    QByteArray shopUrl(const QByteArray &path) const
    {
        return "http://127.0.0.1:" + QByteArray::number(m_checkout.server->port()) + path;
    }
    HttpResponse order(const QString &holdId, const QJsonValue &returnUrl, const QByteArray &key)
    {
        QJsonObject body{{QStringLiteral("hold_id"), holdId}};
        if (!returnUrl.isUndefined())
            body.insert(u"return_url", returnUrl);
        return m_checkout.client().post("/orders", body, m_fan, {{"Idempotency-Key", key}});
    }
    // The hosted page's path and query, from an order's payment.page_url.
    static QByteArray pagePath(const QJsonObject &order)
    {
        const QUrl url(order.value(u"payment").toObject().value(u"page_url").toString());
        return url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
    }
    static QByteArray form(const QList<QPair<QString, QString>> &fields)
    {
        QByteArrayList parts;
        for (const auto &[name, value] : fields)
            parts.append(QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value));
        return parts.join('&');
    }
    static QString queryValue(const QByteArray &path, const QString &name)
    {
        return QUrlQuery(QUrl(QString::fromLatin1(path)).query())
            .queryItemValue(name, QUrl::FullyDecoded);
    }
    HttpResponse submit(const QString &intentId, const QList<QPair<QString, QString>> &fields)
    {
        return sandbox().send({"POST", "/pay/" + intentId.toLatin1(), form(fields), {}});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_eventId = m_checkout.createEvent(QStringLiteral("paypage"), 2, 10, 0, 600);
        QVERIFY(!m_eventId.isEmpty());
        const auto signedUp = m_checkout.client().post(
            "/auth/register",
            QJsonObject{{QStringLiteral("email"), QStringLiteral("payer@example.org")},
                        {QStringLiteral("password"), QStringLiteral("a payer's passphrase")},
                        {QStringLiteral("name"), QStringLiteral("Payer")}});
        QCOMPARE(signedUp.status, 201);
        m_fan = signedUp.json().value(u"access_token").toString().toLatin1();
        const QByteArray cookie = signedUp.header("set-cookie");
        m_fanCookie = cookie.left(cookie.indexOf(';'));
    }

    void returnUrlMustBeThisSite_data()
    {
        QTest::addColumn<QJsonValue>("returnUrl");
        const QString port = QString::number(m_checkout.server->port());
        QTest::newRow("other site") << QJsonValue(QStringLiteral("http://evil.example/shop"));
        QTest::newRow("script") << QJsonValue(QStringLiteral("javascript:alert(1)"));
        QTest::newRow("relative") << QJsonValue(QStringLiteral("/shop/orders"));
        QTest::newRow("other port") << QJsonValue(QStringLiteral("http://127.0.0.1:1/shop"));
        QTest::newRow("other scheme")
            << QJsonValue(QStringLiteral("ftp://127.0.0.1:%1/shop").arg(port));
        QTest::newRow("user info")
            << QJsonValue(QStringLiteral("http://me@127.0.0.1:%1/shop").arg(port));
        QTest::newRow("look-alike host")
            << QJsonValue(QStringLiteral("http://127.0.0.1.evil.example:%1/").arg(port));
        QTest::newRow("number") << QJsonValue(42);
        QTest::newRow("too long") << QJsonValue(QStringLiteral("http://127.0.0.1:%1/").arg(port)
                                                + QString(3000, u'a'));
    }
    void returnUrlMustBeThisSite()
    {
        QFETCH(QJsonValue, returnUrl);
        const QString holdId = m_checkout.hold(m_eventId, {QStringLiteral("S1-2-9")}, m_fan);
        QVERIFY(!holdId.isEmpty());
        const auto response = order(holdId, returnUrl, QUuid::createUuid().toByteArray());
        QCOMPARE(response.status, 400);
        QCOMPARE(response.code(), QStringLiteral("invalid_return_url"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders"), 0); // nothing was written
        QCOMPARE(m_checkout.client().del("/holds/" + holdId.toLatin1(), m_fan).status, 204);
    }

    void payOnTheHostedPage()
    {
        const QString holdId = m_checkout.hold(m_eventId,
                                               {QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")},
                                               m_fan);
        QVERIFY(!holdId.isEmpty());
        const QString returnUrl = QString::fromLatin1(shopUrl("/shop/orders/done?from=pay"));
        const auto created = order(holdId, returnUrl, "pay-1");
        QCOMPARE(created.status, 201);
        const QJsonObject first = created.json();
        const QString orderId = first.value(u"order_id").toString();
        const QString intentId = first.value(u"payment").toObject().value(u"intent_id").toString();
        const QString pageUrl = first.value(u"payment").toObject().value(u"page_url").toString();
        QVERIFY2(pageUrl.startsWith(m_checkout.sandbox->baseUrl().toString()
                                    + QStringLiteral("/pay/") + intentId + u'?'),
                 qPrintable(pageUrl));
        const QByteArray path = pagePath(first);
        const QString secret = queryValue(path, QStringLiteral("client_secret"));
        QCOMPARE(secret, first.value(u"payment").toObject().value(u"client_secret").toString());
        QCOMPARE(queryValue(path, QStringLiteral("return_url")), returnUrl);

        // The page: a plain HTML form, no script, the test cards listed.
        const auto page = sandbox().get(path);
        QCOMPARE(page.status, 200);
        QCOMPARE(page.header("content-type"), QByteArray("text/html; charset=utf-8"));
        QVERIFY(page.body.contains("name=\"card_number\""));
        QVERIFY(page.body.contains("4242 4242 4242 4242"));
        QVERIFY(page.body.contains("4000 0000 0000 0002"));
        QVERIFY(page.body.contains("<html lang=\"en\">"));
        QVERIFY(!page.body.contains("<script"));
        const QByteArray policy = page.header("content-security-policy");
        QVERIFY2(policy.contains("default-src 'none'"), policy.constData());
        QVERIFY(!policy.contains("script-src"));
        QVERIFY(policy.contains(QByteArray("form-action 'self' " + shopUrl(""))));
        QCOMPARE(page.header("referrer-policy"), QByteArray("no-referrer"));
        const auto spanish = sandbox().send(
            {"GET", path, {}, {{"Accept-Language", "es-ES,es;q=0.9,en;q=0.5"}}});
        QVERIFY(spanish.body.contains("<html lang=\"es\">"));
        QVERIFY(spanish.body.contains("Tarjetas de prueba"));
        QCOMPARE(sandbox().get("/pay-assets/page.css").status, 200);

        // Wrong or missing secrets, unknown intents and other return addresses show nothing.
        QCOMPARE(sandbox()
                     .get("/pay/" + intentId.toLatin1() + "?client_secret=" + secret.toLatin1()
                          + "x")
                     .status,
                 404);
        QCOMPARE(sandbox().get("/pay/" + intentId.toLatin1()).status, 404);
        QCOMPARE(sandbox().get("/pay/pi_nope?client_secret=" + secret.toLatin1()).status, 404);
        QCOMPARE(submit(intentId,
                        {{QStringLiteral("client_secret"), QStringLiteral("guess")},
                         {QStringLiteral("card_number"), QStringLiteral("4242424242424242")}})
                     .status,
                 404);
        QCOMPARE(sandbox()
                     .get("/pay/" + intentId.toLatin1() + "?client_secret=" + secret.toLatin1()
                          + "&return_url=http%3A%2F%2Fevil.example%2F")
                     .status,
                 400);

        // A mistyped card: the form again, saying so; nothing charged.
        const auto typo = submit(intentId,
                                 {{QStringLiteral("client_secret"), secret},
                                  {QStringLiteral("card_number"),
                                   QStringLiteral("4242 4242 4242 4241")}});
        QCOMPARE(typo.status, 400);
        QVERIFY(typo.body.contains("role=\"alert\""));
        QVERIFY(typo.body.contains("aria-invalid=\"true\""));

        // Declined: the page says so and links back; the webhook fails the order.
        const auto declined = submit(intentId,
                                     {{QStringLiteral("client_secret"), secret},
                                      {QStringLiteral("return_url"), returnUrl},
                                      {QStringLiteral("card_number"),
                                       QStringLiteral("4000 0000 0000 0002")}});
        QCOMPARE(declined.status, 402);
        QVERIFY(declined.body.contains("Payment declined"));
        QVERIFY(declined.body.contains(("order_id=" + orderId).toLatin1()));
        QCOMPARE(m_checkout.waitOrder(orderId, m_fan, QStringLiteral("failed"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("failed"));

        // Try again while the hold lasts: a new attempt, a new page.
        const auto retry = order(holdId, returnUrl, "pay-2");
        QCOMPARE(retry.status, 200);
        const QJsonObject second = retry.json();
        const QString intent2 = second.value(u"payment").toObject().value(u"intent_id").toString();
        QVERIFY(!intent2.isEmpty() && intent2 != intentId);
        const QString secret2 = queryValue(pagePath(second), QStringLiteral("client_secret"));
        QCOMPARE(sandbox().get(pagePath(second)).status, 200);
        const auto paid = submit(intent2,
                                 {{QStringLiteral("client_secret"), secret2},
                                  {QStringLiteral("lang"), QStringLiteral("es")},
                                  {QStringLiteral("card_number"),
                                   QStringLiteral("4242 4242 4242 4242")}});
        QCOMPARE(paid.status, 303);
        QCOMPARE(QString::fromLatin1(paid.header("location")),
                 returnUrl + QStringLiteral("&order_id=") + orderId);
        // Coming back proves nothing by itself: the webhook makes it paid.
        const QJsonObject done = m_checkout.waitOrder(orderId, m_fan, QStringLiteral("paid"));
        QCOMPARE(done.value(u"status").toString(), QStringLiteral("paid"));
        QVERIFY(!done.value(u"payment").toObject().contains(u"page_url")); // nothing left to pay
        const QJsonArray tickets = done.value(u"tickets").toArray();
        QCOMPARE(tickets.size(), 2);
        for (const QJsonValue &ticket : tickets) {
            QVERIFY(!ticket.toObject().value(u"code").toString().isEmpty());
            QCOMPARE(ticket.toObject().value(u"status").toString(), QStringLiteral("valid"));
        }
        // A second submit of the paid page just sends the fan back again.
        QCOMPARE(submit(intent2,
                        {{QStringLiteral("client_secret"), secret2},
                         {QStringLiteral("card_number"), QStringLiteral("4242424242424242")}})
                     .status,
                 303);
        // "My orders" has it.
        const auto mine = m_checkout.client().get("/me/orders", m_fan);
        QCOMPARE(mine.status, 200);
        bool listed = false;
        for (const QJsonValue &item : mine.json().value(u"items").toArray())
            listed = listed || item.toObject().value(u"order_id").toString() == orderId;
        QVERIFY(listed);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void ticketsPdfDecodes()
    {
        // The order paid above.
        const auto mine
            = m_checkout.client().get("/me/orders", m_fan).json().value(u"items").toArray();
        QJsonObject paid;
        for (const QJsonValue &item : mine) {
            if (item.toObject().value(u"status").toString() == u"paid")
                paid = item.toObject();
        }
        QVERIFY(!paid.isEmpty());
        const QByteArray orderId = paid.value(u"order_id").toString().toLatin1();
        QStringList codes;
        for (const QJsonValue &ticket : paid.value(u"tickets").toArray())
            codes.append(ticket.toObject().value(u"code").toString());
        codes.sort();

        const auto pdf = m_checkout.client().get("/orders/" + orderId + "/tickets.pdf", m_fan);
        QVERIFY2(pdf.status == 200, m_checkout.server->log().right(2000).constData());
        QCOMPARE(pdf.header("content-type"), QByteArray("application/pdf"));
        QVERIFY(pdf.header("content-disposition").startsWith("attachment"));
        QVERIFY(pdf.body.startsWith("%PDF-"));
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("tickets.pdf")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(pdf.body);
        file.close();
        QCOMPARE(QProcess::execute(QStringLiteral("pdftoppm"),
                                   {QStringLiteral("-r"),
                                    QStringLiteral("150"),
                                    QStringLiteral("-png"),
                                    file.fileName(),
                                    dir.filePath(QStringLiteral("page"))}),
                 0);
        const QStringList pages
            = QDir(dir.path()).entryList({QStringLiteral("page*.png")}, QDir::Files, QDir::Name);
        QCOMPARE(pages.size(), 2); // one page per ticket
        // Kept for a reviewer with the other screenshots of the build.
        if (qEnvironmentVariableIsSet("BOXOFFICE_BUILD_DIR")) {
            const QString shots = qEnvironmentVariable("BOXOFFICE_BUILD_DIR")
                                  + QStringLiteral("/screenshots");
            QDir().mkpath(shots);
            QFile::remove(shots + QStringLiteral("/tickets-pdf-page1.png"));
            QFile::copy(dir.filePath(pages.first()),
                        shots + QStringLiteral("/tickets-pdf-page1.png"));
        }
        QStringList decoded;
        for (const QString &page : pages) {
            QProcess zbar;
            zbar.start(QStringLiteral("zbarimg"),
                       {QStringLiteral("--raw"),
                        QStringLiteral("-q"),
                        QStringLiteral("-Sdisable"),
                        QStringLiteral("-Sqrcode.enable"),
                        dir.filePath(page)});
            QVERIFY(zbar.waitForFinished(30000));
            QCOMPARE(zbar.exitCode(), 0);
            decoded.append(QString::fromUtf8(zbar.readAllStandardOutput()).trimmed());
        }
        decoded.sort();
        QCOMPARE(decoded, codes);
        // The words on it, in Spanish when asked.
        const auto spanish = m_checkout.client().get("/orders/" + orderId + "/tickets.pdf?lang=es",
                                                     m_fan);
        QCOMPARE(spanish.status, 200);
        QFile es(dir.filePath(QStringLiteral("es.pdf")));
        QVERIFY(es.open(QIODevice::WriteOnly));
        es.write(spanish.body);
        es.close();
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {es.fileName(), QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30000));
        const QString words = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(words.contains(QStringLiteral("ENTRADA")), qPrintable(words));
        QVERIFY(words.contains(QStringLiteral("Test show")));
        QVERIFY(words.contains(QStringLiteral("1 de junio de 2030, 20:00 (UTC)")));
        QVERIFY2(words.contains(QStringLiteral("Sector Section 1 · Fila 1")), qPrintable(words));
        QVERIFY(words.contains(QStringLiteral("Pedido ") + QString::fromLatin1(orderId)));

        // The cookie is enough for a download link; others see nothing; staff see it.
        QCOMPARE(m_checkout.client()
                     .send({"GET",
                            "/orders/" + orderId + "/tickets.pdf",
                            {},
                            {{"Cookie", m_fanCookie}}})
                     .status,
                 200);
        QCOMPARE(m_checkout.client().get("/orders/" + orderId + "/tickets.pdf").status, 401);
        const auto stranger = m_checkout.client().get("/orders/" + orderId + "/tickets.pdf",
                                                      testToken(QStringLiteral("someone-else")));
        QCOMPARE(stranger.status, 404);
        QCOMPARE(stranger.code(), QStringLiteral("not_found"));
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + orderId + "/tickets.pdf",
                          testToken(QStringLiteral("clerk-1"), QStringLiteral("clerk")))
                     .status,
                 200);
        QCOMPARE(m_checkout.client()
                     .get("/orders/00000000-0000-4000-8000-000000000000/tickets.pdf", m_fan)
                     .status,
                 404);
        QCOMPARE(m_checkout.client().get("/orders/not-a-uuid/tickets.pdf", m_fan).status, 404);
        // An unpaid order has no tickets to print.
        const QString holdId = m_checkout.hold(m_eventId, {QStringLiteral("S1-2-1")}, m_fan);
        QVERIFY(!holdId.isEmpty());
        const auto pending = order(holdId, QJsonValue(QJsonValue::Undefined), "pdf-pending");
        QVERIFY2(pending.status == 201, pending.body.constData());
        const auto unpaid = m_checkout.client()
                                .get("/orders/"
                                         + pending.json().value(u"order_id").toString().toLatin1()
                                         + "/tickets.pdf",
                                     m_fan);
        QCOMPARE(unpaid.status, 409);
        QCOMPARE(unpaid.code(), QStringLiteral("invalid_state"));
    }

    void providerDownWhenOrdering()
    {
        // The fault: the provider is down when the order is made. The reconciler makes the
        // intent later with the same key, and it still carries the order's return URL.
        m_checkout.setStateFile(QDir::temp().filePath(
            QStringLiteral("tst_hostedpayment-%1.json").arg(QCoreApplication::applicationPid())));
        m_checkout.sandbox->stop();
        const QString holdId = m_checkout.hold(m_eventId, {QStringLiteral("S1-2-5")}, m_fan);
        QVERIFY(!holdId.isEmpty());
        const QString returnUrl = QString::fromLatin1(shopUrl("/shop/orders/later"));
        const auto created = order(holdId, returnUrl, "down-1");
        QCOMPARE(created.status, 201);
        const QString orderId = created.json().value(u"order_id").toString();
        QVERIFY(!created.json().value(u"payment").toObject().contains(u"page_url"));
        QVERIFY(m_checkout.startSandbox());
        QElapsedTimer timer;
        timer.start();
        QJsonObject payment;
        while (timer.elapsed() < 15000 && !payment.contains(u"page_url")) {
            QTest::qWait(200);
            payment = m_checkout.client()
                          .get("/orders/" + orderId.toLatin1(), m_fan)
                          .json()
                          .value(u"payment")
                          .toObject();
        }
        QVERIFY2(payment.contains(u"page_url"), qPrintable(m_checkout.server->log().right(1500)));
        const QByteArray path = QUrl(payment.value(u"page_url").toString())
                                    .toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
        const auto page = sandbox().get(path);
        QCOMPARE(page.status, 200);
        QVERIFY(page.body.contains(("name=\"return_url\" value=\"" + returnUrl + "\"").toUtf8()));
        const auto paid
            = submit(payment.value(u"intent_id").toString(),
                     {{QStringLiteral("client_secret"), payment.value(u"client_secret").toString()},
                      {QStringLiteral("card_number"), QStringLiteral("4242424242424242")}});
        QCOMPARE(paid.status, 303);
        QCOMPARE(m_checkout.waitOrder(orderId, m_fan, QStringLiteral("paid")).value(u"status"),
                 QJsonValue(QStringLiteral("paid")));
        QFile::remove(QDir::temp().filePath(
            QStringLiteral("tst_hostedpayment-%1.json").arg(QCoreApplication::applicationPid())));
    }
};

QTEST_GUILESS_MAIN(TestHostedPayment)
#include "tst_hostedpayment.moc"
