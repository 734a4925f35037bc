// SPDX-License-Identifier: GPL-3.0-or-later
#include "countersettings.h"

#include <QSettings>
#include <QSysInfo>

namespace boxoffice::app::CounterSettings {

namespace {
QString value(const char *key, const QString &fallback = {})
{
    return QSettings().value(QLatin1String(key), fallback).toString();
}
void set(const char *key, const QString &text)
{
    QSettings().setValue(QLatin1String(key), text);
}
} // namespace

QString receiptPrinter()
{
    return value("printers/receipt_kind", QStringLiteral("pdf"));
}

QString ticketPrinter()
{
    return value("printers/ticket_kind", QStringLiteral("pdf"));
}

QString receiptTarget()
{
    return value("printers/receipt_target");
}

QString ticketTarget()
{
    return value("printers/ticket_target");
}

void setReceiptPrinter(const QString &kind, const QString &target)
{
    set("printers/receipt_kind", kind);
    set("printers/receipt_target", target.trimmed());
}

void setTicketPrinter(const QString &kind, const QString &target)
{
    set("printers/ticket_kind", kind);
    set("printers/ticket_target", target.trimmed());
}

bool kickDrawer()
{
    return QSettings().value(QStringLiteral("printers/kick_drawer"), true).toBool();
}

void setKickDrawer(bool on)
{
    QSettings().setValue(QStringLiteral("printers/kick_drawer"), on);
}

QString drawer()
{
    const QString name = value("counter/drawer");
    return name.isEmpty() ? QSysInfo::machineHostName() : name;
}

void setDrawer(const QString &name)
{
    set("counter/drawer", name.trimmed());
}

QString timeZone()
{
    return value("counter/time_zone");
}

void setTimeZone(const QString &zone)
{
    set("counter/time_zone", zone);
}

} // namespace boxoffice::app::CounterSettings
