// SPDX-License-Identifier: GPL-3.0-or-later
#include "pretiximporter.h"

#include "jsonchecker.h"
#include "pretixgeometry.h"
#include "venuevalidator.h"

namespace boxoffice::core {

namespace {

using L1 = QLatin1StringView;

class Importer
{
public:
    explicit Importer(IssueList &issues)
        : m_json(issues)
    {}

    void readPlan(const QJsonObject &root, Venue &venue);

private:
    void readZone(const QJsonObject &zone, const QString &path, int index, Venue &venue);
    void readRow(const QJsonObject &object, const QString &path, QPointF origin, Row &row);
    void readArea(const QJsonObject &object, const QString &path, QPointF origin, Venue &venue);

    JsonChecker m_json;
};

void Importer::readPlan(const QJsonObject &root, Venue &venue)
{
    const QString path = QStringLiteral("$");
    m_json.checkKnownKeys(root, {L1("name"), L1("zones"), L1("categories"), L1("size")}, path);
    venue.name = m_json.string(root, L1("name"), path).value_or(QString());
    if (const auto size = m_json.object(root, L1("size"), path)) {
        const QString sizePath = QStringLiteral("$.size");
        m_json.checkKnownKeys(*size, {L1("width"), L1("height")}, sizePath);
        venue.size = QSizeF(
            m_json.number(*size, L1("width"), sizePath, true, 0, JsonChecker::kMaxCoordinate)
                .value_or(0),
            m_json.number(*size, L1("height"), sizePath, true, 0, JsonChecker::kMaxCoordinate)
                .value_or(0));
    }
    if (const auto categories = m_json.array(root, L1("categories"), path)) {
        for (qsizetype i = 0; i < categories->size(); ++i) {
            const QString itemPath = JsonChecker::element(QStringLiteral("$.categories"), i);
            Category category;
            if (const auto object = m_json.asObject(categories->at(i), itemPath)) {
                m_json.checkKnownKeys(*object, {L1("name"), L1("color")}, itemPath);
                category.id = m_json.string(*object, L1("name"), itemPath).value_or(QString());
                category.name = category.id;
                category.colour = m_json.colour(*object, L1("color"), itemPath, false)
                                      .value_or(QColor(pretix::kDefaultCategoryColour));
            }
            venue.categories.append(std::move(category));
        }
    }
    if (const auto zones = m_json.array(root, L1("zones"), path)) {
        for (qsizetype i = 0; i < zones->size(); ++i) {
            const QString zonePath = JsonChecker::element(QStringLiteral("$.zones"), i);
            if (const auto zone = m_json.asObject(zones->at(i), zonePath))
                readZone(*zone, zonePath, int(i), venue);
            else
                venue.sections.append(Section{}); // keeps indices equal to zone indices
        }
    }
    venue.focalPoint = pretix::defaultFocalPoint(venue);
}

void Importer::readZone(const QJsonObject &zone, const QString &path, int index, Venue &venue)
{
    m_json.checkKnownKeys(zone,
                          {L1("name"),
                           L1("zone_id"),
                           L1("uuid"),
                           L1("position"),
                           L1("rows"),
                           L1("areas")},
                          path);
    Section section;
    const auto zoneId = m_json.string(zone, L1("zone_id"), path, false);
    const auto uuid = m_json.string(zone, L1("uuid"), path, false);
    section.id = zoneId.value_or(uuid.value_or(QStringLiteral("zone-%1").arg(index + 1)));
    section.name = m_json.string(zone, L1("name"), path, false).value_or(section.id);
    const QPointF origin = m_json.point(zone, L1("position"), path).value_or(QPointF());
    if (const auto rows = m_json.array(zone, L1("rows"), path)) {
        const QString rowsPath = JsonChecker::member(path, L1("rows"));
        for (qsizetype r = 0; r < rows->size(); ++r) {
            const QString rowPath = JsonChecker::element(rowsPath, r);
            Row row;
            if (const auto object = m_json.asObject(rows->at(r), rowPath))
                readRow(*object, rowPath, origin, row);
            section.rows.append(std::move(row));
        }
    }
    venue.sections.append(std::move(section));
    if (const auto areas = m_json.array(zone, L1("areas"), path, false)) {
        const QString areasPath = JsonChecker::member(path, L1("areas"));
        for (qsizetype a = 0; a < areas->size(); ++a) {
            const QString areaPath = JsonChecker::element(areasPath, a);
            if (const auto object = m_json.asObject(areas->at(a), areaPath))
                readArea(*object, areaPath, origin, venue);
        }
    }
}

void Importer::readRow(const QJsonObject &object, const QString &path, QPointF origin, Row &row)
{
    m_json.checkKnownKeys(object,
                          {L1("row_number"),
                           L1("row_label"),
                           L1("seat_label"),
                           L1("uuid"),
                           L1("seats"),
                           L1("row_number_position"),
                           L1("position")},
                          path);
    row.id = m_json.string(object, L1("row_number"), path).value_or(QString());
    const auto label = m_json.stringOrNull(object, L1("row_label"), path);
    row.label = label && !label->isEmpty() ? QString(*label).replace(QStringLiteral("%s"), row.id)
                                           : row.id;
    m_json.stringOrNull(object, L1("seat_label"), path);
    m_json.string(object, L1("uuid"), path, false);
    if (const auto where = m_json.stringOrNull(object, L1("row_number_position"), path);
        where && *where != u"start" && *where != u"end" && *where != u"both") {
        m_json.issues().error(JsonChecker::member(path, L1("row_number_position")),
                              QStringLiteral("expected start, end, both or null"));
    }
    const QPointF rowOrigin
        = origin + m_json.point(object, L1("position"), path, false).value_or(QPointF());
    const auto seats = m_json.array(object, L1("seats"), path);
    if (!seats)
        return;
    const QString seatsPath = JsonChecker::member(path, L1("seats"));
    row.seats.reserve(seats->size());
    for (qsizetype i = 0; i < seats->size(); ++i) {
        const QString seatPath = JsonChecker::element(seatsPath, i);
        Seat seat;
        if (const auto seatObject = m_json.asObject(seats->at(i), seatPath)) {
            m_json.checkKnownKeys(*seatObject,
                                  {L1("seat_guid"),
                                   L1("seat_number"),
                                   L1("uuid"),
                                   L1("start_direction"),
                                   L1("radius"),
                                   L1("position"),
                                   L1("category")},
                                  seatPath);
            seat.id = m_json.string(*seatObject, L1("seat_guid"), seatPath).value_or(QString());
            seat.number = m_json.string(*seatObject, L1("seat_number"), seatPath).value_or(QString());
            seat.position = rowOrigin
                            + m_json.point(*seatObject, L1("position"), seatPath).value_or(QPointF());
            seat.categoryId = m_json.string(*seatObject, L1("category"), seatPath)
                                  .value_or(QString());
            m_json.string(*seatObject, L1("uuid"), seatPath, false);
            m_json.stringOrNull(*seatObject, L1("start_direction"), seatPath);
            m_json.integer(*seatObject, L1("radius"), seatPath, false, 0, 100'000);
        }
        row.seats.append(std::move(seat));
    }
}

void Importer::readArea(const QJsonObject &object, const QString &path, QPointF origin, Venue &venue)
{
    m_json.checkKnownKeys(object,
                          {L1("color"),
                           L1("border_color"),
                           L1("rotation"),
                           L1("position"),
                           L1("uuid"),
                           L1("shape"),
                           L1("polygon"),
                           L1("rectangle"),
                           L1("ellipse"),
                           L1("circle"),
                           L1("text")},
                          path);
    pretix::Area area;
    area.uuid = m_json.string(object, L1("uuid"), path, false).value_or(QString());
    area.fill = m_json.colour(object, L1("color"), path, false).value_or(QColor());
    area.stroke = m_json.colour(object, L1("border_color"), path, false).value_or(QColor());
    area.rotation = m_json.number(object, L1("rotation"), path, false, -3600, 3600).value_or(0);
    area.position = origin + m_json.point(object, L1("position"), path, false).value_or(QPointF());
    const auto shape = m_json.string(object, L1("shape"), path, false);
    if (!shape)
        return; // the schema allows an area without a shape; it draws nothing
    area.shape = *shape;
    const QByteArray keyBytes = shape->toLatin1();
    const L1 key(keyBytes);
    const QString shapePath = JsonChecker::member(path, key);
    std::optional<QJsonObject> details;
    if (area.shape == u"polygon" || area.shape == u"rectangle" || area.shape == u"ellipse"
        || area.shape == u"circle" || area.shape == u"text") {
        details = m_json.object(object, key, path);
    } else {
        m_json.issues().error(JsonChecker::member(path, L1("shape")),
                              QStringLiteral("unknown shape \"%1\" (expected polygon, rectangle, "
                                             "ellipse, circle or text)")
                                  .arg(shape->left(80)));
        return;
    }
    if (!details)
        return;
    const QJsonObject &d = *details;
    const auto size = [&](L1 name) {
        return m_json.number(d, name, shapePath, true, 0, JsonChecker::kMaxCoordinate).value_or(0);
    };
    if (area.shape == u"rectangle") {
        m_json.checkKnownKeys(d, {L1("width"), L1("height")}, shapePath);
        area.size = QSizeF(size(L1("width")), size(L1("height")));
    } else if (area.shape == u"circle") {
        m_json.checkKnownKeys(d, {L1("radius")}, shapePath);
        const double radius = size(L1("radius"));
        area.size = QSizeF(radius, radius);
    } else if (area.shape == u"ellipse") {
        m_json.checkKnownKeys(d, {L1("radius")}, shapePath);
        const QPointF radius = m_json.point(d, L1("radius"), shapePath).value_or(QPointF());
        area.size = QSizeF(qAbs(radius.x()), qAbs(radius.y()));
    } else if (area.shape == u"polygon") {
        m_json.checkKnownKeys(d, {L1("points")}, shapePath);
        if (const auto points = m_json.array(d, L1("points"), shapePath)) {
            const QString pointsPath = JsonChecker::member(shapePath, L1("points"));
            for (qsizetype i = 0; i < points->size(); ++i) {
                const QString pointPath = JsonChecker::element(pointsPath, i);
                if (const auto point = m_json.asObject(points->at(i), pointPath)) {
                    const auto x = m_json.number(*point, L1("x"), pointPath);
                    const auto y = m_json.number(*point, L1("y"), pointPath);
                    m_json.checkKnownKeys(*point, {L1("x"), L1("y")}, pointPath);
                    if (x && y)
                        area.points.append(QPointF(*x, *y));
                }
            }
        }
    } else if (area.shape == u"text") {
        m_json.checkKnownKeys(d, {L1("text"), L1("color"), L1("size"), L1("position")}, shapePath);
        area.text = m_json.string(d, L1("text"), shapePath).value_or(QString());
        area.textColour = m_json.colour(d, L1("color"), shapePath, false).value_or(QColor());
        area.textSize = m_json.number(d, L1("size"), shapePath, false, 0.01, 1e5).value_or(16);
        area.textOffset = m_json.point(d, L1("position"), shapePath).value_or(QPointF());
    }
    venue.shapes.append(pretix::toShape(area));
}

/// Translates a path of the venue format into the pretix document's terms.
QString pretixPath(QString path)
{
    path.replace(QStringLiteral("$.sections["), QStringLiteral("$.zones["));
    if (path.endsWith(u".id")) {
        if (path.contains(u".seats["))
            path.replace(path.size() - 2, 2, QStringLiteral("seat_guid"));
        else if (path.contains(u".rows["))
            path.replace(path.size() - 2, 2, QStringLiteral("row_number"));
        else if (path.startsWith(u"$.categories["))
            path.replace(path.size() - 2, 2, QStringLiteral("name"));
        else if (path.startsWith(u"$.zones["))
            path.replace(path.size() - 2, 2, QStringLiteral("zone_id"));
    } else if (path.contains(u".seats[") && (path.endsWith(u".x") || path.endsWith(u".y"))) {
        path.insert(path.size() - 2, QStringLiteral(".position"));
    }
    return path;
}

} // namespace

VenueReadResult PretixImporter::read(QByteArrayView json)
{
    VenueReadResult result;
    IssueList issues;
    if (const auto root = JsonChecker::parseTopLevel(json, VenueReader::kMaxInputBytes, issues)) {
        Importer importer(issues);
        importer.readPlan(*root, result.venue);
        IssueList semantic;
        VenueValidator::validate(result.venue, semantic);
        for (VenueIssue &issue : semantic.take()) {
            const QString path = pretixPath(issue.path);
            if (issue.severity == VenueIssue::Severity::Error)
                issues.errorOnce(path, issue.message);
            else
                issues.warning(path, issue.message);
        }
        result.venue.rebuildSeatIndex();
    }
    result.issues = issues.take();
    return result;
}

VenueReadResult PretixImporter::readFile(const QString &path)
{
    return VenueReader::readFileWith(path, &PretixImporter::read);
}

} // namespace boxoffice::core
