// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/pretiximporter.h>
#include <core/venuegenerator.h>
#include <core/venuereader.h>
#include <core/venuewriter.h>

#include <QFile>
#include <QRandomGenerator>
#include <QTest>

using namespace boxoffice::core;

/// Broken variants of real files: the readers must never crash, and must either accept the input
/// or explain with at least one error that has a JSON path.
class TestVenueFuzz : public QObject
{
    Q_OBJECT
private:
    template<typename Reader>
    static void check(const QByteArray &input, Reader read, int *accepted)
    {
        const VenueReadResult result = read(input);
        for (const VenueIssue &issue : result.issues) {
            QVERIFY(issue.path.startsWith(u'$'));
            QVERIFY(!issue.message.isEmpty());
        }
        if (result.ok()) {
            ++*accepted;
        } else {
            QVERIFY(!result.errors().isEmpty());
        }
    }

    template<typename Reader>
    static void mutate(const QByteArray &original, Reader read)
    {
        QVERIFY(read(original).ok());
        int accepted = 0;
        // Truncations at many offsets, including inside multi-byte characters and numbers.
        const qsizetype step = std::max<qsizetype>(1, original.size() / 400);
        for (qsizetype length = 0; length < original.size(); length += step)
            check(original.left(length), read, &accepted);
        // Single-byte changes and garbage runs at fixed pseudo-random places.
        QRandomGenerator random(20261130);
        static const char replacements[] = "{}[]\",:0-9e.ntf \xff\xc3\x80\\";
        for (int i = 0; i < 600; ++i) {
            QByteArray variant = original;
            const qsizetype at = random.bounded(qsizetype(variant.size()));
            if (i % 3 == 0) {
                variant[at] = char(random.bounded(256));
            } else if (i % 3 == 1) {
                variant[at] = replacements[random.bounded(int(sizeof(replacements) - 1))];
            } else {
                variant.remove(at, random.bounded(1, 40));
            }
            check(variant, read, &accepted);
        }
        // Random bytes.
        for (int i = 0; i < 50; ++i) {
            QByteArray garbage(random.bounded(1, 2000), '\0');
            for (char &c : garbage)
                c = char(random.bounded(256));
            check(garbage, read, &accepted);
        }
        qInfo("%d of the variants were still valid", accepted);
    }

private Q_SLOTS:
    void venueReader()
    {
        mutate(VenueWriter::write(VenueGenerator::smallTheatre()),
               [](const QByteArray &json) { return VenueReader::read(json); });
    }

    void pretixImporter()
    {
        QFile file(QStringLiteral(BOXOFFICE_TEST_DATA_DIR "/pretix/kleiner-saal.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        mutate(file.readAll(), [](const QByteArray &json) { return PretixImporter::read(json); });
    }

    // Each reader fed the other's format reports errors instead of producing a venue.
    void wrongFormat()
    {
        QFile file(QStringLiteral(BOXOFFICE_TEST_DATA_DIR "/pretix/kleiner-saal.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pretix = file.readAll();
        QVERIFY(!VenueReader::read(pretix).ok());
        QVERIFY(!PretixImporter::read(VenueWriter::write(VenueGenerator::arena())).ok());
    }
};

QTEST_GUILESS_MAIN(TestVenueFuzz)
#include "tst_venuefuzz.moc"
