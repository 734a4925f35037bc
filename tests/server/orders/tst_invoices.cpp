// SPDX-License-Identifier: GPL-3.0-or-later
// Invoices (issue 28 item 5) against real PostgreSQL and the payment sandbox: an invoice on
// request at the counter and online (issued when paid), numbered per organiser with no gap and
// no duplicate under concurrent requests and payments; a cancellation invoice for a refund; an
// invoice that cannot be written leaves no number used; bad requests refused, nothing written;
// every invoice and cancellation invoice mailed once, with its PDF, in the buyer's language.
#include "checkoutfixture.h"
#include "mailboxfixture.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace boxoffice::test;

class TestInvoices : public QObject
{
    Q_OBJECT
private:
    Mailbox m_mailbox;
    Checkout m_checkout;
    QString m_event;
    int m_row = 0;
    QByteArray m_manager = testToken(QStringLiteral("invoice-manager"), QStringLiteral("manager"));
    QByteArray m_clerk = testToken(QStringLiteral("invoice-clerk"), QStringLiteral("clerk"));
    QByteArray m_fan = testToken(QStringLiteral("invoice-fan"), QStringLiteral("fan"));

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    static QJsonObject billing(const QString &company)
    {
        return {{QStringLiteral("company"), company},
                {QStringLiteral("address"), QStringLiteral("Calle Mayor 1, 28013 Madrid")},
                {QStringLiteral("vat_number"), QStringLiteral("ESB12345678")}};
    }
    HttpRequest billingRequest(const QString &orderId,
                               const QJsonObject &body,
                               const QByteArray &token)
    {
        return HttpClient::request("PUT",
                                   "/orders/" + orderId.toLatin1() + "/billing",
                                   QJsonDocument(body).toJson(QJsonDocument::Compact),
                                   token,
                                   {{"Content-Type", "application/json"}});
    }
    HttpResponse addBilling(const QString &orderId, const QJsonObject &body, const QByteArray &token)
    {
        return m_checkout.client().send(billingRequest(orderId, body, token));
    }
    QString sellCash(int count, const QJsonObject &contact = {})
    {
        const auto held = m_checkout.client().post("/holds",
                                                   QJsonObject{{QStringLiteral("event_id"), m_event},
                                                               {QStringLiteral("seats"),
                                                                QJsonArray::fromStringList(
                                                                    seats(count))}},
                                                   m_clerk);
        if (held.status != 201)
            qWarning() << held.status << held.body;
        const QString holdId = held.json().value(u"hold_id").toString();
        QJsonObject sale = contact;
        sale.insert(u"hold_id", holdId);
        sale.insert(u"payment",
                    QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                {QStringLiteral("tendered_cents"), 100000}});
        const auto sold = m_checkout.client().post("/orders", sale, m_clerk);
        if (sold.status != 201)
            qWarning() << sold.status << sold.body;
        return sold.status == 201 ? sold.json().value(u"order_id").toString() : QString();
    }
    QString orderOnline(const QByteArray &fan, QString *intent)
    {
        const QString holdId = m_checkout.hold(m_event, seats(1), fan);
        const QJsonObject order = m_checkout.order(holdId, fan).json();
        *intent = order.value(u"payment").toObject().value(u"intent_id").toString();
        return order.value(u"order_id").toString();
    }
    void exec(const std::string &sql)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec(sql);
    }
    // The text of a PDF's content streams (compressed with FlateDecode).
    static QByteArray pdfText(const QByteArray &pdf)
    {
        QByteArray text;
        for (qsizetype at = pdf.indexOf("stream\n"); at >= 0; at = pdf.indexOf("stream\n", at + 1)) {
            const qsizetype end = pdf.indexOf("\nendstream", at);
            if (end < 0 || pdf.mid(at - 3, 3) == "end")
                continue;
            QByteArray zlib = pdf.mid(at + 7, end - at - 7);
            zlib.prepend(QByteArray::fromHex("00100000")); // qUncompress's size hint
            text += qUncompress(zlib);
        }
        return text;
    }
    // Renders the PDF's first page (poppler reads it, so the file is a valid PDF) and keeps it
    // with the build's screenshots for a reviewer.
    static void renderPage(const QByteArray &pdf, const QString &name)
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("invoice.pdf")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(pdf);
        file.close();
        QCOMPARE(QProcess::execute(QStringLiteral("pdftoppm"),
                                   {QStringLiteral("-r"),
                                    QStringLiteral("100"),
                                    QStringLiteral("-png"),
                                    QStringLiteral("-singlefile"),
                                    file.fileName(),
                                    dir.filePath(QStringLiteral("page"))}),
                 0);
        if (qEnvironmentVariableIsSet("BOXOFFICE_BUILD_DIR")) {
            const QString shots = qEnvironmentVariable("BOXOFFICE_BUILD_DIR")
                                  + QStringLiteral("/screenshots/");
            QDir().mkpath(shots);
            QFile::remove(shots + name);
            QVERIFY(QFile::copy(dir.filePath(QStringLiteral("page.png")), shots + name));
        }
    }
    // Each organiser's invoice numbers so far: 1, 2, 3... with no gap and none twice.
    void checkNumbersHaveNoGap()
    {
        QVERIFY(m_checkout.scalar("SELECT count(*) FROM invoices") > 0);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM (SELECT organiser FROM invoices"
                                   " GROUP BY organiser HAVING count(*) <> max(number)"
                                   " OR count(DISTINCT number) <> count(*)) bad"),
                 0);
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
                                  {QStringLiteral("BOXOFFICE_MAIL_POLL_MS"), QStringLiteral("100")},
                                  {QStringLiteral("BOXOFFICE_SELLER_NAME"),
                                   QStringLiteral("Teatro Real Eventos S.A.")},
                                  {QStringLiteral("BOXOFFICE_SELLER_ADDRESS"),
                                   QStringLiteral("Plaza de Isabel II, 28013 Madrid")},
                                  {QStringLiteral("BOXOFFICE_SELLER_VAT"),
                                   QStringLiteral("ESA28000000")}}));
        m_event = m_checkout.createEvent(QStringLiteral("invoices"), 60, 4, 0, 300, 100, 3);
        QVERIFY(!m_event.isEmpty());
        const QByteArray pricing = "/events/" + m_event.toLatin1() + "/pricing";
        const int version = m_checkout.client().get(pricing).json().value(u"version").toInt();
        const auto put = m_checkout.client().send(
            HttpClient::request("PUT",
                                pricing,
                                QJsonDocument(
                                    QJsonObject{{"tax",
                                                 QJsonObject{{"name", "IVA"}, {"rate_percent", 21}}},
                                                {"fees",
                                                 QJsonArray{QJsonObject{{"channel", "online"},
                                                                        {"scope", "order"},
                                                                        {"fixed_cents", 200}}}}})
                                    .toJson(QJsonDocument::Compact),
                                m_manager,
                                {{"Content-Type", "application/json"},
                                 {"If-Match", '"' + QByteArray::number(version) + '"'}}));
        QCOMPARE(put.status, 200);
        QCOMPARE(m_checkout.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 10000}}, m_clerk)
                     .status,
                 201);
    }

    void theCounterInvoicesASale()
    {
        const QString orderId = sellCash(2);
        QVERIFY(!orderId.isEmpty());
        const auto added = addBilling(orderId,
                                      billing(QStringLiteral("Acme Eventos S.L.")),
                                      m_clerk);
        QCOMPARE(added.status, 200);
        const QJsonArray invoices = added.json().value(u"invoices").toArray();
        QCOMPARE(invoices.size(), 1);
        const QJsonObject invoice = invoices.at(0).toObject();
        QCOMPARE(invoice.value(u"number").toString(), QStringLiteral("HOUSE-000001"));
        QCOMPARE(invoice.value(u"kind").toString(), QStringLiteral("invoice"));
        // 2 x 50.00, 21 % included: 17.36 tax on each line.
        QCOMPARE(invoice.value(u"amount_cents").toInteger(), 10000);
        QCOMPARE(invoice.value(u"tax_cents").toInteger(), 2 * 868);
        const auto pdf = m_checkout.client().get("/orders/" + orderId.toLatin1() + "/invoice.pdf",
                                                 m_clerk);
        QCOMPARE(pdf.status, 200);
        QVERIFY(pdf.body.startsWith("%PDF-"));
        const QByteArray text = pdfText(pdf.body);
        QVERIFY2(text.contains("(INVOICE HOUSE-000001)"), text.constData());
        QVERIFY(text.contains("Acme Eventos S.L."));
        QVERIFY(text.contains("ESB12345678"));
        QVERIFY(
            text.contains("(Seller: Teatro Real Eventos S.A., Plaza de Isabel II, 28013 Madrid)"));
        QVERIFY(text.contains("(VAT number: ESA28000000)"));
        QVERIFY(text.contains("(100.00 EUR)"));
        QVERIFY(text.contains("(17.36 EUR)"));
        QVERIFY(text.contains("(82.64 EUR)")); // net
        renderPage(pdf.body, QStringLiteral("invoice-pdf.png"));
        const auto spanish = m_checkout.client().get("/orders/" + orderId.toLatin1()
                                                         + "/invoice.pdf?lang=es",
                                                     m_clerk);
        QVERIFY(pdfText(spanish.body).contains("(FACTURA HOUSE-000001)"));
        // Asked twice: refused, nothing changes.
        const auto again = addBilling(orderId, billing(QStringLiteral("Other S.A.")), m_clerk);
        QCOMPARE(again.status, 409);
        QCOMPARE(again.code(), QStringLiteral("invalid_state"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM invoices"), 1);
    }

    void anOnlineOrderIsInvoicedWhenPaid()
    {
        QString intent;
        const QString orderId = orderOnline(m_fan, &intent);
        const auto added = addBilling(orderId, billing(QStringLiteral("Fan GmbH")), m_fan);
        QCOMPARE(added.status, 200);
        QCOMPARE(added.json().value(u"invoices").toArray().size(), 0); // not paid yet
        m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
        QCOMPARE(m_checkout.waitOrder(orderId, m_fan, QStringLiteral("paid"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        const auto listed = m_checkout.client().get("/orders/" + orderId.toLatin1() + "/invoices",
                                                    m_fan);
        QCOMPARE(listed.status, 200);
        const QJsonObject invoice = listed.json().value(u"invoices").toArray().at(0).toObject();
        QCOMPARE(invoice.value(u"number").toString(), QStringLiteral("HOUSE-000002"));
        QCOMPARE(invoice.value(u"amount_cents").toInteger(), 5000 + 200); // with the order fee
        // Another fan sees nothing of it.
        const QByteArray stranger = testToken(QStringLiteral("stranger"), QStringLiteral("fan"));
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + orderId.toLatin1() + "/invoice.pdf", stranger)
                     .status,
                 404);
        checkNumbersHaveNoGap();
    }

    void concurrentRequestsAndPaymentsGetConsecutiveNumbers()
    {
        // 16 counter sales asking for their invoices at once...
        QList<HttpRequest> requests;
        for (int i = 0; i < 16; ++i) {
            const QString orderId = sellCash(1);
            QVERIFY(!orderId.isEmpty());
            requests.append(
                billingRequest(orderId, billing(QStringLiteral("Co %1").arg(i)), m_clerk));
        }
        for (const HttpResponse &answer : m_checkout.client().concurrently(requests, 60000))
            QCOMPARE(answer.status, 200);
        // ... and 16 online orders with billing details, paid at once.
        QList<QPair<QString, QByteArray>> paid;
        for (int i = 0; i < 16; ++i) {
            const QByteArray fan = testToken(QStringLiteral("payer-%1").arg(i),
                                             QStringLiteral("fan"));
            QString intent;
            const QString orderId = orderOnline(fan, &intent);
            QCOMPARE(addBilling(orderId, billing(QStringLiteral("Payer %1").arg(i)), fan).status,
                     200);
            m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
            paid.append({orderId, fan});
        }
        for (const auto &[orderId, fan] : paid)
            QCOMPARE(m_checkout.waitOrder(orderId, fan, QStringLiteral("paid"))
                         .value(u"status")
                         .toString(),
                     QStringLiteral("paid"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM invoices"), 2 + 32);
        checkNumbersHaveNoGap();
    }

    void aRefundGetsACancellationInvoice()
    {
        const QString orderId = sellCash(2);
        QCOMPARE(addBilling(orderId, billing(QStringLiteral("Refund S.L.")), m_clerk).status, 200);
        const QJsonObject order
            = m_checkout.client().get("/orders/" + orderId.toLatin1(), m_clerk).json();
        const QString ticket
            = order.value(u"tickets").toArray().at(0).toObject().value(u"ticket_id").toString();
        const auto refunded = m_checkout.client().post("/orders/" + orderId.toLatin1() + "/refund",
                                                       QJsonObject{{QStringLiteral("ticket_ids"),
                                                                    QJsonArray{ticket}}},
                                                       m_clerk);
        QCOMPARE(refunded.status, 200);
        const QJsonArray invoices = m_checkout.client()
                                        .get("/orders/" + orderId.toLatin1() + "/invoices", m_clerk)
                                        .json()
                                        .value(u"invoices")
                                        .toArray();
        QCOMPARE(invoices.size(), 2);
        const QJsonObject original = invoices.at(0).toObject();
        const QJsonObject cancellation = invoices.at(1).toObject();
        QCOMPARE(cancellation.value(u"kind").toString(), QStringLiteral("cancellation"));
        QCOMPARE(cancellation.value(u"cancels").toString(), original.value(u"number").toString());
        QCOMPARE(cancellation.value(u"amount_cents").toInteger(), -5000);
        QCOMPARE(cancellation.value(u"tax_cents").toInteger(), -868);
        const auto pdf = m_checkout.client()
                             .get("/orders/" + orderId.toLatin1() + "/invoice.pdf?number="
                                      + cancellation.value(u"number").toString().toLatin1(),
                                  m_clerk);
        QCOMPARE(pdf.status, 200);
        const QByteArray text = pdfText(pdf.body);
        QVERIFY(text.contains("CANCELLATION INVOICE"));
        QVERIFY(text.contains(original.value(u"number").toString().toLatin1()));
        QVERIFY(text.contains("(-50.00 EUR)"));
        renderPage(pdf.body, QStringLiteral("invoice-cancellation-pdf.png"));
        checkNumbersHaveNoGap();
    }

    void invoicesAreMailedOnceWithTheirPdf()
    {
        // A counter sale that names the buyer's address, in Spanish, invoiced, then refunded.
        const QString buyer = QStringLiteral("compras@acme.test");
        const QString orderId = sellCash(2,
                                         {{QStringLiteral("email"), buyer},
                                          {QStringLiteral("locale"), QStringLiteral("es")}});
        QVERIFY(!orderId.isEmpty());
        const auto added = addBilling(orderId,
                                      billing(QStringLiteral("Acme Compras S.L.")),
                                      m_clerk);
        QCOMPARE(added.status, 200);
        const QString number
            = added.json().value(u"invoices").toArray().at(0).toObject().value(u"number").toString();
        const QJsonObject order
            = m_checkout.client().get("/orders/" + orderId.toLatin1(), m_clerk).json();
        const QString ticket
            = order.value(u"tickets").toArray().at(0).toObject().value(u"ticket_id").toString();
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + orderId.toLatin1() + "/refund",
                           QJsonObject{{QStringLiteral("ticket_ids"), QJsonArray{ticket}}},
                           m_clerk)
                     .status,
                 200);
        // The tickets, the invoice and the cancellation invoice: three messages, each once.
        const QList<QJsonObject> mails = m_mailbox.waitFor(buyer, 3);
        QTest::qWait(1000); // a second copy would come now
        QCOMPARE(m_mailbox.waitFor(buyer, 3).size(), 3);
        QJsonObject invoiceMail;
        QJsonObject cancellationMail;
        for (const QJsonObject &mail : mails) {
            const QString subject = mail.value(u"subject").toString();
            if (subject.startsWith(u"Factura rectificativa"))
                cancellationMail = mail;
            else if (subject.startsWith(u"Factura "))
                invoiceMail = mail;
        }
        QVERIFY(!invoiceMail.isEmpty());
        QCOMPARE(invoiceMail.value(u"language").toString(), QStringLiteral("es"));
        QVERIFY(invoiceMail.value(u"subject").toString().contains(number));
        QVERIFY(invoiceMail.value(u"text").toString().contains(u"Acme Compras S.L."));
        QVERIFY(invoiceMail.value(u"html").toString().contains(u"Acme Compras S.L."));
        const QJsonArray attached = invoiceMail.value(u"attachments").toArray();
        QCOMPARE(attached.size(), 1);
        QCOMPARE(attached.at(0).toObject().value(u"name").toString(),
                 QStringLiteral("factura-%1.pdf").arg(number));
        QFile pdf(
            QDir(m_mailbox.folder()).filePath(attached.at(0).toObject().value(u"file").toString()));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray text = pdfText(pdf.readAll());
        QVERIFY(text.contains(QByteArray("(FACTURA " + number.toLatin1() + ")")));
        QVERIFY(!cancellationMail.isEmpty());
        QVERIFY(cancellationMail.value(u"text").toString().contains(number));
        QCOMPARE(cancellationMail.value(u"attachments").toArray().size(), 1);

        // An online fan's account address gets their invoice when the order is paid.
        const QString fanAddress = QStringLiteral("billing.fan@example.test");
        const QByteArray fan = testToken(fanAddress, QStringLiteral("fan"));
        QString intent;
        const QString online = orderOnline(fan, &intent);
        QCOMPARE(addBilling(online, billing(QStringLiteral("Fan Billing GmbH")), fan).status, 200);
        m_checkout.confirm(intent, QStringLiteral("4242424242424242"));
        const QList<QJsonObject> fanMails = m_mailbox.waitFor(fanAddress, 2);
        QCOMPARE(fanMails.size(), 2);
        QVERIFY(std::any_of(fanMails.begin(), fanMails.end(), [](const QJsonObject &mail) {
            return mail.value(u"subject").toString().startsWith(u"Invoice ")
                   && mail.value(u"language").toString() == u"en";
        }));

        // A counter sale that names nobody is invoiced but mailed to no one.
        const qint64 jobs = m_checkout.scalar("SELECT count(*) FROM mail_jobs");
        const QString anonymous = sellCash(1);
        QCOMPARE(addBilling(anonymous, billing(QStringLiteral("Walk-in S.L.")), m_clerk).status,
                 200);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM mail_jobs"), jobs);
        // Each invoice has at most one mail job, and each job is sent.
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM (SELECT order_id, invoice_number"
                                   " FROM mail_jobs WHERE kind = 'invoice'"
                                   " GROUP BY 1, 2 HAVING count(*) > 1) twice"),
                 0);
        checkNumbersHaveNoGap();
    }

    void anOrganiserNumbersItsOwnInvoices()
    {
        const QByteArray path = "/events/" + m_event.toLatin1() + "/organiser";
        const auto put = [&](const QJsonObject &body, const QByteArray &token) {
            return m_checkout.client().send(
                HttpClient::request("PUT",
                                    path,
                                    QJsonDocument(body).toJson(QJsonDocument::Compact),
                                    token,
                                    {{"Content-Type", "application/json"}}));
        };
        const QJsonObject house = m_checkout.client().get(path, m_clerk).json();
        QCOMPARE(house.value(u"organiser").toString(), QStringLiteral("house"));
        const qint64 houseCount = m_checkout.scalar(
            "SELECT count(*) FROM invoices WHERE organiser = 'house'");
        QCOMPARE(house.value(u"last_invoice").toString(),
                 QStringLiteral("HOUSE-%1").arg(houseCount, 6, 10, QLatin1Char('0')));
        // Refused, nothing changes: a clerk, a bad name, an unknown member, an unknown event.
        QCOMPARE(put({{QStringLiteral("organiser"), QStringLiteral("acme")}}, m_clerk).status, 403);
        for (const QJsonValue &bad : {QJsonValue(QStringLiteral("-acme")),
                                      QJsonValue(QStringLiteral("ac me")),
                                      QJsonValue(QString(41, u'a')),
                                      QJsonValue(QString()),
                                      QJsonValue(17)}) {
            const auto refused = put({{QStringLiteral("organiser"), bad}}, m_manager);
            QVERIFY2(refused.status == 422 || refused.status == 400, refused.body.constData());
            QCOMPARE(refused.json().value(u"field").toString(), QStringLiteral("organiser"));
        }
        QCOMPARE(put({{QStringLiteral("organiser"), QStringLiteral("acme")},
                      {QStringLiteral("more"), 1}},
                     m_manager)
                     .status,
                 400);
        QCOMPARE(
            m_checkout.client()
                .send(HttpClient::request("PUT",
                                          "/events/00000000-0000-4000-8000-000000000000/organiser",
                                          R"({"organiser":"acme"})",
                                          m_manager,
                                          {{"Content-Type", "application/json"}}))
                .status,
            404);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit WHERE action = 'event.organiser'"),
                 0);

        // Named Acme (in any case): the next invoice is Acme's first; the house's series stays.
        const auto named = put({{QStringLiteral("organiser"), QStringLiteral("Acme")}}, m_manager);
        QCOMPARE(named.status, 200);
        QCOMPARE(named.json().value(u"organiser").toString(), QStringLiteral("acme"));
        QVERIFY(named.json().value(u"last_invoice").isNull());
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit WHERE action = 'event.organiser'"
                                   " AND before->>'organiser' = 'house'"
                                   " AND after->>'organiser' = 'acme'"),
                 1);
        const QString orderId = sellCash(1);
        const auto added = addBilling(orderId, billing(QStringLiteral("Acme Client S.L.")), m_clerk);
        QCOMPARE(added.status, 200);
        QCOMPARE(
            added.json().value(u"invoices").toArray().at(0).toObject().value(u"number").toString(),
            QStringLiteral("ACME-000001"));
        QCOMPARE(m_checkout.client().get(path, m_clerk).json().value(u"last_invoice").toString(),
                 QStringLiteral("ACME-000001"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM invoices WHERE organiser = 'house'"),
                 houseCount);
        // Back to the house: its series goes on where it stopped.
        QCOMPARE(put({{QStringLiteral("organiser"), QStringLiteral("house")}}, m_manager).status,
                 200);
        const auto next = addBilling(sellCash(1), billing(QStringLiteral("House Client")), m_clerk);
        QCOMPARE(next.json().value(u"invoices").toArray().at(0).toObject().value(u"number").toString(),
                 QStringLiteral("HOUSE-%1").arg(houseCount + 1, 6, 10, QLatin1Char('0')));
        checkNumbersHaveNoGap();
    }

    void anInvoiceThatCannotBeWrittenUsesNoNumber()
    {
        const QString orderId = sellCash(1);
        exec("CREATE FUNCTION invoice_fault() RETURNS trigger LANGUAGE plpgsql AS $$"
             " BEGIN RAISE EXCEPTION 'injected fault'; END $$;"
             " CREATE TRIGGER invoice_fault BEFORE INSERT ON invoices"
             " FOR EACH ROW EXECUTE FUNCTION invoice_fault()");
        const auto failed = addBilling(orderId, billing(QStringLiteral("Fault S.L.")), m_clerk);
        exec("DROP TRIGGER invoice_fault ON invoices; DROP FUNCTION invoice_fault()");
        QCOMPARE(failed.status, 503);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM order_billing WHERE order_id = '"
                                   + orderId.toStdString() + "'"),
                 0);
        QCOMPARE(addBilling(orderId, billing(QStringLiteral("Fault S.L.")), m_clerk).status, 200);
        checkNumbersHaveNoGap();
    }

    void badRequestsAreRefusedAndIssuedInvoicesNeverChange()
    {
        const QString orderId = sellCash(1);
        const qint64 billed = m_checkout.scalar("SELECT count(*) FROM order_billing");
        QCOMPARE(addBilling(orderId, {{"address", "x"}}, m_clerk).status, 400);
        QCOMPARE(addBilling(orderId, {{"company", "  "}, {"address", "x"}}, m_clerk).code(),
                 QStringLiteral("invalid_field"));
        QCOMPARE(addBilling(orderId, {{"company", "A"}, {"address", "B"}, {"iban", "C"}}, m_clerk)
                     .status,
                 400);
        QCOMPARE(addBilling(orderId, billing(QStringLiteral("Not mine")), m_fan).status, 404);
        QCOMPARE(addBilling(QStringLiteral("not-a-uuid"), billing(QStringLiteral("X")), m_clerk)
                     .status,
                 404);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM order_billing"), billed);
        QCOMPARE(m_checkout.client()
                     .get("/orders/" + orderId.toLatin1() + "/invoice.pdf", m_clerk)
                     .status,
                 404);
        // The database refuses to change or delete an issued invoice.
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QVERIFY_THROWS_EXCEPTION(pqxx::sql_error, work.exec("UPDATE invoices SET amount_cents = 0"));
        QVERIFY_THROWS_EXCEPTION(pqxx::sql_error, work.exec("DELETE FROM invoices"));
    }
};

QTEST_GUILESS_MAIN(TestInvoices)
#include "tst_invoices.moc"
