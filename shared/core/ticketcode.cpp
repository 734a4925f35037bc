// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketcode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::core {

namespace {

constexpr auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
// A QR code of a ticket stays small: anything longer is not one of ours.
constexpr qsizetype kMaxCode = 1024;

// One JSON string literal, escaped as QJsonDocument escapes it.
QByteArray jsonString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

QByteArray jsonStringOrNull(const QString &text)
{
    return text.isEmpty() ? QByteArrayLiteral("null") : jsonString(text);
}

} // namespace

QByteArray toBase64Url(const QByteArray &bytes)
{
    return bytes.toBase64(kBase64);
}

std::optional<QByteArray> fromBase64Url(QByteArrayView text)
{
    if (text.contains('=') || text.isEmpty())
        return std::nullopt;
    const auto result
        = QByteArray::fromBase64Encoding(text.toByteArray(),
                                         kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    if (!result)
        return std::nullopt;
    return result.decoded;
}

QByteArray TicketCode::encodePayload(const TicketPayload &p)
{
    return "{\"t\":" + jsonString(p.ticketId) + ",\"e\":" + jsonString(p.eventId)
           + ",\"s\":" + jsonStringOrNull(p.seatId) + ",\"g\":" + jsonStringOrNull(p.gaId)
           + ",\"v\":" + QByteArray::number(p.version) + ",\"k\":" + jsonString(p.keyId) + '}';
}

QString TicketCode::join(const QByteArray &payloadBytes, const QByteArray &signature)
{
    return QString::fromLatin1(toBase64Url(payloadBytes) + '.' + toBase64Url(signature));
}

std::optional<TicketCode> TicketCode::parse(QStringView code)
{
    if (code.size() > kMaxCode || code.count(u'.') != 1)
        return std::nullopt;
    const QByteArray latin = code.trimmed().toLatin1();
    const qsizetype dot = latin.indexOf('.');
    const auto payloadBytes = fromBase64Url(QByteArrayView(latin).first(dot));
    const auto signature = fromBase64Url(QByteArrayView(latin).sliced(dot + 1));
    if (!payloadBytes || !signature || signature->size() != 64)
        return std::nullopt;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*payloadBytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    const QJsonObject o = doc.object();
    const QJsonValue t = o.value(u"t"), e = o.value(u"e"), s = o.value(u"s"), g = o.value(u"g"),
                     v = o.value(u"v"), k = o.value(u"k");
    if (!t.isString() || !e.isString() || !k.isString() || !v.isDouble())
        return std::nullopt;
    if (!(s.isString() || s.isNull()) || !(g.isString() || g.isNull()) || s.isNull() == g.isNull())
        return std::nullopt;
    const double version = v.toDouble();
    if (version < 1 || version > 1e6 || version != double(int(version)))
        return std::nullopt;
    TicketCode parsed;
    parsed.payload = TicketPayload{t.toString(),
                                   e.toString(),
                                   s.toString(),
                                   g.toString(),
                                   int(version),
                                   k.toString()};
    parsed.payloadBytes = *payloadBytes;
    parsed.signature = *signature;
    return parsed;
}

} // namespace boxoffice::core
