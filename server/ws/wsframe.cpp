// SPDX-License-Identifier: GPL-3.0-or-later
#include "wsframe.h"

#include "domain/ids.h"

#include <QJsonDocument>

namespace boxoffice::server::ws {

WsFrame WsFrame::parse(const QString &text)
{
    WsFrame frame;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &parseError);
    if (!document.isObject())
        return frame;
    const QJsonObject object = document.object();
    frame.id = object.value(u"id");
    if (!(frame.id.isDouble() || frame.id.isString()) || !object.value(u"op").isString()) {
        frame.status = Status::NoIdOrOp;
        return frame;
    }
    frame.status = Status::Ok;
    frame.op = object.value(u"op").toString();
    frame.params = object.value(u"params").isObject() ? object.value(u"params").toObject() : object;
    frame.params.remove(QStringLiteral("id"));
    frame.params.remove(QStringLiteral("op"));
    return frame;
}

domain::Error badRequest(const QString &detail)
{
    return domain::Error(domain::ErrorCode::BadRequest, detail);
}

QString requireString(const QJsonObject &params, const QString &name)
{
    const QJsonValue value = params.value(name);
    if (!value.isString() || value.toString().isEmpty())
        throw badRequest(name + QStringLiteral(" must be a non-empty string"));
    return value.toString();
}

QString requireId(const QJsonObject &params, const QString &name)
{
    return domain::canonicalId(requireString(params, name));
}

qint64 subscriptionSince(const QJsonObject &params)
{
    if (!params.contains(u"since") || params.value(u"since").isNull())
        return -1;
    const double value = params.value(u"since").toDouble(-1);
    // Below 2^53 (exact in a double) before converting: beyond qint64 is undefined.
    if (!params.value(u"since").isDouble() || value < 0 || value > 9007199254740992.0
        || value != double(qint64(value)))
        throw badRequest(QStringLiteral("since must be a version number"));
    return qint64(value);
}

} // namespace boxoffice::server::ws
