// SPDX-License-Identifier: GPL-3.0-or-later
// The venue editor publishes to a real boxoffice-server (real PostgreSQL, throwaway database)
// through its publish dialog, reads the venue back, updates it, and meets a real conflict.
#include "commands/changevenue.h"
#include "commands/moveobjects.h"
#include "document.h"
#include "mainwindow.h"
#include "publishdialog.h"
#include "serverprocess.h"
#include "testenv.h"

#include <core/venuereader.h>
#include <core/venuewriter.h>

#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

using namespace boxoffice;
using test::ServerProcess;

namespace {

constexpr char kUser[] = "venue-manager";
constexpr char kPassword[] = "publish-me-please";

} // namespace

class TestEditorPublish : public QObject
{
    Q_OBJECT

    std::unique_ptr<ServerProcess> m_server;

    /// GET /venues/{id} from the server itself (not through the editor's client).
    core::Venue serverVenue(const QString &id, int *version)
    {
        const auto response = m_server->client().get("/venues/" + id.toUtf8());
        if (response.status != 200)
            qWarning("GET /venues/%s: %d %s", qPrintable(id), response.status, response.body.data());
        *version = response.json().value(u"version").toInt();
        if (response.header("ETag") != '"' + QByteArray::number(*version) + '"')
            qWarning("ETag %s for version %d", response.header("ETag").data(), *version);
        const core::VenueReadResult read = editor::PublishDialog::readServerVenue(response.json());
        if (!read.ok())
            qWarning("%s", qPrintable(core::formatIssues(read.errors())));
        return read.venue;
    }

    /// What the server has equals what the editor has: same canonical file, same seats.
    static void compareVenues(const core::Venue &server, const core::Venue &drawn)
    {
        // A venue drawn without a time zone gets the server's default (UTC here).
        core::Venue mine = drawn;
        if (mine.timeZone.isEmpty())
            mine.timeZone = QStringLiteral("UTC");
        QCOMPARE(server.seatCount(), mine.seatCount());
        QCOMPARE(server.sections.size(), mine.sections.size());
        QCOMPARE(server.categories, mine.categories);
        QStringList serverIds;
        QStringList myIds;
        server.forEachSeat(
            [&](auto &, auto &, const core::Seat &seat, auto) { serverIds.append(seat.id); });
        mine.forEachSeat(
            [&](auto &, auto &, const core::Seat &seat, auto) { myIds.append(seat.id); });
        QCOMPARE(serverIds, myIds);
        QCOMPARE(core::VenueWriter::write(server), core::VenueWriter::write(mine));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the dialog remembers ids in QSettings
        const std::string adminUrl = test::requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!adminUrl.empty());
        m_server = std::make_unique<ServerProcess>(adminUrl);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"),
                   QString::fromLatin1(test::kTestJwtSecret));
        QByteArray out;
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QString::fromLatin1(kUser),
                                     QStringLiteral("--role"),
                                     QStringLiteral("manager"),
                                     QStringLiteral("--password-stdin")},
                                    &out,
                                    env,
                                    QByteArray(kPassword) + '\n'),
                 0);
    }

    void publishUpdateAndConflict()
    {
        editor::MainWindow window;
        window.setQuiet(true);
        window.show();
        QVERIFY(window.openFile(qEnvironmentVariable("BOXOFFICE_SOURCE_DIR")
                                + QStringLiteral("/resources/venues/small-theatre.venue.json")));
        editor::Document *document = window.document();
        const QString venueId = document->venue().id;

        editor::PublishDialog dialog(document, &window);
        dialog.show();
        auto field = [&dialog](const char *name) {
            auto *edit = dialog.findChild<QLineEdit *>(QLatin1StringView(name));
            Q_ASSERT(edit);
            return edit;
        };
        auto *status = dialog.findChild<QLabel *>(QStringLiteral("status"));
        auto *publish = dialog.findChild<QPushButton *>(QStringLiteral("publish"));
        QVERIFY(status && publish);
        auto publishAndWait = [&](const QString &expected) {
            QTest::mouseClick(publish, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(publish->isEnabled(), 10000);
            QVERIFY2(status->text().contains(expected), qPrintable(status->text()));
        };

        // A wrong password is a clear sign-in error, and nothing is published.
        field("server")->setText(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        field("user")->setText(QString::fromLatin1(kUser));
        field("password")->setText(QStringLiteral("not-the-password"));
        field("venueId")->clear();
        field("version")->clear();
        publishAndWait(QStringLiteral("Sign-in failed"));
        QCOMPARE(m_server->client().get("/venues/" + venueId.toUtf8()).status, 404);

        // First publish: POST /venues; the server's copy is the editor's venue.
        field("password")->setText(QString::fromLatin1(kPassword));
        publishAndWait(QStringLiteral("Published"));
        QCOMPARE(field("venueId")->text(), venueId);
        QCOMPARE(field("version")->text(), QStringLiteral("1"));
        int version = 0;
        core::Venue server = serverVenue(venueId, &version);
        QCOMPARE(version, 1);
        compareVenues(server, document->venue());
        QCOMPARE(server.seatCount(), 522);

        // Edit in the editor (rename, move the first row up a little) and publish again:
        // PUT with If-Match 1 gives version 2, which reads back as the edited venue.
        document->undoStack()->push(
            new editor::ChangeVenue(document, QStringLiteral("Rename"), {}, [](core::Venue &venue) {
                venue.name = QStringLiteral("Small Theatre (renovated)");
            }));
        QList<core::SeatRef> firstRow;
        for (int i = 0; i < document->venue().sections.first().rows.first().seats.size(); ++i)
            firstRow.append({0, 0, i});
        const QPointF before = document->venue().seat({0, 0, 0}).position;
        document->undoStack()->push(
            new editor::MoveObjects(document, firstRow, {}, QPointF(0, -10)));
        QCOMPARE(document->venue().seat({0, 0, 0}).position, before + QPointF(0, -10));
        publishAndWait(QStringLiteral("version 2"));
        QCOMPARE(field("version")->text(), QStringLiteral("2"));
        server = serverVenue(venueId, &version);
        QCOMPARE(version, 2);
        QCOMPARE(server.name, QStringLiteral("Small Theatre (renovated)"));
        QCOMPARE(server.seat({0, 0, 0}).position, before + QPointF(0, -10));
        compareVenues(server, document->venue());

        // Someone else publishes version 3 (another name, one seat removed) behind the
        // editor's back; the editor's next publish with its stale version 2 is refused, and the
        // dialog says what differs.
        core::Venue theirs = server;
        theirs.name = QStringLiteral("Teatro Pequeño");
        const QString removedSeat = theirs.sections.first().rows.last().seats.last().id;
        theirs.sections.first().rows.last().seats.removeLast();
        const QString token = QString::fromLatin1(
            test::testToken(QStringLiteral("someone-else"), QStringLiteral("manager")));
        test::HttpRequest put;
        put.method = "PUT";
        put.path = "/venues/" + venueId.toUtf8();
        put.body = core::VenueWriter::write(theirs);
        put.headers = {{"Authorization", "Bearer " + token.toLatin1()},
                       {"Content-Type", "application/json"},
                       {"If-Match", "2"}};
        const auto direct = m_server->client().send(put);
        QVERIFY2(direct.status == 200, direct.body.constData());
        QCOMPARE(direct.json().value(u"version").toInt(), 3);

        document->undoStack()->push(new editor::MoveObjects(document, firstRow, {}, QPointF(0, -5)));
        publishAndWait(QStringLiteral("Version conflict"));
        const QString text = status->text();
        QVERIFY2(text.contains(u"version 3"), qPrintable(text));
        QVERIFY2(text.contains(u"you edited version 2"), qPrintable(text));
        QVERIFY2(text.contains(u"Teatro Pequeño") && text.contains(u"Small Theatre (renovated)"),
                 qPrintable(text));
        QVERIFY2(text.contains(u"Seats only here: " + removedSeat), qPrintable(text));
        QVERIFY2(text.contains(u"Seats changed: " + document->venue().seat({0, 0, 0}).id),
                 qPrintable(text));
        QCOMPARE(field("version")->text(), QStringLiteral("2")); // nothing overwritten silently
        server = serverVenue(venueId, &version);
        QCOMPARE(version, 3);
        QCOMPARE(server.name, QStringLiteral("Teatro Pequeño"));

        // Taking the server's version as the base replaces it with the editor's venue.
        field("version")->setText(QStringLiteral("3"));
        publishAndWait(QStringLiteral("version 4"));
        server = serverVenue(venueId, &version);
        QCOMPARE(version, 4);
        compareVenues(server, document->venue());

        // Publishing it as a new venue again (no id, no version): the server has it, so the
        // dialog takes the venue's id and shows the conflict instead of a bare error.
        field("venueId")->clear();
        field("version")->clear();
        document->undoStack()->push(
            new editor::ChangeVenue(document, QStringLiteral("Rename"), {}, [](core::Venue &venue) {
                venue.name = QStringLiteral("Small Theatre");
            }));
        publishAndWait(QStringLiteral("the server already has this venue, at version 4"));
        QCOMPARE(field("venueId")->text(), venueId);
        QVERIFY2(status->text().contains(u"“Small Theatre (renovated)” on the server"),
                 qPrintable(status->text()));
    }
};

QTEST_MAIN(TestEditorPublish)
#include "tst_editorpublish.moc"
