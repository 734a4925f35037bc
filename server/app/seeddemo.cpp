// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"
#include "databasetarget.h"

#include "api/catalogcodec.h"
#include "db/database.h"
#include "db/migrator.h"
#include "domain/catalogservice.h"
#include "domain/userservice.h"
#include "seedcatalog.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>
#include <QTextStream>

namespace boxoffice::server {

namespace {

// A small hall: three blocks of seats in front of a stage and a standing area.
QByteArray demoVenue()
{
    QJsonArray sections;
    const char *names[] = {"Left", "Centre", "Right"};
    for (int s = 0; s < 3; ++s) {
        QJsonArray rows;
        for (int r = 1; r <= 10; ++r) {
            QJsonArray seats;
            for (int n = 1; n <= 20; ++n) {
                seats.append(
                    QJsonObject{{QStringLiteral("id"),
                                 QStringLiteral("%1-%2-%3").arg(QLatin1Char("LCR"[s])).arg(r).arg(n)},
                                {QStringLiteral("number"), QString::number(n)},
                                {QStringLiteral("x"), 100 + s * 1100 + n * 50},
                                {QStringLiteral("y"), 400 + r * 60},
                                {QStringLiteral("category"),
                                 r <= 4 ? QStringLiteral("front") : QStringLiteral("back")}});
            }
            rows.append(QJsonObject{{QStringLiteral("id"),
                                     QStringLiteral("%1-%2").arg(QLatin1Char("LCR"[s])).arg(r)},
                                    {QStringLiteral("label"), QString::number(r)},
                                    {QStringLiteral("seats"), seats}});
        }
        sections.append(QJsonObject{{QStringLiteral("id"), QString(QLatin1Char("LCR"[s]))},
                                    {QStringLiteral("name"), QString::fromLatin1(names[s])},
                                    {QStringLiteral("rows"), rows}});
    }
    QJsonArray categories;
    categories.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("front")},
                                  {QStringLiteral("name"), QStringLiteral("Front")},
                                  {QStringLiteral("color"), QStringLiteral("#d81b60")}});
    categories.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("back")},
                                  {QStringLiteral("name"), QStringLiteral("Back")},
                                  {QStringLiteral("color"), QStringLiteral("#1e88e5")}});
    categories.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("standing")},
                                  {QStringLiteral("name"), QStringLiteral("Standing")},
                                  {QStringLiteral("color"), QStringLiteral("#43a047")}});
    QJsonArray ga;
    ga.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("FLOOR")},
                          {QStringLiteral("name"), QStringLiteral("Standing floor")},
                          {QStringLiteral("capacity"), 200},
                          {QStringLiteral("outline"),
                           QJsonArray{QJsonArray{1200, 1100},
                                      QJsonArray{2200, 1100},
                                      QJsonArray{2200, 1190},
                                      QJsonArray{1200, 1190}}},
                          {QStringLiteral("category"), QStringLiteral("standing")}});
    QJsonObject venue{{QStringLiteral("format"), QStringLiteral("boxoffice-venue")},
                      {QStringLiteral("version"), 1},
                      {QStringLiteral("id"), QStringLiteral("demo-hall")},
                      {QStringLiteral("name"), QStringLiteral("Demo Hall")},
                      {QStringLiteral("city"), QStringLiteral("Springfield")},
                      {QStringLiteral("size"),
                       QJsonObject{{QStringLiteral("width"), 3600},
                                   {QStringLiteral("height"), 1200}}},
                      {QStringLiteral("focal_point"),
                       QJsonObject{{QStringLiteral("x"), 1700}, {QStringLiteral("y"), 200}}},
                      {QStringLiteral("categories"), categories},
                      {QStringLiteral("sections"), sections},
                      {QStringLiteral("ga_areas"), ga}};
    return QJsonDocument(venue).toJson(QJsonDocument::Compact);
}

// The demo catalog: add a venue or an event here and seed-demo creates it once.
struct DemoEvent
{
    const char *venueId;
    const char *title;
    const char *category;
    int daysAhead;
    QList<QPair<const char *, int>> prices; ///< category id -> cents
};

const QList<DemoEvent> &demoEvents()
{
    static const QList<DemoEvent> events = {
        {"demo-hall",
         "The Quiet Orchestra",
         "concert",
         30,
         {{"front", 6500}, {"back", 4000}, {"standing", 3000}}},
        {"demo-hall",
         "Night of Brass",
         "concert",
         45,
         {{"front", 5500}, {"back", 3500}, {"standing", 2500}}},
        {"small-theatre",
         "An Evening of Chekhov",
         "theatre",
         20,
         {{"stalls", 4800}, {"balcony", 2900}}},
        {"arena",
         "Stadium Echoes",
         "concert",
         60,
         {{"floor", 8900}, {"tier-1", 6900}, {"tier-2", 4500}}},
    };
    return events;
}

QJsonObject demoEvent(const DemoEvent &event)
{
    QJsonObject prices;
    for (const auto &[category, cents] : event.prices)
        prices.insert(QLatin1String(category), cents);
    const QDateTime starts = QDateTime::currentDateTimeUtc().addDays(event.daysAhead);
    return QJsonObject{{QStringLiteral("venue_id"), QLatin1String(event.venueId)},
                       {QStringLiteral("title"), QLatin1String(event.title)},
                       {QStringLiteral("category"), QLatin1String(event.category)},
                       {QStringLiteral("starts_at"), starts.toString(Qt::ISODate)},
                       {QStringLiteral("currency"), QStringLiteral("EUR")},
                       {QStringLiteral("prices"), prices},
                       {QStringLiteral("artists"), QJsonArray{QLatin1String(event.title)}},
                       {QStringLiteral("max_seats_per_user"), 8}};
}

// The sample venues of resources/venues (embedded), read by CatalogService with VenueReader.
QList<QByteArray> sampleVenues()
{
    QList<QByteArray> out{demoVenue()};
    const QDir dir(QStringLiteral(":/demo-venues"));
    for (const QString &name :
         dir.entryList({QStringLiteral("*.venue.json")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (file.open(QIODevice::ReadOnly))
            out.append(file.readAll());
    }
    return out;
}

QByteArray randomPassword()
{
    static const char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    QByteArray out;
    for (int i = 0; i < 12; ++i)
        out.append(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet) - 1)]);
    return out;
}

} // namespace

int runSeedDemo(Config config)
{
    DatabaseTarget target(config);
    if (!target.open())
        return 1;
    try {
        db::Migrator(target.url()).migrate();
        QString error;
        const QByteArray secret = config.ensureJwtSecret(&error);
        if (secret.isEmpty()) {
            QTextStream(stderr) << "boxoffice-server: " << error << "\n";
            return 1;
        }
        const auto signer = auth::JwtSigner::hs256(secret);
        db::Database database(target.url(), 2);
        domain::UserService users(database, signer, {});
        const QByteArray managerPassword = randomPassword();
        const QByteArray clerkPassword = randomPassword();
        users.createUser(QStringLiteral("demo-manager"), managerPassword, QStringLiteral("manager"));
        users.createUser(QStringLiteral("demo-clerk"), clerkPassword, QStringLiteral("clerk"));
        domain::CatalogService catalog(database, config.holdSeconds, config.defaultTimeZone);
        QTextStream out(stdout);
        QSet<QString> existing;
        for (const domain::VenueSummary &venue : catalog.venues())
            existing.insert(venue.id);
        QSet<QString> created;
        for (const QByteArray &document : sampleVenues()) {
            const QString id = QJsonDocument::fromJson(document).object().value(u"id").toString();
            if (existing.contains(id))
                continue;
            catalog.createVenue(document).value(); // a refusal ends seed-demo (below)
            created.insert(id);
            out << "seed-demo: venue " << id << "\n";
        }
        for (const DemoEvent &event : demoEvents()) {
            if (!created.contains(QLatin1String(event.venueId)))
                continue; // events come with their venue, once
            const auto draft = api::parseEventDraft(demoEvent(event), catalog.defaultHoldSeconds());
            const QString id = catalog.createEvent(draft).value().id;
            out << "seed-demo: event \"" << event.title << "\" " << id << "\n";
        }
        seedCatalog(catalog, out);
        if (created.isEmpty())
            out << "seed-demo: demo venues already there; accounts refreshed\n";
        out << "seed-demo: log in with POST /auth/login as\n"
            << "  demo-manager / " << managerPassword << "  (manager)\n"
            << "  demo-clerk   / " << clerkPassword << "  (clerk)\n";
        return 0;
    } catch (const domain::Error &error) {
        QTextStream(stderr) << "boxoffice-server: seed-demo: " << error.detail() << "\n";
        return 1;
    } catch (const std::exception &error) {
        QTextStream(stderr) << "boxoffice-server: seed-demo failed: " << error.what() << "\n";
        return 1;
    }
}

} // namespace boxoffice::server
