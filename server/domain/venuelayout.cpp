#include "venuelayout.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>

namespace boxoffice::server::domain {

namespace {

// A reader for the server's needs; it follows the `.venue.json` layout of shared/core so that
// paths in errors match the uploaded file.
class Reader
{
public:
    explicit Reader(QList<VenueProblem> *problems)
        : m_problems(problems)
    {}

    void problem(const QString &path, const QString &message)
    {
        if (m_problems->size() < 200)
            m_problems->append({path, message});
    }

    QString id(const QJsonObject &object, const QString &path, const char *name = "id")
    {
        const QJsonValue value = object.value(QLatin1String(name));
        if (!value.isString() || value.toString().trimmed().isEmpty()
            || value.toString().size() > 100) {
            problem(path + u'.' + QLatin1String(name),
                    QStringLiteral("must be a non-empty string of at most 100 characters"));
            return {};
        }
        return value.toString();
    }

    double number(const QJsonObject &object, const QString &path, const char *name)
    {
        const QJsonValue value = object.value(QLatin1String(name));
        if (!value.isDouble() || !std::isfinite(value.toDouble())
            || std::abs(value.toDouble()) > 1e7) {
            problem(path + u'.' + QLatin1String(name), QStringLiteral("must be a finite number"));
            return 0;
        }
        return value.toDouble();
    }

    QJsonArray array(const QJsonObject &object, const QString &path, const char *name, bool required)
    {
        const QJsonValue value = object.value(QLatin1String(name));
        if (value.isUndefined() && !required)
            return {};
        if (!value.isArray()) {
            problem(path + u'.' + QLatin1String(name), QStringLiteral("must be an array"));
            return {};
        }
        return value.toArray();
    }

private:
    QList<VenueProblem> *m_problems;
};

} // namespace

VenueLayout readVenueLayout(const QByteArray &json, QList<VenueProblem> *problems)
{
    VenueLayout layout;
    Reader r(problems);
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        r.problem(QStringLiteral("$"),
                  error.error != QJsonParseError::NoError
                      ? QStringLiteral("invalid JSON: %1").arg(error.errorString())
                      : QStringLiteral("must be a JSON object"));
        return layout;
    }
    const QJsonObject root = document.object();
    if (root.contains(u"format") && root.value(u"format").toString() != u"boxoffice-venue")
        r.problem(QStringLiteral("$.format"), QStringLiteral("must be \"boxoffice-venue\""));
    layout.id = r.id(root, QStringLiteral("$"));
    layout.name = root.value(u"name").toString(layout.id);
    layout.city = root.value(u"city").toString();
    if (root.value(u"lat").isDouble() && root.value(u"lng").isDouble()) {
        layout.lat = root.value(u"lat").toDouble();
        layout.lng = root.value(u"lng").toDouble();
        layout.hasLocation = true;
    }
    const QJsonObject focal = root.value(u"focal_point").toObject();
    layout.focalPoint = QPointF(focal.value(u"x").toDouble(), focal.value(u"y").toDouble());

    QSet<QString> categories;
    const QJsonArray categoryArray = r.array(root, QStringLiteral("$"), "categories", true);
    for (qsizetype i = 0; i < categoryArray.size(); ++i) {
        const QString path = QStringLiteral("$.categories[%1]").arg(i);
        const QJsonObject object = categoryArray[i].toObject();
        const QString id = r.id(object, path);
        if (id.isEmpty())
            continue;
        if (categories.contains(id))
            r.problem(path + u".id", QStringLiteral("duplicate category id %1").arg(id));
        categories.insert(id);
        layout.categories.append(
            {id, object.value(u"name").toString(id), object.value(u"color").toString()});
    }

    QSet<QString> ids;
    int rowIndex = 0;
    const QJsonArray sections = r.array(root, QStringLiteral("$"), "sections", false);
    for (qsizetype s = 0; s < sections.size(); ++s) {
        const QString sectionPath = QStringLiteral("$.sections[%1]").arg(s);
        const QJsonObject section = sections[s].toObject();
        const QString sectionId = r.id(section, sectionPath);
        const QJsonArray rows = r.array(section, sectionPath, "rows", true);
        for (qsizetype w = 0; w < rows.size(); ++w, ++rowIndex) {
            const QString rowPath = sectionPath + QStringLiteral(".rows[%1]").arg(w);
            const QJsonObject row = rows[w].toObject();
            const QString label = row.value(u"label").toString(row.value(u"id").toString());
            const QJsonArray seats = r.array(row, rowPath, "seats", true);
            for (qsizetype i = 0; i < seats.size(); ++i) {
                const QString seatPath = rowPath + QStringLiteral(".seats[%1]").arg(i);
                const QJsonObject seat = seats[i].toObject();
                VenueLayout::SeatInfo info;
                info.id = r.id(seat, seatPath);
                info.section = sectionId;
                info.row = label;
                info.number = seat.value(u"number").toString(info.id);
                info.x = r.number(seat, seatPath, "x");
                info.y = r.number(seat, seatPath, "y");
                info.category = seat.value(u"category").toString();
                info.rowIndex = rowIndex;
                info.seatIndex = int(i);
                info.blocked = seat.value(u"flags").toArray().contains(QStringLiteral("blocked"));
                if (!categories.contains(info.category))
                    r.problem(seatPath + u".category",
                              QStringLiteral("unknown category %1").arg(info.category));
                if (!info.id.isEmpty() && ids.contains(info.id))
                    r.problem(seatPath + u".id",
                              QStringLiteral("duplicate seat id %1").arg(info.id));
                ids.insert(info.id);
                layout.seats.append(info);
            }
        }
    }
    const QJsonArray areas = r.array(root, QStringLiteral("$"), "ga_areas", false);
    for (qsizetype a = 0; a < areas.size(); ++a) {
        const QString path = QStringLiteral("$.ga_areas[%1]").arg(a);
        const QJsonObject area = areas[a].toObject();
        VenueLayout::GaInfo info;
        info.id = r.id(area, path);
        info.name = area.value(u"name").toString(info.id);
        info.category = area.value(u"category").toString();
        const double capacity = area.value(u"capacity").toDouble(-1);
        if (!area.value(u"capacity").isDouble() || capacity < 0 || capacity > 10'000'000
            || capacity != std::floor(capacity))
            r.problem(path + u".capacity",
                      QStringLiteral("must be a whole number from 0 to 10000000"));
        info.capacity = int(std::max(0.0, capacity));
        if (!categories.contains(info.category))
            r.problem(path + u".category", QStringLiteral("unknown category %1").arg(info.category));
        if (!info.id.isEmpty() && ids.contains(info.id))
            r.problem(path + u".id", QStringLiteral("duplicate id %1").arg(info.id));
        ids.insert(info.id);
        layout.ga.append(info);
    }
    if (layout.seats.isEmpty() && layout.ga.isEmpty())
        r.problem(QStringLiteral("$"), QStringLiteral("the venue has no seats and no GA areas"));
    return layout;
}

QJsonArray problemsJson(const QList<VenueProblem> &problems)
{
    QJsonArray out;
    for (const VenueProblem &problem : problems)
        out.append(QJsonObject{{QStringLiteral("path"), problem.path},
                               {QStringLiteral("message"), problem.message}});
    return out;
}

} // namespace boxoffice::server::domain
