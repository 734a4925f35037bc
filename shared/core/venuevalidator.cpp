// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuevalidator.h"

#include "jsonchecker.h"
#include "venuelayoutchecks.h"

#include <QSet>

namespace boxoffice::core {

namespace {

using L1 = QLatin1StringView;

bool inRange(double value)
{
    return qAbs(value) <= JsonChecker::kMaxCoordinate; // false for NaN too
}

QString seatPath(SeatRef ref)
{
    return u"$.sections[" + QString::number(ref.section) + u"].rows[" + QString::number(ref.row)
           + u"].seats[" + QString::number(ref.seat) + u']';
}

void checkId(const QString &id, const QString &path, IssueList &issues)
{
    if (id.isEmpty())
        issues.errorOnce(path + u".id", QStringLiteral("id must not be empty"));
}

void checkCategory(const QSet<QString> &categoryIds,
                   const QString &id,
                   const QString &path,
                   IssueList &issues)
{
    if (!categoryIds.contains(id)) {
        issues.errorOnce(path + u".category",
                         QStringLiteral("unknown category \"%1\"").arg(id.left(80)));
    }
}

QSet<QString> checkCategories(const Venue &venue, IssueList &issues)
{
    QSet<QString> ids;
    for (qsizetype i = 0; i < venue.categories.size(); ++i) {
        const Category &category = venue.categories.at(i);
        const QString path = JsonChecker::element(QStringLiteral("$.categories"), i);
        checkId(category.id, path, issues);
        if (category.id.isEmpty())
            continue;
        if (ids.contains(category.id))
            issues.error(path + u".id",
                         QStringLiteral("duplicate category id \"%1\"").arg(category.id.left(80)));
        ids.insert(category.id);
    }
    return ids;
}

} // namespace

void VenueValidator::validate(const Venue &venue, IssueList &issues)
{
    if (!(venue.size.width() >= 0 && venue.size.width() <= JsonChecker::kMaxCoordinate
          && venue.size.height() >= 0 && venue.size.height() <= JsonChecker::kMaxCoordinate))
        issues.errorOnce(QStringLiteral("$.size"), QStringLiteral("size out of range"));
    if (!inRange(venue.focalPoint.x()) || !inRange(venue.focalPoint.y()))
        issues.errorOnce(QStringLiteral("$.focal_point"), QStringLiteral("point out of range"));

    const QSet<QString> categoryIds = checkCategories(venue, issues);

    QHash<QString, SeatRef> seatIds;
    seatIds.reserve(venue.seatCount());
    QSet<QString> sectionIds;
    for (int s = 0; s < venue.sections.size(); ++s) {
        const Section &section = venue.sections.at(s);
        const QString sectionPath = JsonChecker::element(QStringLiteral("$.sections"), s);
        checkId(section.id, sectionPath, issues);
        if (!section.id.isEmpty() && sectionIds.contains(section.id)) {
            issues.error(sectionPath + u".id",
                         QStringLiteral("duplicate section id \"%1\"").arg(section.id.left(80)));
        }
        sectionIds.insert(section.id);
        QSet<QString> rowIds;
        int outside = 0;
        const QRectF plan(QPointF(0, 0), venue.size);
        for (int r = 0; r < section.rows.size(); ++r) {
            const Row &row = section.rows.at(r);
            const QString rowPath = JsonChecker::element(sectionPath + u".rows", r);
            checkId(row.id, rowPath, issues);
            if (!row.id.isEmpty() && rowIds.contains(row.id)) {
                issues.error(rowPath + u".id",
                             QStringLiteral("duplicate row id \"%1\" in section \"%2\"")
                                 .arg(row.id.left(80), section.id.left(80)));
            }
            rowIds.insert(row.id);
            for (int i = 0; i < row.seats.size(); ++i) {
                const Seat &seat = row.seats.at(i);
                const SeatRef ref{s, r, i};
                if (seat.id.isEmpty()) {
                    checkId(seat.id, seatPath(ref), issues);
                } else if (const auto first = seatIds.constFind(seat.id);
                           first != seatIds.constEnd()) {
                    issues.error(seatPath(ref) + u".id",
                                 QStringLiteral("duplicate seat id \"%1\" (first used at %2)")
                                     .arg(seat.id.left(80), seatPath(first.value())));
                } else {
                    seatIds.insert(seat.id, ref);
                }
                checkCategory(categoryIds, seat.categoryId, seatPath(ref), issues);
                if (!inRange(seat.position.x()))
                    issues.errorOnce(seatPath(ref) + u".x",
                                     QStringLiteral("coordinate out of range"));
                if (!inRange(seat.position.y()))
                    issues.errorOnce(seatPath(ref) + u".y",
                                     QStringLiteral("coordinate out of range"));
                const QPointF p = seat.position;
                if (p.x() < 0 || p.y() < 0 || p.x() > plan.width() || p.y() > plan.height())
                    ++outside;
            }
        }
        if (outside > 0) {
            issues.warning(sectionPath,
                           QStringLiteral("%1 seats lie outside the plan (size %2 x %3)")
                               .arg(outside)
                               .arg(venue.size.width())
                               .arg(venue.size.height()));
        }
    }

    QSet<QString> gaIds;
    for (qsizetype i = 0; i < venue.gaAreas.size(); ++i) {
        const GaArea &area = venue.gaAreas.at(i);
        const QString path = JsonChecker::element(QStringLiteral("$.ga_areas"), i);
        checkId(area.id, path, issues);
        if (!area.id.isEmpty() && gaIds.contains(area.id)) {
            issues.error(path + u".id",
                         QStringLiteral("duplicate GA area id \"%1\"").arg(area.id.left(80)));
        } else if (const auto seat = seatIds.constFind(area.id); seat != seatIds.constEnd()) {
            issues.error(path + u".id",
                         QStringLiteral("GA area id \"%1\" is also a seat id (%2)")
                             .arg(area.id.left(80), seatPath(seat.value())));
        }
        gaIds.insert(area.id);
        if (area.capacity < 0)
            issues.errorOnce(path + u".capacity", QStringLiteral("capacity must not be negative"));
        checkCategory(categoryIds, area.categoryId, path, issues);
    }
    VenueLayoutChecks::check(venue, issues);
}

QList<VenueIssue> VenueValidator::validate(const Venue &venue)
{
    IssueList issues;
    validate(venue, issues);
    return issues.take();
}

} // namespace boxoffice::core
