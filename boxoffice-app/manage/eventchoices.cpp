// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventchoices.h"

#include <core/localtime.h>

#include <QComboBox>
#include <QDateTime>
#include <QJsonArray>
#include <QSignalBlocker>

namespace boxoffice::app {

int fillEventChoices(QComboBox *box, const QJsonObject &listing, const QString &currentId)
{
    box->clear();
    for (const QJsonValue &v : listing.value(u"items").toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(u"sale_state").toString() == u"cancelled")
            continue; // nothing to sell, hold back or price any more
        const QString start = e.value(u"starts_at").toString().left(10);
        box->addItem(QStringLiteral("%1 (%2)").arg(e.value(u"title").toString(), start),
                     e.value(u"id").toString());
    }
    box->setCurrentIndex(qMax(0, box->findData(currentId)));
    return box->count();
}

QString eventZone(const QJsonObject &event)
{
    return event.value(u"time_zone")
        .toString(event.value(u"venue").toObject().value(u"time_zone").toString());
}

QString eventStart(const QJsonObject &event)
{
    const QDateTime starts = QDateTime::fromString(event.value(u"starts_at").toString(),
                                                   Qt::ISODate);
    return core::LocalTime::shortDateTime(starts, eventZone(event));
}

void refillEventPicker(QComboBox *box,
                       const QJsonObject &listing,
                       const QString &currentId,
                       const std::function<QString(const QJsonObject &)> &label)
{
    const QSignalBlocker quiet(box);
    box->clear();
    for (const QJsonValue &v : listing.value(u"items").toArray()) {
        const QJsonObject e = v.toObject();
        box->addItem(label(e), e.value(u"id").toString());
        box->setItemData(box->count() - 1, e, Qt::UserRole + 1);
    }
    const int index = box->findData(currentId);
    box->setCurrentIndex(index >= 0 ? index : 0);
}

} // namespace boxoffice::app
