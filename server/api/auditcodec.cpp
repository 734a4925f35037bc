// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditcodec.h"

#include "domain/ids.h"
#include "queryfield.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::ErrorCode;

namespace {

qint64 positive(const QString &field, const QString &text, qint64 max)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < 1 || value > max)
        refuseField(ErrorCode::InvalidField,
                    field,
                    QStringLiteral("`%1` must be an integer from 1 to %2").arg(field).arg(max));
    return value;
}

QJsonValue mapJson(const QVariantMap &values)
{
    return values.isEmpty() ? QJsonValue() : QJsonValue(QJsonObject::fromVariantMap(values));
}

} // namespace

db::AuditQuery parseAuditQuery(const QUrlQuery &query)
{
    db::AuditQuery out;
    out.limit = domain::AuditLog::kDefaultLimit;
    QStringList seen;
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (seen.contains(name))
            refuseField(ErrorCode::BadRequest,
                        name,
                        QStringLiteral("`%1` is given twice").arg(name));
        seen.append(name);
        if (name == u"event_id") {
            out.eventId = domain::uuidOrEmpty(value);
            if (out.eventId.isEmpty())
                refuseField(ErrorCode::InvalidField,
                            name,
                            QStringLiteral("`event_id` must be a uuid"));
        } else if (name == u"since") {
            out.since = rfc3339(name, value);
        } else if (name == u"before") {
            out.beforeId = positive(name, value, std::numeric_limits<qint64>::max());
        } else if (name == u"limit") {
            out.limit = int(positive(name, value, domain::AuditLog::kMaxLimit));
        } else {
            refuseField(ErrorCode::BadRequest,
                        name,
                        QStringLiteral("unknown parameter `%1`").arg(name));
        }
    }
    return out;
}

QJsonObject auditPageJson(const domain::AuditPage &page)
{
    QJsonArray items;
    for (const db::AuditEntry &entry : page.items)
        items.append(
            QJsonObject{{QStringLiteral("id"), entry.id},
                        {QStringLiteral("at"),
                         entry.at.isValid()
                             ? QJsonValue(entry.at.toUTC().toString(Qt::ISODateWithMs))
                             : QJsonValue()},
                        {QStringLiteral("actor"), entry.actor},
                        {QStringLiteral("action"), entry.action},
                        {QStringLiteral("event_id"),
                         entry.eventId.isEmpty() ? QJsonValue() : QJsonValue(entry.eventId)},
                        {QStringLiteral("subject"), entry.subject},
                        {QStringLiteral("before"), mapJson(entry.before)},
                        {QStringLiteral("after"), mapJson(entry.after)}});
    return QJsonObject{{QStringLiteral("items"), items},
                       {QStringLiteral("next_before"),
                        page.nextBefore ? QJsonValue(page.nextBefore) : QJsonValue()}};
}

} // namespace boxoffice::server::api
