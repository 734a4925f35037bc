#include "waitingplace.h"

namespace boxoffice::server::domain {

namespace {

// A JSON string as QJsonDocument writes it: UTF-8, with quotes, backslashes and control
// characters escaped.
void appendString(QByteArray &out, const QString &value)
{
    out += '"';
    const QByteArray utf8 = value.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[(c >> 4) & 0xf];
                out += hex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

} // namespace

QJsonObject WaitingPlace::toJson() const
{
    return QJsonObject{{QStringLiteral("queue_id"), queueId},
                       {QStringLiteral("event_id"), eventId},
                       {QStringLiteral("state"), QStringLiteral("waiting")},
                       {QStringLiteral("position"), double(position)},
                       {QStringLiteral("ahead"), double(ahead)},
                       {QStringLiteral("eta_seconds"), double(etaSeconds)},
                       {QStringLiteral("retry_after"), retryAfter},
                       {QStringLiteral("opens_at"),
                        opensAt.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(opensAt)}};
}

QByteArray WaitingPlace::toText() const
{
    QByteArray out;
    out.reserve(200 + queueId.size() + eventId.size());
    out += "{\"ahead\":";
    out += QByteArray::number(ahead);
    out += ",\"eta_seconds\":";
    out += QByteArray::number(etaSeconds);
    out += ",\"event_id\":";
    appendString(out, eventId);
    out += ",\"opens_at\":";
    if (opensAt.isEmpty())
        out += "null";
    else
        appendString(out, opensAt);
    out += ",\"position\":";
    out += QByteArray::number(position);
    out += ",\"queue_id\":";
    appendString(out, queueId);
    out += ",\"retry_after\":";
    out += QByteArray::number(retryAfter);
    out += ",\"state\":\"waiting\"}";
    return out;
}

} // namespace boxoffice::server::domain
