// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/mailsetup.h"
#include "checkoutfixture.h"
#include "mail/smtpsender.h"
#include "mailboxfixture.h"

#include <QTemporaryDir>

// Mail over TLS with authentication (#16) against a real SMTP server (aiosmtpd) with
// certificates made here by openssl: STARTTLS required and used, SMTPS, AUTH PLAIN and LOGIN
// (credentials in the URL or in BOXOFFICE_SMTP_USER/PASSWORD), a private CA trusted through
// BOXOFFICE_SMTP_CA_FILE; refused: an unknown CA, a certificate for another name, a relay
// without TLS when TLS is required or a password is to be sent, a wrong password. Last, the
// real server mails a counter sale through SMTPS + AUTH.
using namespace boxoffice::test;
using boxoffice::server::MailSetup;
using boxoffice::server::mail::SmtpSender;
using boxoffice::server::mail::SmtpSettings;

class SmtpTlsTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_pki;
    Mailbox m_mailbox;
    int m_sent = 0;

    QString pki(const char *name) const { return m_pki.filePath(QLatin1String(name)); }

    static bool openssl(const QStringList &arguments)
    {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(QStringLiteral("openssl"), arguments);
        if (!process.waitForFinished(30000) || process.exitCode() != 0) {
            qWarning("openssl %s: %s",
                     qPrintable(arguments.join(u' ')),
                     process.readAll().constData());
            return false;
        }
        return true;
    }
    // A CA, and a server certificate it signs for `names` (subjectAltName syntax).
    bool makeCa(const QString &prefix)
    {
        return openssl({"req",
                        "-x509",
                        "-newkey",
                        "ec",
                        "-pkeyopt",
                        "ec_paramgen_curve:prime256v1",
                        "-nodes",
                        "-days",
                        "2",
                        "-subj",
                        "/CN=" + prefix + " test CA",
                        "-keyout",
                        m_pki.filePath(prefix + "-ca.key"),
                        "-out",
                        m_pki.filePath(prefix + "-ca.pem")});
    }
    bool makeServerCert(const QString &ca, const QString &name, const QString &names)
    {
        const QString key = m_pki.filePath(name + ".key");
        const QString csr = m_pki.filePath(name + ".csr");
        const QString ext = m_pki.filePath(name + ".ext");
        QFile extFile(ext);
        if (!extFile.open(QIODevice::WriteOnly))
            return false;
        extFile.write("subjectAltName=" + names.toLatin1() + "\n");
        extFile.close();
        return openssl({"req",
                        "-newkey",
                        "ec",
                        "-pkeyopt",
                        "ec_paramgen_curve:prime256v1",
                        "-nodes",
                        "-subj",
                        "/CN=" + name,
                        "-keyout",
                        key,
                        "-out",
                        csr})
               && openssl({"x509",
                           "-req",
                           "-in",
                           csr,
                           "-CA",
                           m_pki.filePath(ca + "-ca.pem"),
                           "-CAkey",
                           m_pki.filePath(ca + "-ca.key"),
                           "-CAcreateserial",
                           "-days",
                           "2",
                           "-extfile",
                           ext,
                           "-out",
                           m_pki.filePath(name + ".pem")});
    }
    QStringList tls(const char *cert = "mail") const
    {
        return {QStringLiteral("--tls-cert"),
                pki(cert) + u".pem",
                QStringLiteral("--tls-key"),
                pki(cert) + u".key"};
    }

    SmtpSettings settings(const QString &url) const
    {
        SmtpSettings s;
        s.url = QUrl(url);
        s.from = QStringLiteral("Box Office <tickets@boxoffice.test>");
        s.caFile = pki("private-ca.pem");
        s.timeoutMs = 5000;
        return s;
    }
    QString at(const char *scheme, const QString &userInfo = {}) const
    {
        return QLatin1String(scheme) + u"://" + (userInfo.isEmpty() ? QString() : userInfo + u'@')
               + u"127.0.0.1:" + QString::number(m_mailbox.port());
    }
    // Sends one message to a fresh address; the message as the mailbox kept it, or an empty
    // object with the sender's error in `error`.
    QJsonObject send(const SmtpSettings &s, QString *error)
    {
        const QString to = QStringLiteral("fan%1@example.com").arg(++m_sent);
        const QByteArray message = "From: " + s.from.toUtf8() + "\r\nTo: " + to.toUtf8()
                                   + "\r\nSubject: TLS test\r\nMessage-ID: <t"
                                   + QByteArray::number(m_sent)
                                   + "@boxoffice.test>\r\n\r\nHello over TLS.\r\n";
        error->clear();
        if (!SmtpSender(s).send(to, message, error))
            return {};
        const auto mail = m_mailbox.waitFor(to, 1, 5000);
        return mail.isEmpty() ? QJsonObject() : mail.first();
    }
    // Refused, for the reason `expected` (a piece of libcurl's message), and nothing arrived.
    void expectRefused(const SmtpSettings &s, const char *why, const char *expected)
    {
        QString error;
        const int before = int(m_mailbox.messages().size());
        QVERIFY2(send(s, &error).isEmpty(), why);
        qInfo("%s: %s", why, qPrintable(error));
        QVERIFY2(error.contains(QLatin1String(expected), Qt::CaseInsensitive), qPrintable(error));
        QCOMPARE(int(m_mailbox.messages().size()), before);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_pki.isValid());
        QVERIFY(makeCa(QStringLiteral("private")));
        QVERIFY(makeCa(QStringLiteral("other")));
        QVERIFY(makeServerCert(QStringLiteral("private"),
                               QStringLiteral("mail"),
                               QStringLiteral("IP:127.0.0.1,DNS:localhost")));
        QVERIFY(makeServerCert(QStringLiteral("private"),
                               QStringLiteral("elsewhere"),
                               QStringLiteral("DNS:mail.elsewhere.test")));
    }

    void startTlsRequiredAndUsed()
    {
        QVERIFY(m_mailbox.start(0, tls() << QStringLiteral("--require-starttls")));
        SmtpSettings s = settings(at("smtp"));
        s.requireTls = true;
        QString error;
        const QJsonObject got = send(s, &error);
        QVERIFY2(!got.isEmpty(), qPrintable(error));
        QVERIFY(got.value(u"tls").toBool());
        QCOMPARE(got.value(u"subject").toString(), QStringLiteral("TLS test"));
    }

    void verificationIsNeverOff()
    {
        QVERIFY(m_mailbox.start(0, tls()));
        SmtpSettings s = settings(at("smtp"));
        s.requireTls = true;
        s.caFile.clear(); // the system's CAs do not know the private one
        expectRefused(s, "unknown CA", "certificate");
        s.caFile = pki("other-ca.pem");
        expectRefused(s, "another CA", "certificate");
        QVERIFY(m_mailbox.start(0, tls("elsewhere")));
        s.caFile = pki("private-ca.pem");
        expectRefused(s, "a certificate for another name", "name");
    }

    void clearTextRefusedWhenTlsIsRequired()
    {
        QVERIFY(m_mailbox.start());
        SmtpSettings s = settings(at("smtp"));
        s.requireTls = true;
        expectRefused(s, "no STARTTLS offered", "SSL");
    }

    void smtpsWithAuthPlain()
    {
        QVERIFY(m_mailbox.start(0,
                                tls() << QStringLiteral("--smtps") << QStringLiteral("--auth")
                                      << QStringLiteral("door:s3cret p@ss")
                                      << QStringLiteral("--auth-mechanism")
                                      << QStringLiteral("PLAIN")));
        QString error;
        const QJsonObject got = send(settings(at("smtps", QStringLiteral("door:s3cret%20p%40ss"))),
                                     &error);
        QVERIFY2(!got.isEmpty(), qPrintable(error + QString::fromUtf8(m_mailbox.output())));
        QVERIFY(got.value(u"tls").toBool());
        QCOMPARE(got.value(u"auth_login").toString(), QStringLiteral("door"));
        QVERIFY(m_mailbox.waitForOutput("AUTH PLAIN as b'door': ok"));
        expectRefused(settings(at("smtps", QStringLiteral("door:wrong"))), "a wrong password", "");
        QVERIFY(m_mailbox.waitForOutput("AUTH PLAIN as b'door': refused"));
        expectRefused(settings(at("smtps")), "no credentials", "530");
    }

    void startTlsWithAuthLoginFromSeparateSettings()
    {
        QVERIFY(m_mailbox.start(0,
                                tls() << QStringLiteral("--auth") << QStringLiteral("door:s3cret")
                                      << QStringLiteral("--auth-mechanism")
                                      << QStringLiteral("LOGIN")));
        SmtpSettings s = settings(at("smtp"));
        s.user = QStringLiteral("door");
        s.password = QStringLiteral("s3cret");
        QString error;
        const QJsonObject got = send(s, &error);
        QVERIFY2(!got.isEmpty(), qPrintable(error));
        QVERIFY(got.value(u"tls").toBool());
        QCOMPARE(got.value(u"auth_login").toString(), QStringLiteral("door"));
        QVERIFY(m_mailbox.waitForOutput("AUTH LOGIN as b'door': ok"));
    }

    // A relay that would take the password in the clear never gets it: credentials mean TLS.
    void passwordNeverSentInTheClear()
    {
        QVERIFY(m_mailbox.start(0,
                                {QStringLiteral("--auth"),
                                 QStringLiteral("door:s3cret"),
                                 QStringLiteral("--auth-in-clear")}));
        expectRefused(settings(at("smtp", QStringLiteral("door:s3cret"))),
                      "password, no TLS",
                      "SSL");
        QTest::qWait(200);
        QVERIFY2(!m_mailbox.output().contains("as b'door'"), m_mailbox.output().constData());
    }

    void settingsFromTheEnvironment()
    {
        const boxoffice::server::Config config;
        qputenv("BOXOFFICE_SMTP_URL", "smtps://relay.example:465");
        qputenv("BOXOFFICE_MAIL_FROM", "tickets@example.com");
        qputenv("BOXOFFICE_SMTP_USER", "door");
        qputenv("BOXOFFICE_SMTP_PASSWORD", "s3cret");
        qputenv("BOXOFFICE_SMTP_CA_FILE", pki("private-ca.pem").toUtf8());
        qputenv("BOXOFFICE_SMTP_STARTTLS", "required");
        MailSetup setup = MailSetup::fromEnvironment(config);
        QVERIFY2(setup.enabled, qPrintable(setup.problem));
        QCOMPARE(setup.smtp.user, QStringLiteral("door"));
        QCOMPARE(setup.smtp.password, QStringLiteral("s3cret"));
        QVERIFY(setup.smtp.requireTls);
        // Mistakes are said at start-up, not found out at the first sale.
        qputenv("BOXOFFICE_SMTP_CA_FILE", pki("no-such-ca.pem").toUtf8());
        setup = MailSetup::fromEnvironment(config);
        QVERIFY(!setup.enabled);
        QVERIFY2(setup.problem.contains(u"BOXOFFICE_SMTP_CA_FILE"), qPrintable(setup.problem));
        qputenv("BOXOFFICE_SMTP_CA_FILE", pki("private-ca.pem").toUtf8());
        qputenv("BOXOFFICE_SMTP_STARTTLS", "yes-please");
        setup = MailSetup::fromEnvironment(config);
        QVERIFY(!setup.enabled);
        QVERIFY2(setup.problem.contains(u"BOXOFFICE_SMTP_STARTTLS"), qPrintable(setup.problem));
        qunsetenv("BOXOFFICE_SMTP_STARTTLS");
        qunsetenv("BOXOFFICE_SMTP_PASSWORD");
        setup = MailSetup::fromEnvironment(config);
        QVERIFY(!setup.enabled);
        QVERIFY2(setup.problem.contains(u"BOXOFFICE_SMTP_PASSWORD"), qPrintable(setup.problem));
        for (const char *name : {"BOXOFFICE_SMTP_URL",
                                 "BOXOFFICE_MAIL_FROM",
                                 "BOXOFFICE_SMTP_USER",
                                 "BOXOFFICE_SMTP_CA_FILE"})
            qunsetenv(name);
    }

    // The whole path: the server's mail worker, configured as an operator would, through SMTPS
    // with AUTH to a relay whose certificate only the private CA vouches for.
    void serverMailsThroughSmtpsWithAuth()
    {
        QVERIFY(m_mailbox.start(0,
                                tls() << QStringLiteral("--smtps") << QStringLiteral("--auth")
                                      << QStringLiteral("mailer:relay-pass")));
        Checkout checkout;
        QVERIFY(checkout.start({},
                               {},
                               {{QStringLiteral("BOXOFFICE_SMTP_URL"), at("smtps")},
                                {QStringLiteral("BOXOFFICE_SMTP_USER"), QStringLiteral("mailer")},
                                {QStringLiteral("BOXOFFICE_SMTP_PASSWORD"),
                                 QStringLiteral("relay-pass")},
                                {QStringLiteral("BOXOFFICE_SMTP_CA_FILE"), pki("private-ca.pem")},
                                {QStringLiteral("BOXOFFICE_MAIL_FROM"),
                                 QStringLiteral("Box Office <tickets@boxoffice.test>")},
                                {QStringLiteral("BOXOFFICE_MAIL_POLL_MS"), QStringLiteral("100")}}));
        const QString event = checkout.createEvent(QStringLiteral("tls-mail"), 2, 4, 0, 60);
        QVERIFY(!event.isEmpty());
        const QByteArray clerk = testToken(QStringLiteral("tls-clerk"), QStringLiteral("clerk"));
        const QString hold = checkout.hold(event, {QStringLiteral("S1-1-1")}, clerk);
        const auto sale = checkout.client().post(
            "/orders",
            QJsonObject{{QStringLiteral("hold_id"), hold},
                        {QStringLiteral("email"), QStringLiteral("tls-fan@example.com")},
                        {QStringLiteral("payment"),
                         QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                     {QStringLiteral("reference"), QStringLiteral("TLS-1")}}}},
            clerk);
        QCOMPARE(sale.status, 201);
        const auto mail = m_mailbox.waitFor(QStringLiteral("tls-fan@example.com"), 1, 20000);
        QCOMPARE(mail.size(), 1);
        QVERIFY(mail[0].value(u"tls").toBool());
        QCOMPARE(mail[0].value(u"auth_login").toString(), QStringLiteral("mailer"));
        QCOMPARE(mail[0].value(u"attachments").toArray().size(), 1);
    }
};

QTEST_GUILESS_MAIN(SmtpTlsTest)
#include "tst_smtptls.moc"
