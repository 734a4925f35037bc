// SPDX-License-Identifier: GPL-3.0-or-later
#include "realtimeconfig.h"

#include "http/request.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace boxoffice::server {

void RealtimeConfig::addOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("log-format"),
         QStringLiteral("text or json: one JSON object per line (BOXOFFICE_LOG_FORMAT)."),
         QStringLiteral("format")},
        {QStringLiteral("seatmap-log-retention-s"),
         QStringLiteral("Seat-map deltas kept for reconnecting clients "
                        "(BOXOFFICE_SEATMAP_LOG_RETENTION_S, default 3600)."),
         QStringLiteral("s")},
        {QStringLiteral("ws-max-queue-bytes"),
         QStringLiteral("Per-connection WebSocket send queue bound "
                        "(BOXOFFICE_WS_MAX_QUEUE_BYTES, default 262144)."),
         QStringLiteral("bytes")},
        {QStringLiteral("ws-ops-per-second"),
         QStringLiteral("WebSocket requests per second per connection "
                        "(BOXOFFICE_WS_OPS_PER_SECOND, default 50)."),
         QStringLiteral("n")},
        {QStringLiteral("ws-idle-timeout-ms"),
         QStringLiteral("Close WebSocket connections silent this long "
                        "(BOXOFFICE_WS_IDLE_TIMEOUT_MS, default 60000)."),
         QStringLiteral("ms")},
        {QStringLiteral("ws-shards"),
         QStringLiteral("WebSocket connection threads (BOXOFFICE_WS_SHARDS, default 0: one per "
                        "core)."),
         QStringLiteral("n")},
        {QStringLiteral("ws-watchers-per-address"),
         QStringLiteral("WebSocket connections watching seat maps without signing in, per client "
                        "address (BOXOFFICE_WS_WATCHERS_PER_ADDRESS, default 64)."),
         QStringLiteral("n")},
        {QStringLiteral("socket-send-buffer"),
         QStringLiteral("Kernel send buffer per accepted connection, bounding what a slow client "
                        "pins (BOXOFFICE_SOCKET_SEND_BUFFER, default: system)."),
         QStringLiteral("bytes")},
        {QStringLiteral("no-relay"),
         QStringLiteral("Do not run the outbox relay in this instance (BOXOFFICE_NO_RELAY=1).")},
    });
}

RealtimeConfig RealtimeConfig::load(const QCommandLineParser &parser, QString *error)
{
    RealtimeConfig c;
    auto fail = [error](const QString &problem) { // every problem kept, one per line
        if (!error->isEmpty())
            error->append(u'\n');
        error->append(problem);
    };
    auto value = [&](const char *variable, const char *flag) {
        const QString name = QLatin1String(flag);
        return parser.isSet(name) ? parser.value(name) : qEnvironmentVariable(variable);
    };
    auto number = [&](const char *variable, const char *flag, qint64 min, qint64 max, auto *out) {
        const QString text = value(variable, flag);
        if (text.isEmpty())
            return;
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        if (!ok || n < min || n > max)
            fail(QStringLiteral("--%1 (%2) must be %3-%4, not \"%5\"")
                     .arg(QLatin1String(flag), QLatin1String(variable))
                     .arg(min)
                     .arg(max)
                     .arg(text));
        else
            *out = decltype(+*out)(n);
    };
    const QString format = value("BOXOFFICE_LOG_FORMAT", "log-format");
    if (!format.isEmpty()) {
        if (format != u"text" && format != u"json")
            fail(QStringLiteral(
                     "--log-format (BOXOFFICE_LOG_FORMAT) must be text or json, not \"%1\"")
                     .arg(format));
        c.logFormat = format;
    }
    number("BOXOFFICE_SEATMAP_LOG_RETENTION_S",
           "seatmap-log-retention-s",
           0,
           86400 * 30,
           &c.relay.logRetentionSeconds);
    number("BOXOFFICE_WS_MAX_QUEUE_BYTES", "ws-max-queue-bytes", 1024, 1 << 30, &c.ws.maxQueuedBytes);
    number("BOXOFFICE_WS_OPS_PER_SECOND", "ws-ops-per-second", 1, 100000, &c.ws.opsPerSecond);
    c.ws.opsBurst = std::max(c.ws.opsPerSecond * 2, 10);
    number("BOXOFFICE_WS_IDLE_TIMEOUT_MS", "ws-idle-timeout-ms", 1000, 86400000, &c.ws.idleTimeoutMs);
    c.ws.pingIntervalMs = std::min(c.ws.pingIntervalMs, c.ws.idleTimeoutMs / 3);
    number("BOXOFFICE_WS_SHARDS", "ws-shards", 0, 64, &c.ws.shards);
    number("BOXOFFICE_WS_WATCHERS_PER_ADDRESS",
           "ws-watchers-per-address",
           0,
           1000000,
           &c.ws.watchersPerAddress);
    number("BOXOFFICE_SOCKET_SEND_BUFFER", "socket-send-buffer", 0, 1 << 28, &c.socketSendBuffer);
    c.relayEnabled = !parser.isSet(QStringLiteral("no-relay"))
                     && qEnvironmentVariable("BOXOFFICE_NO_RELAY") != u"1";
    return c;
}

namespace {

void jsonMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    static const char *const kLevels[] = {"debug", "warning", "critical", "fatal", "info"};
    QJsonObject line{
        {QStringLiteral("ts"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("level"), QLatin1String(kLevels[std::clamp(int(type), 0, 4)])},
        {QStringLiteral("category"), QLatin1String(context.category ? context.category : "default")},
        {QStringLiteral("msg"), message},
    };
    // Lines logged while answering a request name it: the id a fan sees in a problem answer.
    const QByteArray requestId = http::RequestIdScope::current();
    if (!requestId.isEmpty())
        line.insert(QStringLiteral("request_id"), QString::fromLatin1(requestId));
    const QByteArray text = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(text.constData(), 1, size_t(text.size()), stderr);
    std::fflush(stderr);
    if (type == QtFatalMsg)
        std::abort();
}

} // namespace

void installLogFormat(const QString &format)
{
    if (format == u"json")
        qInstallMessageHandler(jsonMessage);
}

} // namespace boxoffice::server
