// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuereader.h"

#include "jsonchecker.h"
#include "venuevalidator.h"

#include <QFile>
#include <QTimeZone>

namespace boxoffice::core {

namespace {

using L1 = QLatin1StringView;

class Reader
{
public:
    explicit Reader(IssueList &issues)
        : m_json(issues)
    {}

    void readVenue(const QJsonObject &root, Venue &venue);

private:
    void readHeader(const QJsonObject &root);
    void readCategories(const QJsonArray &array, const QString &path, Venue &venue);
    void readSection(const QJsonObject &object, const QString &path, Section &section);
    void readRow(const QJsonObject &object, const QString &path, Row &row);
    void readSeat(const QJsonObject &object, const QString &path, Seat &seat);
    void readGaArea(const QJsonObject &object, const QString &path, GaArea &area);
    bool readShape(const QJsonObject &object, const QString &path, Shape &shape);
    std::optional<QPolygonF> polygon(const QJsonObject &object,
                                     L1 key,
                                     const QString &path,
                                     bool required);
    QString interned(const QString &text);

    JsonChecker m_json;
    QHash<QString, QString> m_strings; // shares category id strings between seats
};

void Reader::readHeader(const QJsonObject &root)
{
    const QString path = QStringLiteral("$");
    if (const auto format = m_json.string(root, L1("format"), path);
        format && *format != u"boxoffice-venue") {
        m_json.issues().error(QStringLiteral("$.format"),
                              QStringLiteral("expected \"boxoffice-venue\", found \"%1\"")
                                  .arg(format->left(80)));
    }
    if (const auto version = m_json.integer(root, L1("version"), path, true, 0, 1'000'000);
        version && *version != VenueReader::kFormatVersion) {
        m_json.issues().error(QStringLiteral("$.version"),
                              QStringLiteral(
                                  "unsupported version %1 (this reader reads version %2)")
                                  .arg(*version)
                                  .arg(VenueReader::kFormatVersion));
    }
}

void Reader::readVenue(const QJsonObject &root, Venue &venue)
{
    const QString path = QStringLiteral("$");
    m_json.checkKnownKeys(root,
                          {L1("format"),
                           L1("version"),
                           L1("id"),
                           L1("name"),
                           L1("size"),
                           L1("focal_point"),
                           L1("time_zone"),
                           L1("categories"),
                           L1("sections"),
                           L1("ga_areas"),
                           L1("shapes")},
                          path);
    readHeader(root);
    venue.id = m_json.string(root, L1("id"), path, false).value_or(QString());
    venue.name = m_json.string(root, L1("name"), path).value_or(QString());
    if (const auto size = m_json.object(root, L1("size"), path)) {
        const QString sizePath = QStringLiteral("$.size");
        m_json.checkKnownKeys(*size, {L1("width"), L1("height")}, sizePath);
        const auto width
            = m_json.number(*size, L1("width"), sizePath, true, 0, JsonChecker::kMaxCoordinate);
        const auto height
            = m_json.number(*size, L1("height"), sizePath, true, 0, JsonChecker::kMaxCoordinate);
        venue.size = QSizeF(width.value_or(0), height.value_or(0));
    }
    venue.focalPoint = m_json.point(root, L1("focal_point"), path).value_or(QPointF());
    venue.timeZone = m_json.string(root, L1("time_zone"), path, false).value_or(QString());
    if (!venue.timeZone.isEmpty() && !QTimeZone::isTimeZoneIdAvailable(venue.timeZone.toUtf8()))
        m_json.issues().error(QStringLiteral("$.time_zone"),
                              QStringLiteral("`%1` is not an IANA time zone (e.g. Europe/Madrid)")
                                  .arg(venue.timeZone));

    if (const auto categories = m_json.array(root, L1("categories"), path))
        readCategories(*categories, QStringLiteral("$.categories"), venue);

    if (const auto sections = m_json.array(root, L1("sections"), path)) {
        venue.sections.reserve(sections->size());
        for (qsizetype i = 0; i < sections->size(); ++i) {
            const QString sectionPath = JsonChecker::element(QStringLiteral("$.sections"), i);
            Section section;
            if (const auto object = m_json.asObject(sections->at(i), sectionPath))
                readSection(*object, sectionPath, section);
            venue.sections.append(std::move(section));
        }
    }
    if (const auto areas = m_json.array(root, L1("ga_areas"), path, false)) {
        for (qsizetype i = 0; i < areas->size(); ++i) {
            const QString areaPath = JsonChecker::element(QStringLiteral("$.ga_areas"), i);
            GaArea area;
            if (const auto object = m_json.asObject(areas->at(i), areaPath))
                readGaArea(*object, areaPath, area);
            venue.gaAreas.append(std::move(area));
        }
    }
    if (const auto shapes = m_json.array(root, L1("shapes"), path, false)) {
        for (qsizetype i = 0; i < shapes->size(); ++i) {
            const QString shapePath = JsonChecker::element(QStringLiteral("$.shapes"), i);
            Shape shape;
            if (const auto object = m_json.asObject(shapes->at(i), shapePath);
                object && readShape(*object, shapePath, shape))
                venue.shapes.append(std::move(shape));
        }
    }
}

void Reader::readCategories(const QJsonArray &array, const QString &path, Venue &venue)
{
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString itemPath = JsonChecker::element(path, i);
        Category category;
        if (const auto object = m_json.asObject(array.at(i), itemPath)) {
            m_json.checkKnownKeys(*object, {L1("id"), L1("name"), L1("color")}, itemPath);
            category.id = m_json.string(*object, L1("id"), itemPath).value_or(QString());
            category.name = m_json.string(*object, L1("name"), itemPath).value_or(QString());
            category.colour = m_json.colour(*object, L1("color"), itemPath).value_or(QColor());
        }
        venue.categories.append(std::move(category));
    }
}

void Reader::readSection(const QJsonObject &object, const QString &path, Section &section)
{
    m_json.checkKnownKeys(object, {L1("id"), L1("name"), L1("outline"), L1("rows")}, path);
    section.id = m_json.string(object, L1("id"), path).value_or(QString());
    section.name = m_json.string(object, L1("name"), path).value_or(QString());
    section.outline = polygon(object, L1("outline"), path, false).value_or(QPolygonF());
    const auto rows = m_json.array(object, L1("rows"), path);
    if (!rows)
        return;
    section.rows.reserve(rows->size());
    const QString rowsPath = JsonChecker::member(path, L1("rows"));
    for (qsizetype i = 0; i < rows->size(); ++i) {
        const QString rowPath = JsonChecker::element(rowsPath, i);
        Row row;
        if (const auto rowObject = m_json.asObject(rows->at(i), rowPath))
            readRow(*rowObject, rowPath, row);
        section.rows.append(std::move(row));
    }
}

void Reader::readRow(const QJsonObject &object, const QString &path, Row &row)
{
    m_json.checkKnownKeys(object, {L1("id"), L1("label"), L1("seats")}, path);
    row.id = m_json.string(object, L1("id"), path).value_or(QString());
    row.label = m_json.string(object, L1("label"), path).value_or(QString());
    const auto seats = m_json.array(object, L1("seats"), path);
    if (!seats)
        return;
    row.seats.reserve(seats->size());
    const QString seatsPath = JsonChecker::member(path, L1("seats"));
    for (qsizetype i = 0; i < seats->size(); ++i) {
        const QString seatPath = JsonChecker::element(seatsPath, i);
        // Keep every element, even a broken one, so that model indices match JSON paths.
        Seat seat;
        if (const auto seatObject = m_json.asObject(seats->at(i), seatPath))
            readSeat(*seatObject, seatPath, seat);
        row.seats.append(std::move(seat));
    }
}

void Reader::readSeat(const QJsonObject &object, const QString &path, Seat &seat)
{
    m_json.checkKnownKeys(object,
                          {L1("id"), L1("number"), L1("x"), L1("y"), L1("category"), L1("flags")},
                          path);
    const auto id = m_json.string(object, L1("id"), path);
    const auto number = m_json.string(object, L1("number"), path);
    const auto x = m_json.number(object, L1("x"), path);
    const auto y = m_json.number(object, L1("y"), path);
    const auto category = m_json.string(object, L1("category"), path);
    if (const auto flags = m_json.array(object, L1("flags"), path, false)) {
        const QString flagsPath = JsonChecker::member(path, L1("flags"));
        for (qsizetype i = 0; i < flags->size(); ++i) {
            const QJsonValue value = flags->at(i);
            const SeatFlag flag = seatFlagFromName(value.toString());
            if (!value.isString())
                m_json.issues()
                    .error(JsonChecker::element(flagsPath, i),
                           QStringLiteral("expected a string, found %1").arg(jsonTypeName(value)));
            else if (flag == SeatFlag::None)
                m_json.issues().warning(JsonChecker::element(flagsPath, i),
                                        QStringLiteral("unknown seat flag \"%1\" ignored")
                                            .arg(value.toString().left(80)));
            else
                seat.flags |= flag;
        }
    }
    seat.id = id.value_or(QString());
    seat.number = number.value_or(QString());
    seat.position = QPointF(x.value_or(0), y.value_or(0));
    seat.categoryId = interned(category.value_or(QString()));
}

void Reader::readGaArea(const QJsonObject &object, const QString &path, GaArea &area)
{
    m_json.checkKnownKeys(object,
                          {L1("id"), L1("name"), L1("outline"), L1("capacity"), L1("category")},
                          path);
    area.id = m_json.string(object, L1("id"), path).value_or(QString());
    area.name = m_json.string(object, L1("name"), path).value_or(QString());
    area.outline = polygon(object, L1("outline"), path, true).value_or(QPolygonF());
    area.capacity = int(
        m_json.integer(object, L1("capacity"), path, true, 0, VenueReader::kMaxCapacity).value_or(0));
    area.categoryId = m_json.string(object, L1("category"), path).value_or(QString());
}

bool Reader::readShape(const QJsonObject &object, const QString &path, Shape &shape)
{
    const auto kindName = m_json.string(object, L1("kind"), path);
    if (!kindName)
        return false;
    if (!shapeKindFromName(*kindName, &shape.kind)) {
        m_json.issues().error(JsonChecker::member(path, L1("kind")),
                              QStringLiteral("unknown shape kind \"%1\" (expected stage, text, "
                                             "polygon, rectangle or ellipse)")
                                  .arg(kindName->left(80)));
        return false;
    }
    shape.id = m_json.string(object, L1("id"), path, false).value_or(QString());
    shape.fill = m_json.colour(object, L1("fill"), path, false).value_or(QColor());
    switch (shape.kind) {
    case Shape::Kind::Polygon:
        m_json.checkKnownKeys(object,
                              {L1("kind"), L1("id"), L1("points"), L1("fill"), L1("stroke")},
                              path);
        shape.points = polygon(object, L1("points"), path, true).value_or(QPolygonF());
        break;
    case Shape::Kind::Text:
        m_json.checkKnownKeys(object,
                              {L1("kind"),
                               L1("id"),
                               L1("x"),
                               L1("y"),
                               L1("text"),
                               L1("font_size"),
                               L1("rotation"),
                               L1("fill")},
                              path);
        shape.rect = QRectF(m_json.number(object, L1("x"), path).value_or(0),
                            m_json.number(object, L1("y"), path).value_or(0),
                            0,
                            0);
        shape.text = m_json.string(object, L1("text"), path).value_or(QString());
        shape.fontSize = m_json.number(object, L1("font_size"), path, true, 0.01, 1e5).value_or(16);
        break;
    case Shape::Kind::Stage:
    case Shape::Kind::Rectangle:
    case Shape::Kind::Ellipse:
        m_json.checkKnownKeys(object,
                              {L1("kind"),
                               L1("id"),
                               L1("x"),
                               L1("y"),
                               L1("width"),
                               L1("height"),
                               L1("text"),
                               L1("rotation"),
                               L1("fill"),
                               L1("stroke")},
                              path);
        shape.rect
            = QRectF(m_json.number(object, L1("x"), path).value_or(0),
                     m_json.number(object, L1("y"), path).value_or(0),
                     m_json.number(object, L1("width"), path, true, 0, JsonChecker::kMaxCoordinate)
                         .value_or(0),
                     m_json.number(object, L1("height"), path, true, 0, JsonChecker::kMaxCoordinate)
                         .value_or(0));
        shape.text = m_json.string(object, L1("text"), path, false).value_or(QString());
        break;
    }
    if (shape.kind != Shape::Kind::Polygon)
        shape.rotation = m_json.number(object, L1("rotation"), path, false, -360, 360).value_or(0);
    if (shape.kind != Shape::Kind::Text)
        shape.stroke = m_json.colour(object, L1("stroke"), path, false).value_or(QColor());
    return true;
}

std::optional<QPolygonF> Reader::polygon(const QJsonObject &object,
                                         L1 key,
                                         const QString &path,
                                         bool required)
{
    const auto array = m_json.array(object, key, path, required);
    if (!array)
        return std::nullopt;
    const QString arrayPath = JsonChecker::member(path, key);
    QPolygonF points;
    points.reserve(array->size());
    bool ok = true;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const QJsonValue value = array->at(i);
        const QJsonArray pair = value.toArray();
        const bool isPair = value.isArray() && pair.size() == 2 && pair.at(0).isDouble()
                            && pair.at(1).isDouble();
        const double x = pair.at(0).toDouble();
        const double y = pair.at(1).toDouble();
        if (!isPair) {
            m_json.issues().error(JsonChecker::element(arrayPath, i),
                                  QStringLiteral("expected a point [x, y]"));
            ok = false;
        } else if (!(qAbs(x) <= JsonChecker::kMaxCoordinate)
                   || !(qAbs(y) <= JsonChecker::kMaxCoordinate)) {
            m_json.issues().error(JsonChecker::element(arrayPath, i),
                                  QStringLiteral("coordinate out of range [%1, %2]")
                                      .arg(-JsonChecker::kMaxCoordinate)
                                      .arg(JsonChecker::kMaxCoordinate));
            ok = false;
        } else {
            points.append(QPointF(x, y));
        }
    }
    if (ok && !points.isEmpty() && points.size() < 3) {
        m_json.issues().error(arrayPath, QStringLiteral("a polygon needs at least 3 points"));
        ok = false;
    }
    return ok ? std::optional<QPolygonF>(points) : std::nullopt;
}

QString Reader::interned(const QString &text)
{
    auto it = m_strings.constFind(text);
    if (it == m_strings.constEnd())
        it = m_strings.insert(text, text);
    return it.value();
}

} // namespace

bool VenueReadResult::ok() const
{
    return errors().isEmpty();
}

QList<VenueIssue> VenueReadResult::errors() const
{
    QList<VenueIssue> result;
    for (const VenueIssue &issue : issues) {
        if (issue.severity == VenueIssue::Severity::Error)
            result.append(issue);
    }
    return result;
}

QList<VenueIssue> VenueReadResult::warnings() const
{
    QList<VenueIssue> result;
    for (const VenueIssue &issue : issues) {
        if (issue.severity == VenueIssue::Severity::Warning)
            result.append(issue);
    }
    return result;
}

VenueReadResult VenueReader::read(QByteArrayView json)
{
    VenueReadResult result;
    IssueList issues;
    if (const auto root = JsonChecker::parseTopLevel(json, kMaxInputBytes, issues)) {
        Reader reader(issues);
        reader.readVenue(*root, result.venue);
        VenueValidator::validate(result.venue, issues);
        result.venue.rebuildSeatIndex();
    }
    result.issues = issues.take();
    return result;
}

VenueReadResult VenueReader::readFile(const QString &path)
{
    return readFileWith(path, &VenueReader::read);
}

VenueReadResult VenueReader::readFileWith(const QString &path,
                                          VenueReadResult (*read)(QByteArrayView))
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {{},
                {VenueIssue{VenueIssue::Severity::Error,
                            QStringLiteral("$"),
                            QStringLiteral("cannot open %1: %2").arg(path, file.errorString())}}};
    }
    if (file.size() > kMaxInputBytes) {
        return {{},
                {VenueIssue{VenueIssue::Severity::Error,
                            QStringLiteral("$"),
                            QStringLiteral("file is %1 bytes, the limit is %2 bytes")
                                .arg(file.size())
                                .arg(kMaxInputBytes)}}};
    }
    // Read one byte more than the limit so a file that grows meanwhile is still refused.
    return read(file.read(kMaxInputBytes + 1));
}

} // namespace boxoffice::core
