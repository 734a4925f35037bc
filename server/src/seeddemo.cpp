#include "commands.h"

#include "db/database.h"
#include "db/migrator.h"
#include "domain/catalogservice.h"
#include "domain/userservice.h"

#include <QJsonArray>
#include <QJsonDocument>
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

QJsonObject demoEvent(const QString &title, int daysAhead)
{
    const QDateTime starts = QDateTime::currentDateTimeUtc().addDays(daysAhead);
    return QJsonObject{{QStringLiteral("venue_id"), QStringLiteral("demo-hall")},
                       {QStringLiteral("title"), title},
                       {QStringLiteral("category"), QStringLiteral("concert")},
                       {QStringLiteral("starts_at"), starts.toString(Qt::ISODate)},
                       {QStringLiteral("currency"), QStringLiteral("EUR")},
                       {QStringLiteral("prices"),
                        QJsonObject{{QStringLiteral("front"), 6500},
                                    {QStringLiteral("back"), 4000},
                                    {QStringLiteral("standing"), 3000}}},
                       {QStringLiteral("artists"), QJsonArray{title}},
                       {QStringLiteral("max_seats_per_user"), 8}};
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
        users.createUser(QStringLiteral("manager"), "manager-demo", QStringLiteral("manager"));
        users.createUser(QStringLiteral("clerk"), "clerk-demo", QStringLiteral("clerk"));
        domain::CatalogService catalog(database, config.holdSeconds);
        QTextStream out(stdout);
        const auto existing = catalog.venues().body.value(u"items").toArray();
        const bool seeded = std::any_of(existing.begin(), existing.end(), [](const QJsonValue &v) {
            return v.toObject().value(u"id").toString() == u"demo-hall";
        });
        if (!seeded) {
            catalog.createVenue(demoVenue());
            for (const auto &[title, days] : {std::pair{QStringLiteral("The Quiet Orchestra"), 30},
                                              std::pair{QStringLiteral("Night of Brass"), 45}}) {
                const auto event = catalog.createEvent(catalog.parseEvent(demoEvent(title, days)));
                out << "seed-demo: event \"" << title << "\" " << event.body.value(u"id").toString()
                    << "\n";
            }
        } else {
            out << "seed-demo: demo venue already there; accounts refreshed\n";
        }
        out << "seed-demo: log in with POST /auth/login as manager/manager-demo or "
               "clerk/clerk-demo\n";
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
