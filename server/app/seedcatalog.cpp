// SPDX-License-Identifier: GPL-3.0-or-later
#include "seedcatalog.h"

#include "api/catalogcodec.h"
#include "domain/catalogservice.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

namespace boxoffice::server {

namespace {

struct City
{
    const char *venueId;
    const char *venue;
    const char *city;
    double lat;
    double lng;
};

const City kCities[] = {
    {"demo-olympia", "L'Olympia", "Paris", 48.8702, 2.3283},
    {"demo-harpa", "Harpa", "Reykjavík", 64.1503, -21.9326},
    {"demo-tempodrom", "Tempodrom", "Berlin", 52.5009, 13.3806},
    {"demo-wizink", "WiZink Center", "Madrid", 40.4240, -3.6718},
    {"demo-ibirapuera", "Auditório Ibirapuera", "São Paulo", -23.5874, -46.6576},
    {"demo-metropolis", "MTELUS", "Montréal", 45.5106, -73.5636},
    {"demo-tauron", "Tauron Arena", "Kraków", 50.0675, 19.9911},
    {"demo-tonhalle", "Tonhalle", "Zürich", 47.3657, 8.5393},
};

struct Show
{
    const char *title;
    const char *artist;
    const char *category;
};

const Show kShows[] = {
    {"Cornucopia", "Björk", "concert"},
    {"Renaissance", "Beyoncé", "concert"},
    {"Motomami", "Rosalía", "concert"},
    {"Noches de bolero", "José González", "concert"},
    {"Sinfonía del Nuevo Mundo", "Orquesta Nacional de España", "classical"},
    {"Les Misérables", "Compagnie du Châtelet", "theatre"},
    {"Le Lac des cygnes", "Ballet de l'Opéra", "ballet"},
    {"Garota de Ipanema", "Caetano Veloso", "concert"},
    {"Chopin Nocturnes", "Krystian Zimerman", "classical"},
    {"Stand-up Abend", "Jürgen Müller", "comedy"},
    {"Heima", "Sigur Rós", "concert"},
    {"Dvořák Night", "Czech Philharmonic", "classical"},
    {"Électro Nuit", "Daft Pünk Tribute", "concert"},
    {"Fado ao vivo", "Mariza", "concert"},
    {"La Traviata", "Opéra de Montréal", "opera"},
    {"Zürcher Jazz", "Nik Bärtsch", "jazz"},
};

QByteArray venue(const City &city)
{
    QJsonArray rows;
    for (int r = 1; r <= 5; ++r) {
        QJsonArray seats;
        for (int n = 1; n <= 10; ++n)
            seats.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("A-%1-%2").arg(r).arg(n)},
                                     {QStringLiteral("number"), QString::number(n)},
                                     {QStringLiteral("x"), 100 + n * 50},
                                     {QStringLiteral("y"), 300 + r * 60},
                                     {QStringLiteral("category"), QStringLiteral("seat")}});
        rows.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("A-%1").arg(r)},
                                {QStringLiteral("label"), QString::number(r)},
                                {QStringLiteral("seats"), seats}});
    }
    const QJsonObject document{
        {QStringLiteral("format"), QStringLiteral("boxoffice-venue")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("id"), QLatin1String(city.venueId)},
        {QStringLiteral("name"), QString::fromUtf8(city.venue)},
        {QStringLiteral("city"), QString::fromUtf8(city.city)},
        {QStringLiteral("lat"), city.lat},
        {QStringLiteral("lng"), city.lng},
        {QStringLiteral("size"),
         QJsonObject{{QStringLiteral("width"), 800}, {QStringLiteral("height"), 800}}},
        {QStringLiteral("focal_point"),
         QJsonObject{{QStringLiteral("x"), 400}, {QStringLiteral("y"), 100}}},
        {QStringLiteral("categories"),
         QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("seat")},
                                {QStringLiteral("name"), QStringLiteral("Seated")},
                                {QStringLiteral("color"), QStringLiteral("#5e35b1")}}}},
        {QStringLiteral("sections"),
         QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("A")},
                                {QStringLiteral("name"), QStringLiteral("Stalls")},
                                {QStringLiteral("rows"), rows}}}},
    };
    return QJsonDocument(document).toJson(QJsonDocument::Compact);
}

} // namespace

void seedCatalog(domain::CatalogService &catalog, QTextStream &out)
{
    for (const domain::VenueSummary &existing : catalog.venues()) {
        if (existing.id == QLatin1String(kCities[0].venueId))
            return;
    }
    for (const City &city : kCities)
        catalog.createVenue(venue(city)).value(); // a refusal ends seed-demo
    const QDateTime base = QDateTime::currentDateTimeUtc().addDays(14);
    int created = 0;
    // Every show plays in two or three cities: dozens of events to search through.
    for (int s = 0; s < int(std::size(kShows)); ++s) {
        for (int k = 0; k < 2 + s % 2; ++k) {
            const City &city = kCities[(s + k * 3) % int(std::size(kCities))];
            const QDateTime starts = base.addDays(s * 5 + k * 17).addSecs(3600 * (s % 4));
            const QJsonObject body{
                {QStringLiteral("venue_id"), QLatin1String(city.venueId)},
                {QStringLiteral("title"), QString::fromUtf8(kShows[s].title)},
                {QStringLiteral("category"), QLatin1String(kShows[s].category)},
                {QStringLiteral("starts_at"), starts.toString(Qt::ISODate)},
                {QStringLiteral("currency"), QStringLiteral("EUR")},
                {QStringLiteral("prices"), QJsonObject{{QStringLiteral("seat"), 2500 + s * 250}}},
                {QStringLiteral("artists"), QJsonArray{QString::fromUtf8(kShows[s].artist)}},
            };
            catalog.createEvent(api::parseEventDraft(body, catalog.defaultHoldSeconds())).value();
            ++created;
        }
    }
    out << "seed-demo: catalog of " << created << " events in " << std::size(kCities)
        << " cities\n";
}

} // namespace boxoffice::server
