// SPDX-License-Identifier: GPL-3.0-or-later
#include "hold.h"

#include "wirereader.h"

#include <QJsonArray>

namespace boxoffice::protocol {

QJsonObject Hold::toJson() const
{
    QJsonValue ga(QJsonValue::Null);
    if (!gaId.isEmpty())
        ga = QJsonObject{{QStringLiteral("id"), gaId}, {QStringLiteral("quantity"), gaQuantity}};
    QJsonObject out{{QStringLiteral("hold_id"), id},
                    {QStringLiteral("event_id"), eventId},
                    {QStringLiteral("seats"), QJsonArray::fromStringList(seats)},
                    {QStringLiteral("ga"), ga},
                    {QStringLiteral("expires_at"), wireTime(expiresAt)},
                    {QStringLiteral("status"), status}};
    if (!allocation.isEmpty())
        out.insert(u"allocation", allocation);
    return out;
}

Parsed<Hold> Hold::fromJson(const QJsonObject &json)
{
    return WireReader::parse<Hold>(json, [](WireReader &in) {
        Hold hold;
        hold.id = in.text("hold_id");
        hold.eventId = in.text("event_id");
        hold.seats = in.texts("seats");
        if (!in.has("ga") || !in.isNull("ga"))
            in.object("ga", [&](WireReader &ga) {
                hold.gaId = ga.text("id");
                hold.gaQuantity = int(ga.integer("quantity", 1, 100000));
                return true;
            });
        hold.expiresAt = in.time("expires_at");
        hold.status = in.text("status");
        hold.allocation = in.optionalText("allocation");
        return hold;
    });
}

} // namespace boxoffice::protocol
