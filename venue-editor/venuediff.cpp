// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuediff.h"

#include <QCoreApplication>
#include <QHash>

namespace boxoffice::editor {

namespace {

QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("VenueDiff", text, nullptr, n);
}

/// "S-A-1, S-A-2, S-A-3 and 4 more": a few ids, enough to find the change.
QString someIds(const QStringList &ids)
{
    constexpr qsizetype kShown = 5;
    QString text = ids.mid(0, kShown).join(QStringLiteral(", "));
    if (ids.size() > kShown)
        text += tr(" and %n more", int(ids.size() - kShown));
    return text;
}

template<typename T, typename Id>
QHash<QString, T> byId(const QList<T> &items, Id id)
{
    QHash<QString, T> map;
    for (const T &item : items)
        map.insert(id(item), item);
    return map;
}

/// Added, removed and changed ids of one kind of thing (categories, sections, GA areas, seats).
template<typename T>
void compare(const QList<T> &serverItems,
             const QList<T> &myItems,
             const std::function<QString(const T &)> &id,
             const char *what,
             QStringList *out)
{
    const QHash<QString, T> server = byId(serverItems, id);
    const QHash<QString, T> mine = byId(myItems, id);
    QStringList onlyServer;
    QStringList onlyMine;
    QStringList changed;
    for (const T &item : serverItems) {
        const auto it = mine.constFind(id(item));
        if (it == mine.cend())
            onlyServer.append(id(item));
        else if (!(*it == item))
            changed.append(id(item));
    }
    for (const T &item : myItems) {
        if (!server.contains(id(item)))
            onlyMine.append(id(item));
    }
    const QString kind = tr(what);
    if (!onlyServer.isEmpty())
        out->append(tr("%1 only on the server: %2").arg(kind, someIds(onlyServer)));
    if (!onlyMine.isEmpty())
        out->append(tr("%1 only here: %2").arg(kind, someIds(onlyMine)));
    if (!changed.isEmpty())
        out->append(tr("%1 changed: %2").arg(kind, someIds(changed)));
}

struct FlatSeat
{
    core::Seat seat;
    QString place; ///< section/row

    bool operator==(const FlatSeat &) const = default;
};

QList<FlatSeat> flatSeats(const core::Venue &venue)
{
    QList<FlatSeat> seats;
    seats.reserve(venue.seatCount());
    venue.forEachSeat([&seats](const core::Section &section,
                               const core::Row &row,
                               const core::Seat &seat,
                               core::SeatRef) {
        seats.append({seat, section.id + u'/' + row.id});
    });
    return seats;
}

} // namespace

QStringList describeVenueDifferences(const core::Venue &server, const core::Venue &mine)
{
    QStringList out;
    if (server.name != mine.name)
        out.append(tr("Name: “%1” on the server, “%2” here").arg(server.name, mine.name));
    if (server.size != mine.size || server.focalPoint != mine.focalPoint)
        out.append(tr("Size or focal point differ"));
    if (server.timeZone != mine.timeZone)
        out.append(
            tr("Time zone: “%1” on the server, “%2” here").arg(server.timeZone, mine.timeZone));
    compare<core::Category>(
        server.categories,
        mine.categories,
        [](const core::Category &c) { return c.id; },
        QT_TRANSLATE_NOOP("VenueDiff", "Categories"),
        &out);
    // Sections by their outline and name only: their seats are compared one by one below.
    auto bare = [](QList<core::Section> sections) {
        for (core::Section &section : sections)
            section.rows.clear();
        return sections;
    };
    compare<core::Section>(
        bare(server.sections),
        bare(mine.sections),
        [](const core::Section &s) { return s.id; },
        QT_TRANSLATE_NOOP("VenueDiff", "Sections"),
        &out);
    compare<FlatSeat>(
        flatSeats(server),
        flatSeats(mine),
        [](const FlatSeat &s) { return s.seat.id; },
        QT_TRANSLATE_NOOP("VenueDiff", "Seats"),
        &out);
    compare<core::GaArea>(
        server.gaAreas,
        mine.gaAreas,
        [](const core::GaArea &a) { return a.id; },
        QT_TRANSLATE_NOOP("VenueDiff", "GA areas"),
        &out);
    if (server.shapes != mine.shapes)
        out.append(tr("Shapes (stage, labels, walls) differ"));
    return out;
}

} // namespace boxoffice::editor
