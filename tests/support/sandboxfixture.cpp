// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxfixture.h"

#include <payments/blockinghttpclient.h>

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QRegularExpression>

namespace boxoffice::test {

using server::payments::BlockingHttpClient;

WebhookReceiver::WebhookReceiver()
{
    m_server.route(QStringLiteral("/payments/webhook"),
                   QHttpServerRequest::Method::Post,
                   [this](const QHttpServerRequest &request) {
                       WebhookArrival arrival;
                       for (const auto &[name, value] : request.headers()) {
                           if (name.compare("Payment-Signature", Qt::CaseInsensitive) == 0)
                               arrival.signature = value;
                       }
                       arrival.body = request.body();
                       arrival.eventId = QJsonDocument::fromJson(arrival.body)
                                             .object()
                                             .value(QStringLiteral("id"))
                                             .toString();
                       arrival.receivedAtMs = QDateTime::currentMSecsSinceEpoch();
                       arrivals.append(arrival);
                       if (failNext > 0) {
                           --failNext;
                           return QHttpServerResponse(
                               QHttpServerResponse::StatusCode::InternalServerError);
                       }
                       return QHttpServerResponse(QHttpServerResponse::StatusCode::Ok);
                   });
    m_port = m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl WebhookReceiver::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/payments/webhook").arg(m_port));
}

bool SandboxProcess::start(const QUrl &webhookUrl,
                           const QString &stateFile,
                           const QStringList &extraArgs)
{
    m_process = std::make_unique<QProcess>();
    endWithTest(*m_process);
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QStringList args{QStringLiteral("--listen"),
                     QStringLiteral("127.0.0.1:0"),
                     QStringLiteral("--enable-control"),
                     QStringLiteral("--webhook-url"),
                     webhookUrl.toString(),
                     QStringLiteral("--webhook-secret"),
                     QString::fromLatin1(kSecret),
                     QStringLiteral("--api-key"),
                     QString::fromLatin1(kApiKey),
                     QStringLiteral("--slow-ms"),
                     QStringLiteral("300"),
                     QStringLiteral("--hang-ms"),
                     QStringLiteral("1500"),
                     QStringLiteral("--retry-base-ms"),
                     QStringLiteral("40"),
                     QStringLiteral("--retry-max-ms"),
                     QStringLiteral("200"),
                     QStringLiteral("--webhook-timeout-ms"),
                     QStringLiteral("2000")};
    if (!stateFile.isEmpty())
        args << QStringLiteral("--state-file") << stateFile;
    m_process->start(QStringLiteral(PAYMENT_SANDBOX_BIN), args + extraArgs);
    if (!m_process->waitForStarted(5000))
        return false;
    // The first stdout line names the port that was picked.
    QElapsedTimer timer;
    timer.start();
    QByteArray line;
    while (!line.endsWith('\n') && timer.elapsed() < 10000) {
        if (!m_process->waitForReadyRead(200) && m_process->state() != QProcess::Running)
            return false;
        line += m_process->readAllStandardOutput();
    }
    const auto match = QRegularExpression(
                           QStringLiteral("listening on (http://127\\.0\\.0\\.1:\\d+)"))
                           .match(QString::fromUtf8(line));
    if (!match.hasMatch())
        return false;
    m_baseUrl = QUrl(match.captured(1));
    return true;
}

void SandboxProcess::stop()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(3000)) {
            m_process->kill();
            m_process->waitForFinished(3000);
        }
    }
}

bool SandboxProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

SandboxReply SandboxProcess::request(const QByteArray &method,
                                     const QString &path,
                                     const QByteArray &body,
                                     const QList<QPair<QByteArray, QByteArray>> &headers,
                                     bool withKey) const
{
    QUrl url = m_baseUrl;
    url.setPath(path);
    BlockingHttpClient::Headers all = headers;
    if (withKey)
        all.append(qMakePair(QByteArray("Authorization"), QByteArray("Bearer ") + kApiKey));
    if (!body.isEmpty())
        all.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    const auto exchange = BlockingHttpClient::send(method, url, all, body, 5000);
    return {exchange.status, QJsonDocument::fromJson(exchange.body).object(), exchange.body};
}

SandboxReply SandboxProcess::post(const QString &path,
                                  const QJsonObject &body,
                                  const QByteArray &key) const
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!key.isEmpty())
        headers.append(qMakePair(QByteArray("Idempotency-Key"), key));
    return request("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), headers);
}

QString SandboxProcess::createIntent(qint64 amountCents, const QString &orderId) const
{
    const SandboxReply reply = post(QStringLiteral("/v1/payment_intents"),
                                    {{QStringLiteral("amount_cents"), amountCents},
                                     {QStringLiteral("currency"), QStringLiteral("EUR")},
                                     {QStringLiteral("order_id"), orderId}});
    return reply.status == 201 ? reply.json.value(QStringLiteral("id")).toString() : QString();
}

bool SandboxProcess::setMode(const QString &mode, int delayMs) const
{
    QJsonObject body{{QStringLiteral("mode"), mode}};
    if (delayMs > 0)
        body.insert(QStringLiteral("delay_ms"), delayMs);
    return post(QStringLiteral("/control/delivery_mode"), body).status == 200;
}

} // namespace boxoffice::test
