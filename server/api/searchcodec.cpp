// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchcodec.h"

#include "catalogcodec.h"

#include "domain/error.h"
#include "domain/ids.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;

namespace {

QDateTime parseTime(const QString &value, const char *name)
{
    QDateTime time = QDateTime::fromString(value, Qt::ISODateWithMs);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(value, Qt::ISODate);
        if (date.isValid())
            time = QDateTime(date, QTime(0, 0), Qt::UTC);
    }
    if (!time.isValid())
        throw Error::badRequest(
            QStringLiteral("%1 must be an RFC 3339 time or a date").arg(QLatin1String(name)));
    return time;
}

double parseNumber(const QString &value, const char *name, double min, double max)
{
    bool ok = false;
    const double number = value.toDouble(&ok);
    if (!ok || !(number >= min && number <= max))
        throw Error::badRequest(QStringLiteral("%1 must be a number in [%2, %3]")
                                    .arg(QLatin1String(name))
                                    .arg(min)
                                    .arg(max));
    return number;
}

// Cursors are opaque to clients: base64url of {"s": starts_at, "i": event id}.
QString encodeCursor(const domain::SearchPosition &position)
{
    const QJsonObject object{{QStringLiteral("s"),
                              position.startsAt.toUTC().toString(Qt::ISODateWithMs)},
                             {QStringLiteral("i"), position.eventId}};
    return QString::fromLatin1(
        QJsonDocument(object)
            .toJson(QJsonDocument::Compact)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

domain::SearchPosition decodeCursor(const QString &cursor)
{
    const auto decoded
        = QByteArray::fromBase64Encoding(cursor.toLatin1(),
                                         QByteArray::Base64UrlEncoding
                                             | QByteArray::AbortOnBase64DecodingErrors);
    const QJsonObject object = decoded ? QJsonDocument::fromJson(*decoded).object() : QJsonObject();
    const QDateTime starts = QDateTime::fromString(object.value(u"s").toString(), Qt::ISODateWithMs);
    const QString id = object.value(u"i").toString();
    if (!starts.isValid() || !domain::isUuid(id))
        throw Error::badRequest(QStringLiteral("cursor is not one this server gave out"));
    return domain::SearchPosition{starts, id};
}

} // namespace

domain::EventSearch parseEventSearch(const QUrlQuery &url)
{
    static const QStringList known{QStringLiteral("q"),
                                   QStringLiteral("category"),
                                   QStringLiteral("from"),
                                   QStringLiteral("to"),
                                   QStringLiteral("near"),
                                   QStringLiteral("radius_km"),
                                   QStringLiteral("limit"),
                                   QStringLiteral("cursor")};
    for (const auto &item : url.queryItems()) {
        if (!known.contains(item.first))
            throw Error::badRequest(QStringLiteral("unknown parameter %1").arg(item.first));
    }
    const auto value = [&](const char *name) {
        return url.queryItemValue(QLatin1String(name), QUrl::FullyDecoded);
    };
    domain::EventSearch query;
    query.text = value("q").simplified();
    if (query.text.size() > 200)
        throw Error::badRequest(QStringLiteral("q is longer than 200 characters"));
    query.category = value("category");
    if (url.hasQueryItem(QStringLiteral("from")))
        query.from = parseTime(value("from"), "from");
    if (url.hasQueryItem(QStringLiteral("to")))
        query.to = parseTime(value("to"), "to");
    if (url.hasQueryItem(QStringLiteral("near"))) {
        const QStringList parts = value("near").split(u',');
        if (parts.size() != 2)
            throw Error::badRequest(QStringLiteral("near must be LAT,LNG"));
        query.lat = parseNumber(parts[0], "near latitude", -90, 90);
        query.lng = parseNumber(parts[1], "near longitude", -180, 180);
    }
    if (url.hasQueryItem(QStringLiteral("radius_km")))
        query.radiusKm = parseNumber(value("radius_km"), "radius_km", 0, 20000);
    if (url.hasQueryItem(QStringLiteral("limit")))
        query.limit = int(parseNumber(value("limit"), "limit", 1, 100));
    if (url.hasQueryItem(QStringLiteral("cursor")))
        query.after = decodeCursor(value("cursor"));
    return query;
}

QJsonObject eventPageJson(const domain::EventPage &page)
{
    QJsonArray items;
    for (const QByteArray &document : page.eventDocuments) {
        items.append(eventAnswer(document, true));
    }
    const QJsonValue next = page.next ? QJsonValue(encodeCursor(*page.next))
                                      : QJsonValue(QJsonValue::Null);
    return QJsonObject{{QStringLiteral("items"), items}, {QStringLiteral("next_cursor"), next}};
}

QJsonObject seatHistoryJson(const domain::SeatHistory &history)
{
    QJsonArray entries;
    for (const QByteArray &document : history.entryDocuments)
        entries.append(QJsonDocument::fromJson(document).object());
    return QJsonObject{{QStringLiteral("event_id"), history.eventId},
                       {QStringLiteral("seat_id"), history.seatId},
                       {QStringLiteral("history"), entries}};
}

} // namespace boxoffice::server::api
