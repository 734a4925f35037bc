// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::test {

/// A generated `.venue.json`: `sections` x `rows` x `seatsPerRow` seats with ids "S<s>-<r>-<n>",
/// category "A" (and "B" for sections after the first), plus GA area "PISTA" of `gaCapacity`.
inline QByteArray venueJson(
    const QString &id, int sections, int rows, int seatsPerRow, int gaCapacity = 100)
{
    QJsonArray sectionArray;
    for (int s = 1; s <= sections; ++s) {
        QJsonArray rowArray;
        for (int r = 1; r <= rows; ++r) {
            QJsonArray seats;
            for (int n = 1; n <= seatsPerRow; ++n)
                seats.append(
                    QJsonObject{{QStringLiteral("id"),
                                 QStringLiteral("S%1-%2-%3").arg(s).arg(r).arg(n)},
                                {QStringLiteral("number"), QString::number(n)},
                                {QStringLiteral("x"), (s - 1) * (seatsPerRow * 50 + 500) + n * 50},
                                {QStringLiteral("y"), 200 + r * 60},
                                {QStringLiteral("category"),
                                 s == 1 ? QStringLiteral("A") : QStringLiteral("B")}});
            rowArray.append(
                QJsonObject{{QStringLiteral("id"), QStringLiteral("S%1-%2").arg(s).arg(r)},
                            {QStringLiteral("label"), QString::number(r)},
                            {QStringLiteral("seats"), seats}});
        }
        sectionArray.append(
            QJsonObject{{QStringLiteral("id"), QStringLiteral("S%1").arg(s)},
                        {QStringLiteral("name"), QStringLiteral("Section %1").arg(s)},
                        {QStringLiteral("rows"), rowArray}});
    }
    QJsonArray gaAreas;
    if (gaCapacity > 0)
        gaAreas.append(
            QJsonObject{{QStringLiteral("id"), QStringLiteral("PISTA")},
                        {QStringLiteral("name"), QStringLiteral("Pista")},
                        {QStringLiteral("capacity"), gaCapacity},
                        {QStringLiteral("outline"),
                         QJsonArray{QJsonArray{0, 0}, QJsonArray{400, 0}, QJsonArray{400, 150}}},
                        {QStringLiteral("category"), QStringLiteral("A")}});
    QJsonArray categories;
    categories.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("A")},
                                  {QStringLiteral("name"), QStringLiteral("Front")},
                                  {QStringLiteral("color"), QStringLiteral("#cc0000")}});
    categories.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("B")},
                                  {QStringLiteral("name"), QStringLiteral("Back")},
                                  {QStringLiteral("color"), QStringLiteral("#0000cc")}});
    const QJsonObject venue{
        {QStringLiteral("format"), QStringLiteral("boxoffice-venue")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("id"), id},
        {QStringLiteral("name"), QString(QStringLiteral("Test hall ") + id)},
        {QStringLiteral("size"),
         QJsonObject{{QStringLiteral("width"), sections * (seatsPerRow * 50 + 500) + 1000},
                     {QStringLiteral("height"), rows * 60 + 400}}},
        {QStringLiteral("focal_point"),
         QJsonObject{{QStringLiteral("x"), 0}, {QStringLiteral("y"), 0}}},
        {QStringLiteral("categories"), categories},
        {QStringLiteral("sections"), sectionArray},
        {QStringLiteral("ga_areas"), gaAreas},
    };
    return QJsonDocument(venue).toJson(QJsonDocument::Compact);
}

/// A POST /events body for `venueId` with prices for A and B.
inline QJsonObject eventJson(const QString &venueId,
                             int holdSeconds = 600,
                             int maxSeats = 10,
                             int maxHolds = 3)
{
    return QJsonObject{{QStringLiteral("venue_id"), venueId},
                       {QStringLiteral("title"), QStringLiteral("Test show")},
                       {QStringLiteral("category"), QStringLiteral("concert")},
                       {QStringLiteral("starts_at"), QStringLiteral("2030-06-01T20:00:00Z")},
                       {QStringLiteral("currency"), QStringLiteral("EUR")},
                       {QStringLiteral("prices"),
                        QJsonObject{{QStringLiteral("A"), 5000}, {QStringLiteral("B"), 3000}}},
                       {QStringLiteral("hold_seconds"), holdSeconds},
                       {QStringLiteral("max_seats_per_user"), maxSeats},
                       {QStringLiteral("max_holds_per_user"), maxHolds}};
}

} // namespace boxoffice::test
