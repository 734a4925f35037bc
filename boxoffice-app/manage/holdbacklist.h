// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace boxoffice::app {

/// One event's seats held back, as GET /events/{id}/holdbacks lists them: the kind of each seat
/// (the public seat map only says `blocked`) and the named allocations with their setting.
struct HoldbackList
{
    struct Seat
    {
        QString kind;       ///< kill, house or allocation
        QString allocation; ///< the name, for kind allocation
    };
    struct Allocation
    {
        QString name;
        int seats = 0;
        bool counterSale = false;
    };

    QHash<QString, Seat> seats; ///< by seat id
    QList<Allocation> allocations;

    static HoldbackList fromJson(const QJsonObject &json);
    /// Seats of `kind` (and of the allocation `allocation` when not empty).
    int count(const QString &kind, const QString &allocation = {}) const;
    const Allocation *allocation(const QString &name) const;
};

/// The colours of held-back seats on the manager's map; kills are crossed and house seats ringed
/// (registered with the seat map), so the kinds never rely on colour alone.
namespace HoldbackColours {
QColor kill();
QColor house();
QColor allocation();
QColor of(const QString &kind);
void registerMarks();
} // namespace HoldbackColours

} // namespace boxoffice::app
