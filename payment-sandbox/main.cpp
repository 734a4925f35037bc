// SPDX-License-Identifier: GPL-3.0-or-later
#include "controlapi.h"
#include "hostedpage.h"
#include "sandboxapi.h"
#include "sandboxstore.h"
#include "webhookdispatcher.h"

#include <core/version.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QHttpServer>
#include <QTcpServer>
#include <QTextStream>

using namespace boxoffice::sandbox;

namespace {

struct Option
{
    const char *name;
    const char *description;
    const char *defaultValue;
};

// Every flag can also come from PAYMENT_SANDBOX_<NAME> (upper case, '-' -> '_').
constexpr Option kOptions[] = {
    {"listen", "Address to listen on (host:port; port 0 picks one).", "127.0.0.1:8081"},
    {"webhook-url", "Where webhooks are POSTed.", "http://127.0.0.1:8080/payments/webhook"},
    // No default secrets: both must be given.
    {"webhook-secret", "HMAC secret for the Payment-Signature header.", ""},
    {"api-key", "Bearer key merchants must present.", ""},
    {"state-file", "SQLite database that keeps state across restarts.", ""},
    {"slow-ms", "How long slow and timeout cards stay processing.", "3000"},
    {"hang-ms", "How long the timeout card's confirm hangs before 504.", "10000"},
    {"max-attempts", "Webhook delivery attempts per event.", "8"},
    {"retry-base-ms", "First webhook retry delay (doubles per attempt).", "1000"},
    {"retry-max-ms", "Longest webhook retry delay.", "60000"},
    {"webhook-timeout-ms", "Timeout of one webhook attempt.", "10000"},
};

QString envName(const char *option)
{
    return QStringLiteral("PAYMENT_SANDBOX_")
           + QString::fromLatin1(option).toUpper().replace(QLatin1Char('-'), QLatin1Char('_'));
}

QString optionValue(const QCommandLineParser &parser, const Option &option)
{
    const QString name = QString::fromLatin1(option.name);
    if (parser.isSet(name))
        return parser.value(name);
    const QByteArray env = qgetenv(envName(option.name).toLatin1().constData());
    return env.isNull() ? QString::fromLatin1(option.defaultValue) : QString::fromUtf8(env);
}

int fail(const QString &message)
{
    QTextStream(stderr) << "payment-sandbox: " << message << '\n';
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("payment-sandbox"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A card-payment provider for tests and demos (docs/payment-sandbox.md).\n"
                       "Every option can also be set as PAYMENT_SANDBOX_<OPTION>."));
    parser.addHelpOption();
    parser.addVersionOption();
    for (const Option &option : kOptions) {
        parser.addOption({QString::fromLatin1(option.name),
                          QString::fromLatin1(option.description) + QStringLiteral(" Default: ")
                              + QString::fromLatin1(option.defaultValue),
                          QStringLiteral("value")});
    }
    parser.addOption({QStringLiteral("enable-control"),
                      QStringLiteral("Serve the test control endpoints under /control.")});
    parser.process(app);

    QHash<QString, QString> values;
    for (const Option &option : kOptions)
        values.insert(QString::fromLatin1(option.name), optionValue(parser, option));
    auto number = [&](const char *name, int minimum, int *out) {
        bool ok = false;
        *out = values.value(QString::fromLatin1(name)).toInt(&ok);
        return ok && *out >= minimum;
    };
    DispatcherConfig delivery;
    delivery.url = QUrl(values.value(QStringLiteral("webhook-url")));
    delivery.secret = values.value(QStringLiteral("webhook-secret")).toUtf8();
    ApiConfig api;
    api.apiKey = values.value(QStringLiteral("api-key")).toUtf8();
    if (!number("slow-ms", 0, &api.slowMs) || !number("hang-ms", 0, &api.hangMs)
        || !number("max-attempts", 1, &delivery.maxAttempts)
        || !number("retry-base-ms", 1, &delivery.retryBaseMs)
        || !number("retry-max-ms", 1, &delivery.retryMaxMs)
        || !number("webhook-timeout-ms", 1, &delivery.timeoutMs))
        return fail(QStringLiteral("numeric options must be non-negative integers"));
    if (!delivery.url.isValid() || delivery.url.scheme().isEmpty())
        return fail(QStringLiteral("--webhook-url must be an absolute URL"));
    // A sandbox reachable by others must not accept a secret everyone knows from the source.
    if (delivery.secret.isEmpty() || api.apiKey.isEmpty())
        return fail(QStringLiteral("--webhook-secret and --api-key are required (no secret ships "
                                   "with the sandbox)"));

    const QString listen = values.value(QStringLiteral("listen"));
    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint port = listen.mid(colon + 1).toUInt(&portOk);
    const QHostAddress address(listen.left(colon));
    if (colon <= 0 || !portOk || port > 65535 || address.isNull())
        return fail(QStringLiteral("--listen must be host:port, e.g. 127.0.0.1:0"));

    SandboxStore store(values.value(QStringLiteral("state-file")));
    QString error;
    if (!store.open(&error))
        return fail(QStringLiteral("cannot open state file: ") + error);

    WebhookDispatcher dispatcher(&store, delivery);
    SandboxApi sandbox(&store, &dispatcher, api);
    ControlApi control(&store, &dispatcher, &sandbox);
    QHttpServer server;
    server.route(QStringLiteral("/healthz"), [] { return QStringLiteral("ok"); });
    QTcpServer connections;
    sandbox.registerRoutes(server);
    HostedPage hostedPage(&store, &sandbox);
    hostedPage.registerRoutes(server);
    if (parser.isSet(QStringLiteral("enable-control")))
        control.registerRoutes(server);

    if (!connections.listen(address, static_cast<quint16>(port)))
        return fail(QStringLiteral("cannot listen on ") + listen + QStringLiteral(": ")
                    + connections.errorString());
    server.bind(&connections);
    const quint16 bound = connections.serverPort();
    sandbox.resumeProcessing();
    dispatcher.resumePending();

    QTextStream out(stdout);
    out << "listening on http://" << address.toString() << ':' << bound << Qt::endl;
    return app.exec();
}
