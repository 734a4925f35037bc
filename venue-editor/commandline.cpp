// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "svgexporter.h"

#include <core/pretiximporter.h>
#include <core/stadiumgenerator.h>
#include <core/venuegenerator.h>
#include <core/venuereader.h>
#include <core/venuewriter.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSaveFile>
#include <QTextStream>

namespace boxoffice::editor {

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        err() << QCoreApplication::translate("main", "error: cannot write %1: %2")
                     .arg(path, file.errorString())
              << Qt::endl;
        return false;
    }
    return true;
}

/// Reads a venue for a command; prints its problems; false when it has errors.
bool readVenue(const QString &path, core::VenueReadResult *result)
{
    *result = core::VenueReader::readFile(path);
    if (!result->issues.isEmpty())
        err() << core::formatIssues(result->issues) << Qt::flush;
    return result->ok();
}

} // namespace

QStringList consoleFlags()
{
    return {QStringLiteral("--validate"),
            QStringLiteral("--generate"),
            QStringLiteral("--export-svg"),
            QStringLiteral("--import-pretix")};
}

int runCommandLine(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main",
                                    "Draw sections, rows, seats and general-admission areas."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption validate(QStringLiteral("validate"),
                                      QCoreApplication::translate("main",
                                                                  "Check a venue file; exit "
                                                                  "code 1 when it has errors."),
                                      QStringLiteral("file"));
    const QCommandLineOption
        generate(QStringLiteral("generate"),
                 QCoreApplication::translate("main",
                                             "Generate a venue: stadium, theatre, arena or "
                                             "large."),
                 QStringLiteral("kind"));
    const QCommandLineOption seats(QStringLiteral("seats"),
                                   QCoreApplication::translate("main",
                                                               "Seats of a generated venue."),
                                   QStringLiteral("count"),
                                   QStringLiteral("60000"));
    const QCommandLineOption exportSvg(QStringLiteral("export-svg"),
                                       QCoreApplication::translate("main", "Write a venue as SVG."),
                                       QStringLiteral("file"));
    const QCommandLineOption
        importPretix(QStringLiteral("import-pretix"),
                     QCoreApplication::translate("main",
                                                 "Convert a pretix seating plan to .venue.json."),
                     QStringLiteral("file"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QCoreApplication::translate("main", "Output file."),
                                    QStringLiteral("file"));
    const QCommandLineOption language(QStringLiteral("lang"),
                                      QCoreApplication::translate("main",
                                                                  "Interface language (en, es)."),
                                      QStringLiteral("language"));
    parser.addOptions({validate, generate, seats, exportSvg, importPretix, output, language});
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QCoreApplication::translate("main", "Venue to open."),
                                 QStringLiteral("[file]"));
    parser.process(arguments);

    const bool needsOutput = parser.isSet(generate) || parser.isSet(exportSvg)
                             || parser.isSet(importPretix);
    if (needsOutput && !parser.isSet(output)) {
        err() << QCoreApplication::translate("main", "error: -o FILE is required") << Qt::endl;
        return 2;
    }
    if (parser.isSet(validate)) {
        core::VenueReadResult result;
        const bool ok = readVenue(parser.value(validate), &result);
        if (ok)
            out() << QCoreApplication::translate("main", "%1: OK, %2 seats, %3 warnings")
                         .arg(parser.value(validate))
                         .arg(result.venue.seatCount())
                         .arg(result.warnings().size())
                  << Qt::endl;
        else
            out() << QCoreApplication::translate("main", "%1: %2 errors")
                         .arg(parser.value(validate))
                         .arg(result.errors().size())
                  << Qt::endl;
        return ok ? 0 : 1;
    }
    if (parser.isSet(generate)) {
        bool numberOk = false;
        const int count = parser.value(seats).toInt(&numberOk);
        if (!numberOk || count < 0 || count > 1'000'000) {
            err() << QCoreApplication::translate("main", "error: --seats must be 0..1000000")
                  << Qt::endl;
            return 2;
        }
        const QString kind = parser.value(generate);
        core::Venue venue;
        if (kind == u"stadium")
            venue = core::StadiumGenerator::generate(count);
        else if (kind == u"theatre")
            venue = core::VenueGenerator::smallTheatre();
        else if (kind == u"arena")
            venue = core::VenueGenerator::arena();
        else if (kind == u"large")
            venue = core::VenueGenerator::large(count);
        else {
            err() << QCoreApplication::translate("main", "error: unknown kind \"%1\"").arg(kind)
                  << Qt::endl;
            return 2;
        }
        if (!writeFile(parser.value(output), core::VenueWriter::write(venue)))
            return 1;
        out() << QCoreApplication::translate("main", "wrote %1: %2 seats in %3 sections")
                     .arg(parser.value(output))
                     .arg(venue.seatCount())
                     .arg(venue.sections.size())
              << Qt::endl;
        return 0;
    }
    if (parser.isSet(exportSvg)) {
        core::VenueReadResult result;
        if (!readVenue(parser.value(exportSvg), &result))
            return 1;
        return writeFile(parser.value(output), SvgExporter::write(result.venue)) ? 0 : 1;
    }
    if (parser.isSet(importPretix)) {
        const core::VenueReadResult result = core::PretixImporter::readFile(
            parser.value(importPretix));
        if (!result.issues.isEmpty())
            err() << core::formatIssues(result.issues) << Qt::flush;
        if (!result.ok())
            return 1;
        if (!writeFile(parser.value(output), core::VenueWriter::write(result.venue)))
            return 1;
        out() << QCoreApplication::translate("main", "wrote %1: %2 seats")
                     .arg(parser.value(output))
                     .arg(result.venue.seatCount())
              << Qt::endl;
        return 0;
    }
    return -1;
}

} // namespace boxoffice::editor
