// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventchoices.h"

#include <QComboBox>
#include <QJsonArray>

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

} // namespace boxoffice::app
