// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditwords.h"

#include "staffwords.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

namespace boxoffice::app {

namespace {
constexpr int kSeatsNamed = 6; // more seats than this are counted, not listed

QString quoted(const QString &text)
{
    return AuditWords::tr("“%1”").arg(text);
}

QString seatList(const QJsonArray &seats)
{
    QStringList names;
    for (const QJsonValue &seat : seats) {
        if (names.size() == kSeatsNamed) {
            names.append(QStringLiteral("…"));
            break;
        }
        names.append(seat.isObject() ? seat.toObject().value(u"seat_id").toString()
                                     : seat.toString());
    }
    return names.join(QStringLiteral(", "));
}

QString money(const QJsonValue &cents)
{
    return QLocale().toString(cents.toDouble() / 100.0, 'f', 2);
}

// One value of a setting as people read it: times on this machine's clock, yes/no, numbers.
QString valueText(const QString &key, const QJsonValue &value)
{
    if (value.isNull() || value.isUndefined())
        return AuditWords::tr("none");
    if (value.isBool())
        return value.toBool() ? AuditWords::tr("yes") : AuditWords::tr("no");
    if (value.isDouble())
        return key == u"price_cents" ? money(value) : QLocale().toString(value.toDouble());
    if (value.isArray())
        return seatList(value.toArray());
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    const QString text = value.toString();
    if (key.endsWith(u"_at"))
        return StaffWords::localTime(text, text);
    if (key == u"role")
        return StaffWords::role(text);
    return text.isEmpty() ? AuditWords::tr("none") : quoted(text);
}

// Every member that differs, as "Name: before → after".
QStringList changes(const QJsonObject &before, const QJsonObject &after)
{
    QStringList keys = before.keys();
    for (const QString &key : after.keys())
        if (!keys.contains(key))
            keys.append(key);
    QStringList out;
    for (const QString &key : keys) {
        if (before.value(key) == after.value(key))
            continue;
        out.append(AuditWords::tr("%1: %2 → %3")
                       .arg(AuditWords::settingName(key),
                            valueText(key, before.value(key)),
                            valueText(key, after.value(key))));
    }
    return out;
}

QString prices(const QJsonObject &before, const QJsonObject &after)
{
    QStringList ids = before.keys();
    for (const QString &id : after.keys())
        if (!ids.contains(id))
            ids.append(id);
    QStringList out;
    for (const QString &id : ids) {
        const QJsonObject was = before.value(id).toObject();
        const QJsonObject now = after.value(id).toObject();
        const QString name = now.value(u"name").toString(was.value(u"name").toString(id));
        if (was.isEmpty())
            out.append(AuditWords::tr("%1 added at %2").arg(name, money(now.value(u"price_cents"))));
        else if (now.isEmpty())
            out.append(AuditWords::tr("%1 removed").arg(name));
        else if (was.value(u"price_cents") != now.value(u"price_cents"))
            out.append(
                AuditWords::tr("%1: %2 → %3")
                    .arg(name, money(was.value(u"price_cents")), money(now.value(u"price_cents"))));
        else
            out.append(AuditWords::tr("%1: %2").arg(name, changes(was, now).join(u", ")));
    }
    return out.join(QStringLiteral("; "));
}

QString heldBackAs(const QString &kind, const QString &allocation)
{
    if (kind == u"kill")
        return AuditWords::tr("kills (never sold)");
    if (kind == u"house")
        return AuditWords::tr("house seats");
    if (kind == u"allocation")
        return AuditWords::tr("allocation %1").arg(quoted(allocation));
    return kind;
}
} // namespace

QString AuditWords::action(const QString &code)
{
    if (code == u"event.create")
        return tr("Created the event");
    if (code == u"event.update")
        return tr("Changed the event");
    if (code == u"event.cancel")
        return tr("Cancelled the event");
    if (code == u"event.duplicate")
        return tr("Made this event as a copy");
    if (code == u"prices.update")
        return tr("Changed the prices");
    if (code == u"seat_categories.assign")
        return tr("Gave seats another price category");
    if (code == u"holdback.add")
        return tr("Held seats back");
    if (code == u"holdback.release")
        return tr("Released held-back seats to sale");
    if (code == u"allocation.update")
        return tr("Changed who may sell an allocation");
    if (code == u"staff.create")
        return tr("Created a staff account");
    if (code == u"staff.update")
        return tr("Changed a staff account");
    return tr("Other change (%1)").arg(code);
}

QString AuditWords::settingName(const QString &key)
{
    static const QHash<QString, const char *> names{
        {QStringLiteral("title"), QT_TR_NOOP("Title")},
        {QStringLiteral("category"), QT_TR_NOOP("Category")},
        {QStringLiteral("artists"), QT_TR_NOOP("Artists")},
        {QStringLiteral("starts_at"), QT_TR_NOOP("Start")},
        {QStringLiteral("on_sale_at"), QT_TR_NOOP("Sale opens")},
        {QStringLiteral("off_sale_at"), QT_TR_NOOP("Sale closes")},
        {QStringLiteral("doors_at"), QT_TR_NOOP("Doors")},
        {QStringLiteral("sale_conditions"), QT_TR_NOOP("Sale conditions")},
        {QStringLiteral("max_seats_per_user"), QT_TR_NOOP("Seats per buyer")},
        {QStringLiteral("max_holds_per_user"), QT_TR_NOOP("Baskets per buyer")},
        {QStringLiteral("hold_seconds"), QT_TR_NOOP("Hold seconds")},
        {QStringLiteral("queue_enabled"), QT_TR_NOOP("Waiting room")},
        {QStringLiteral("admit_per_minute"), QT_TR_NOOP("Admissions per minute")},
        {QStringLiteral("max_active"), QT_TR_NOOP("Active cap")},
        {QStringLiteral("paused"), QT_TR_NOOP("Sale paused")},
        {QStringLiteral("venue_id"), QT_TR_NOOP("Venue")},
        {QStringLiteral("name"), QT_TR_NOOP("Name")},
        {QStringLiteral("color"), QT_TR_NOOP("Colour")},
        {QStringLiteral("price_cents"), QT_TR_NOOP("Price")},
        {QStringLiteral("role"), QT_TR_NOOP("Role")},
        {QStringLiteral("disabled"), QT_TR_NOOP("Disabled")},
        {QStringLiteral("counter_sale"), QT_TR_NOOP("Counter may sell")},
        {QStringLiteral("reason"), QT_TR_NOOP("Reason")},
    };
    const char *name = names.value(key);
    return name ? tr(name) : key;
}

QString AuditWords::summary(const QJsonObject &line)
{
    const QString action = line.value(u"action").toString();
    const QJsonObject before = line.value(u"before").toObject();
    const QJsonObject after = line.value(u"after").toObject();
    if (action == u"staff.create")
        return tr("%1 as %2")
            .arg(quoted(after.value(u"username").toString()),
                 StaffWords::role(after.value(u"role").toString()));
    if (action == u"staff.update") {
        QStringList what;
        if (after.contains(u"disabled"))
            what.append(after.value(u"disabled").toBool() ? tr("disabled") : tr("enabled again"));
        if (after.contains(u"role"))
            what.append(tr("role %1 → %2")
                            .arg(StaffWords::role(before.value(u"role").toString()),
                                 StaffWords::role(after.value(u"role").toString())));
        if (after.value(u"password_changed").toBool())
            what.append(tr("new password"));
        return tr("%1: %2").arg(quoted(after.value(u"username").toString()),
                                what.join(QStringLiteral(", ")));
    }
    if (action == u"event.create")
        return tr("%1, starting %2")
            .arg(quoted(after.value(u"title").toString()),
                 valueText(QStringLiteral("starts_at"), after.value(u"starts_at")));
    if (action == u"event.duplicate")
        return tr("Copy %1, starting %2")
            .arg(quoted(after.value(u"title").toString()),
                 valueText(QStringLiteral("starts_at"), after.value(u"starts_at")));
    if (action == u"event.cancel")
        return QStringList{tr("Reason: %1").arg(quoted(after.value(u"reason").toString())),
                           tr("refunds queued: %n", nullptr, after.value(u"refunds_queued").toInt()),
                           tr("tickets revoked: %n",
                              nullptr,
                              after.value(u"tickets_revoked").toInt())}
            .join(QStringLiteral("; "));
    if (action == u"prices.update")
        return prices(before, after);
    if (action == u"holdback.add") {
        const QJsonArray seats = after.value(u"seats").toArray();
        return tr("As %1: %2 (seats: %n)", nullptr, int(seats.size()))
            .arg(heldBackAs(after.value(u"kind").toString(), after.value(u"allocation").toString()),
                 seatList(seats));
    }
    if (action == u"holdback.release") {
        const QJsonArray seats = after.value(u"seats").toArray();
        return tr("Back on sale: %1 (seats: %n)", nullptr, int(seats.size())).arg(seatList(seats));
    }
    if (action == u"allocation.update")
        return after.value(u"counter_sale").toBool()
                   ? tr("%1: the counter may sell its seats")
                         .arg(quoted(line.value(u"subject").toString()))
                   : tr("%1: the counter may not sell its seats")
                         .arg(quoted(line.value(u"subject").toString()));
    return changes(before, after).join(QStringLiteral("; "));
}

} // namespace boxoffice::app
