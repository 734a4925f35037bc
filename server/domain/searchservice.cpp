#include "searchservice.h"

#include "db/catalogrepository.h"
#include "db/database.h"
#include "db/searchrepository.h"
#include "db/seathistory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimeZone>

namespace boxoffice::server::domain {

namespace {

Error bad(const QString &detail)
{
    return Error(ErrorCode::BadRequest, detail);
}

bool isUuid(const QString &id)
{
    static const QRegularExpression pattern(QStringLiteral(
        "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"));
    return pattern.match(id).hasMatch();
}

QDateTime parseTime(const QString &value, const char *name)
{
    QDateTime time = QDateTime::fromString(value, Qt::ISODateWithMs);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(value, Qt::ISODate);
        if (date.isValid())
            time = QDateTime(date, QTime(0, 0), Qt::UTC);
    }
    if (!time.isValid())
        throw bad(QStringLiteral("%1 must be an RFC 3339 time or a date").arg(QLatin1String(name)));
    return time;
}

double parseNumber(const QString &value, const char *name, double min, double max)
{
    bool ok = false;
    const double number = value.toDouble(&ok);
    if (!ok || !(number >= min && number <= max))
        throw bad(QStringLiteral("%1 must be a number in [%2, %3]")
                      .arg(QLatin1String(name))
                      .arg(min)
                      .arg(max));
    return number;
}

// Cursors are opaque to clients: base64url of {"s": starts_at, "i": event id}.
QString encodeCursor(const db::SearchHit &hit)
{
    const QJsonObject object{{QStringLiteral("s"), hit.startsAt.toUTC().toString(Qt::ISODateWithMs)},
                             {QStringLiteral("i"), hit.eventId}};
    return QString::fromLatin1(
        QJsonDocument(object)
            .toJson(QJsonDocument::Compact)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

void decodeCursor(const QString &cursor, db::SearchQuery &query)
{
    const auto decoded
        = QByteArray::fromBase64Encoding(cursor.toLatin1(),
                                         QByteArray::Base64UrlEncoding
                                             | QByteArray::AbortOnBase64DecodingErrors);
    const QJsonObject object = decoded ? QJsonDocument::fromJson(*decoded).object() : QJsonObject();
    const QDateTime starts = QDateTime::fromString(object.value(u"s").toString(), Qt::ISODateWithMs);
    const QString id = object.value(u"i").toString();
    if (!starts.isValid() || !isUuid(id))
        throw bad(QStringLiteral("cursor is not one this server gave out"));
    query.afterStartsAt = starts;
    query.afterId = id;
}

db::SearchQuery parseQuery(const QUrlQuery &url)
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
            throw bad(QStringLiteral("unknown parameter %1").arg(item.first));
    }
    const auto value = [&](const char *name) {
        return url.queryItemValue(QLatin1String(name), QUrl::FullyDecoded);
    };
    db::SearchQuery query;
    query.text = value("q").simplified();
    if (query.text.size() > 200)
        throw bad(QStringLiteral("q is longer than 200 characters"));
    query.category = value("category");
    if (url.hasQueryItem(QStringLiteral("from")))
        query.from = parseTime(value("from"), "from");
    if (url.hasQueryItem(QStringLiteral("to")))
        query.to = parseTime(value("to"), "to");
    if (url.hasQueryItem(QStringLiteral("near"))) {
        const QStringList parts = value("near").split(u',');
        if (parts.size() != 2)
            throw bad(QStringLiteral("near must be LAT,LNG"));
        query.lat = parseNumber(parts[0], "near latitude", -90, 90);
        query.lng = parseNumber(parts[1], "near longitude", -180, 180);
    }
    if (url.hasQueryItem(QStringLiteral("radius_km")))
        query.radiusKm = parseNumber(value("radius_km"), "radius_km", 0, 20000);
    if (url.hasQueryItem(QStringLiteral("limit")))
        query.limit = int(parseNumber(value("limit"), "limit", 1, 100));
    if (url.hasQueryItem(QStringLiteral("cursor")))
        decodeCursor(value("cursor"), query);
    return query;
}

} // namespace

SearchService::SearchService(db::Database &database)
    : m_database(database)
{}

Response SearchService::search(const QUrlQuery &url)
{
    const db::SearchQuery query = parseQuery(url);
    QJsonArray items;
    QJsonValue next = QJsonValue::Null;
    m_database.transact(
        [&](db::Tx &tx) {
            auto hits = db::SearchRepository::search(tx, query);
            if (int(hits.size()) > query.limit) {
                hits.resize(size_t(query.limit));
                next = encodeCursor(hits.back());
            }
            // The page's events in one query, not one per hit.
            QStringList ids;
            for (const auto &hit : hits)
                ids.append(hit.eventId);
            const QHash<QString, QJsonObject> events = db::CatalogRepository::events(tx, ids);
            for (const auto &hit : hits) {
                auto event = events.constFind(hit.eventId);
                if (event == events.constEnd())
                    continue;
                QJsonObject item = *event;
                item.remove(QStringLiteral("categories"));
                item.remove(QStringLiteral("limits"));
                items.append(item);
            }
        },
        db::Database::Isolation::RepeatableRead);
    return {200,
            QJsonObject{{QStringLiteral("items"), items}, {QStringLiteral("next_cursor"), next}}};
}

Response SearchService::seatHistory(const QString &eventId, const QString &seatId)
{
    if (!isUuid(eventId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    std::optional<QJsonArray> history;
    m_database.transact(
        [&](db::Tx &tx) { history = db::SeatHistoryRepository::history(tx, eventId, seatId); });
    if (!history)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such seat in this event"));
    return {200,
            QJsonObject{{QStringLiteral("event_id"), eventId},
                        {QStringLiteral("seat_id"), seatId},
                        {QStringLiteral("history"), *history}}};
}

} // namespace boxoffice::server::domain
