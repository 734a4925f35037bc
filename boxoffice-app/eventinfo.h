// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/event.h>

#include <QColor>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace boxoffice::app {

/// A price category of an event: the venue category with its price.
struct PriceCategory
{
    QString id;
    QString name;
    QColor colour;
    qint64 priceCents = 0;
};

/// What the box office needs to know about an event (from GET /events/{id}).
struct EventInfo
{
    QString id;
    QString title;
    QDateTime startsAt; ///< UTC; show it with core::LocalTime in `timeZone`
    QString timeZone;   ///< the venue's IANA zone (empty: UTC)
    QString venueId;
    QString venueName;
    QString city;
    QString currency = QStringLiteral("EUR");
    QList<PriceCategory> categories;
    int holdSeconds = 600;
    int maxSeats = 0;
    /// Why the answer was not read as an Event ("$.venue: missing required field"); empty when
    /// it was.
    QString error;

    /// Reads an Event object (protocol::Event); one that is not has only its `id` and `error`.
    static EventInfo fromJson(const QJsonObject &json);
    static EventInfo fromEvent(const protocol::Event &event);
    const PriceCategory *category(const QString &id) const;
    /// Start at the venue, short ("14/03/2026 20:30").
    QString startsAtText() const;
};

/// Formats minor units as money ("12.50 EUR").
QString formatMoney(qint64 cents, const QString &currency);

} // namespace boxoffice::app
