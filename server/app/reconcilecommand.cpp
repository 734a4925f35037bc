// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"
#include "databasetarget.h"

#include "db/database.h"
#include "db/migrator.h"
#include "domain/ids.h"
#include "domain/moneyreports.h"

#include <QTextStream>

namespace boxoffice::server {

namespace {

int cannotCheck(const QString &message)
{
    QTextStream(stderr) << "boxoffice-server: reconcile: " << message << "\n";
    return 2;
}

} // namespace

int runReconcile(Config config, const QCommandLineParser &parser)
{
    const QString eventId = domain::uuidOrEmpty(parser.value(QStringLiteral("event")));
    if (eventId.isEmpty())
        return cannotCheck(QStringLiteral("needs --event ID (an event's uuid)"));
    DatabaseTarget target(config);
    if (!target.open())
        return 2;
    try {
        db::Migrator(target.url()).migrate();
        db::Database database(target.url(), 1);
        const auto report = domain::MoneyReports(database).reconcile(eventId);
        if (!report)
            return cannotCheck(QStringLiteral("no event %1").arg(eventId));
        QTextStream out(stdout);
        out << "reconcile: event " << eventId << " (" << report->title << "): " << report->orders
            << " orders, " << report->tickets << " tickets, " << report->checks << " checks: ";
        const QList<db::Difference> &differences = report->differences;
        if (differences.isEmpty()) {
            out << "tickets, seats, orders, payments and the transaction log agree\n";
            return 0;
        }
        out << differences.size() << (differences.size() == 1 ? " difference\n" : " differences\n");
        for (const db::Difference &difference : differences)
            out << "  " << difference.check << " " << difference.subject << ": "
                << difference.detail << "\n";
        return 1;
    } catch (const std::exception &error) {
        return cannotCheck(QString::fromUtf8(error.what()));
    }
}

} // namespace boxoffice::server
