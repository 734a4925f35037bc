// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "checkoutfixture.h"
#include "chunkedcsv.h"
#include "eventinfo.h"
#include "manage/manageworkspace.h"
#include "manage/reports/exportpanel.h"
#include "manage/reports/figuresview.h"
#include "manage/reports/figuretable.h"
#include "manage/reports/reconcileview.h"
#include "manage/reports/reportspage.h"
#include "manage/reports/revenuechart.h"
#include "manage/reports/settlementview.h"
#include "workspacesignin.h"

#include <core/localtime.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QListWidget>
#include <QProcessEnvironment>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;
using boxoffice::client::FileDownload;

// Issue 30 in the manager's workspace, against a real server, PostgreSQL and the payment
// sandbox: a day with an online sale, a counter sale, a refund and a comp at a venue in Madrid
// (the machine in Tokyo). The Reports tab shows the API's figures for the whole run, the day
// and a channel; the settlement shows what the promoter is owed and saves its PDF and CSV; a CSV
// export streams to a file with progress and parses back; one cancelled half way leaves no file;
// "Check the books" agrees, then lists a planted difference in words; Spanish once.
class TestReports : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QString m_screenshots;
    QString m_event;
    QString m_bigEvent;
    QString m_counterOrder;
    QDate m_day; ///< today at the venue, when the sales were made
    int m_row = 0;
    const QByteArray m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
    const QByteArray m_clerk = testToken(QStringLiteral("rp-clerk"), QStringLiteral("clerk"));
    const QString m_zone = QStringLiteral("Europe/Madrid");

    QString url() const
    {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_checkout.server->port());
    }
    ReportsPage *page() const { return m_window->workspace()->reportsPage(); }
    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    HttpResponse sell(const QByteArray &token, const QStringList &which, const QJsonObject &payment)
    {
        const QString holdId = m_checkout.hold(m_event, which, token);
        if (holdId.isEmpty())
            return {};
        return m_checkout.client().post("/orders",
                                        QJsonObject{{QStringLiteral("hold_id"), holdId},
                                                    {QStringLiteral("payment"), payment}},
                                        token);
    }
    void sql(const QString &statement)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec0(statement.toStdString());
    }
    QJsonObject api(const QString &path)
    {
        const HttpResponse answer = m_checkout.client().get(path.toUtf8(), m_manager);
        if (answer.status != 200)
            qWarning() << path << answer.status << answer.body;
        return answer.json();
    }
    /// A line of /proc/self/status in kB ("VmHWM:", "VmRSS:").
    static qint64 memoryKb(const char *field)
    {
        QFile status(QStringLiteral("/proc/self/status"));
        if (!status.open(QIODevice::ReadOnly))
            return -1;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith(field))
                return line.mid(qstrlen(field)).trimmed().split(' ').first().toLongLong();
        return -1;
    }
    /// Waits for the page's answers to the current choice.
    bool loadAndWait()
    {
        QSignalSpy loaded(page(), &ReportsPage::loaded);
        page()->load();
        return loaded.wait(10000) || !loaded.isEmpty();
    }
    /// The figures on the page are the API's report `path`, cell by cell where it has money.
    void compareWithApi(const QString &path)
    {
        const QJsonObject report = api(path);
        FiguresView *figures = page()->figures();
        const QJsonObject totals = report.value(u"totals").toArray().first().toObject();
        const QString currency = totals.value(u"currency").toString();
        FigureTable *table = figures->totals();
        QCOMPARE(table->horizontalHeaderItem(1)->text(), currency);
        const QStringList members{"sales_cents",
                                  "exchange_cents",
                                  "refunded_cents",
                                  "refunds",
                                  "taken_cents",
                                  "tax_cents",
                                  "comp_tickets",
                                  "comp_face_cents",
                                  "captured_cents",
                                  "compensated_cents",
                                  "payment_refunded_cents"};
        QCOMPARE(table->rowCount(), members.size());
        for (int r = 0; r < members.size(); ++r) {
            const qint64 value = totals.value(members[r]).toInteger();
            QCOMPARE(table->text(r, 1),
                     members[r].endsWith(u"_cents") ? formatMoney(value, currency)
                                                    : QLocale().toString(value));
        }
        // Every line of tickets, kinds and payments is a row, in the API's order.
        const QJsonArray tickets = report.value(u"tickets").toArray();
        QCOMPARE(figures->tickets()->rowCount(), tickets.size());
        for (int r = 0; r < tickets.size(); ++r) {
            const QJsonObject l = tickets[r].toObject();
            const QString type = l.value(u"ticket_type").toString();
            QCOMPARE(figures->tickets()->text(r, 1),
                     type.isEmpty() ? QStringLiteral("Category price") : type);
            QCOMPARE(figures->tickets()->text(r, 4),
                     QLocale().toString(l.value(u"issued").toInteger()));
            QCOMPARE(figures->tickets()->text(r, 6),
                     formatMoney(l.value(u"issued_face_cents").toInteger(), currency));
        }
        const QJsonArray kinds = report.value(u"kinds").toArray();
        QCOMPARE(figures->money()->rowCount(), kinds.size());
        qint64 online = 0;
        for (int r = 0; r < kinds.size(); ++r) {
            const QJsonObject l = kinds[r].toObject();
            QCOMPARE(figures->money()->text(r, 4),
                     formatMoney(l.value(u"amount_cents").toInteger(), currency));
            const QString kind = l.value(u"kind").toString();
            if (l.value(u"channel").toString() == u"online"
                && (kind == u"sale" || kind == u"refund" || kind == u"exchange_difference"))
                online += l.value(u"amount_cents").toInteger();
        }
        if (online != 0)
            QCOMPARE(figures->channelChart()->value(QStringLiteral("Online")), online / 100.0);
        const QJsonArray payments = report.value(u"payments").toArray();
        QCOMPARE(figures->payments()->rowCount(), payments.size());
        for (int r = 0; r < payments.size(); ++r)
            QCOMPARE(figures->payments()->text(r, 3),
                     formatMoney(payments[r].toObject().value(u"captured_cents").toInteger(),
                                 currency));
        QCOMPARE(report.value(u"unmatched").toArray().size(), 0);
        QVERIFY2(figures->unmatchedText().startsWith(u"None"), qPrintable(figures->unmatchedText()));
        // Capacity: the last row is the total.
        const QJsonObject capacity = report.value(u"capacity").toObject();
        QCOMPARE(figures->capacity()->text(figures->capacity()->rowCount() - 1, 1),
                 QLocale().toString(capacity.value(u"total").toInteger()));
        QCOMPARE(figures->capacity()->text(3, 1),
                 QLocale().toString(capacity.value(u"comps").toInteger()));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_reports"), m_dir);
        QVERIFY(m_checkout.start());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_checkout.server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QStringLiteral("boss"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("manager"),
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
        m_event = m_checkout.createEvent(QStringLiteral("rp-hall"), 10, 4, 0, 60, 50, 40);
        QVERIFY(!m_event.isEmpty());
        sql(QStringLiteral("UPDATE venues SET time_zone = '%1' WHERE id = 'rp-hall'").arg(m_zone));
        sql(QStringLiteral("UPDATE events SET title = 'Saturday Gala' WHERE id = '%1'").arg(m_event));
        QCOMPARE(m_checkout.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 10000}}, m_clerk)
                     .status,
                 201);
        // The day: an online sale of two (one refunded), a counter sale in cash, a comp.
        const QJsonObject online = m_checkout.buy(m_event, seats(2), testToken("rp-fan"));
        QCOMPARE(online.value(u"status").toString(), QStringLiteral("paid"));
        const QString first
            = online.value(u"tickets").toArray().first().toObject().value(u"ticket_id").toString();
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + online.value(u"order_id").toString().toLatin1() + "/refund",
                           QJsonObject{{QStringLiteral("ticket_ids"), QJsonArray{first}}},
                           m_clerk)
                     .status,
                 200);
        // At the counter a student ticket (10.00 off), in cash.
        const int version
            = api(QStringLiteral("/events/%1/pricing").arg(m_event)).value(u"version").toInt();
        const QJsonObject rules{
            {QStringLiteral("ticket_types"),
             QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("student")},
                                    {QStringLiteral("name"), QStringLiteral("Student")},
                                    {QStringLiteral("delta_cents"), -1000}}}}};
        QCOMPARE(m_checkout.client()
                     .send(HttpClient::request("PUT",
                                               "/events/" + m_event.toLatin1() + "/pricing",
                                               QJsonDocument(rules).toJson(QJsonDocument::Compact),
                                               m_manager,
                                               {{"Content-Type", "application/json"},
                                                {"If-Match",
                                                 '"' + QByteArray::number(version) + '"'}}))
                     .status,
                 200);
        const QStringList studentSeat = seats(1);
        const QString holdId = m_checkout.hold(m_event, studentSeat, m_clerk);
        QVERIFY(!holdId.isEmpty());
        QCOMPARE(m_checkout.client()
                     .send(HttpClient::request("PUT",
                                               "/holds/" + holdId.toLatin1() + "/types",
                                               QJsonDocument(
                                                   QJsonObject{
                                                       {QStringLiteral("types"),
                                                        QJsonObject{{studentSeat.first(),
                                                                     QStringLiteral("student")}}}})
                                                   .toJson(QJsonDocument::Compact),
                                               m_clerk,
                                               {{"Content-Type", "application/json"}}))
                     .status,
                 200);
        const HttpResponse counter = m_checkout.client().post(
            "/orders",
            QJsonObject{{QStringLiteral("hold_id"), holdId},
                        {QStringLiteral("payment"),
                         QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                     {QStringLiteral("tendered_cents"), 20000}}}},
            m_clerk);
        QCOMPARE(counter.status, 201);
        m_counterOrder = counter.json().value(u"order_id").toString();
        QCOMPARE(sell(m_manager,
                      seats(1),
                      {{QStringLiteral("method"), QStringLiteral("comp")},
                       {QStringLiteral("reason"), QStringLiteral("press")}})
                     .status,
                 201);
        m_day = boxoffice::core::LocalTime::atVenue(QDateTime::currentDateTimeUtc(), m_zone).date();
        // The card refund is confirmed by the provider after the answer: wait for it.
        QTRY_COMPARE_WITH_TIMEOUT(m_checkout.scalar("SELECT count(*) FROM transaction_log WHERE"
                                                    " kind = 'payment_refund' AND event_id = '"
                                                    + m_event.toStdString() + "'"),
                                  1,
                                  15000);
        QCOMPARE(m_checkout.client()
                     .send(HttpClient::request("PUT",
                                               "/events/" + m_event.toLatin1() + "/commission",
                                               R"({"commission_bps": 1250})",
                                               m_manager,
                                               {{"Content-Type", "application/json"}}))
                     .status,
                 200);
        // A second event whose log is long (200,000 rows planted): an export to cancel.
        m_bigEvent = m_checkout.createEvent(QStringLiteral("rp-big"), 2, 2, 0, 60);
        QVERIFY(!m_bigEvent.isEmpty());
        sql(QStringLiteral("UPDATE events SET title = 'Archive Night' WHERE id = '%1'")
                .arg(m_bigEvent));
        sql(QStringLiteral("INSERT INTO transaction_log (kind, event_id, channel, actor, method,"
                           " note) SELECT 'issue', '%1', 'online', 'planted', 'card',"
                           " repeat('a long note ', 8) FROM generate_series(1, 200000)")
                .arg(m_bigEvent));

        m_window = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("journal.sqlite")));
        QVERIFY(openBackOffice(*m_window, url()));
        page()->setFileChooser([](const QString &, const QString &, const QString &) {
            return QString(); // no dialog in a test: each save names its file
        });
    }

    void theFiguresAreTheApis()
    {
        QTabWidget *sections = m_window->workspace()->sections();
        const int tab = sections->indexOf(page());
        QVERIFY(tab >= 0);
        QCOMPARE(sections->tabText(tab), QStringLiteral("Reports"));
        sections->setCurrentIndex(tab);
        // The workspace read the events when it opened; the page shows the first one's run.
        QTRY_VERIFY_WITH_TIMEOUT(page()->findChild<QComboBox *>("reportEvent")->count() == 2, 10000);
        QSignalSpy loaded(page(), &ReportsPage::loaded);
        page()->openEvent(m_event);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isLoading() && page()->eventId() == m_event
                                     && !page()->report().isEmpty(),
                                 10000);
        QVERIFY2(page()->statusText().startsWith(u"The whole run."),
                 qPrintable(page()->statusText()));
        compareWithApi(QStringLiteral("/events/%1/report").arg(m_event));
        // The student ticket sold at the counter has a line of its own, by its type's name.
        bool student = false;
        for (int r = 0; r < page()->figures()->tickets()->rowCount(); ++r)
            student = student
                      || (page()->figures()->tickets()->text(r, 1) == u"Student"
                          && page()->figures()->tickets()->text(r, 2) == u"Box office");
        QVERIFY(student);

        // The day at the venue (Madrid, whatever this machine's zone), then its counter sales.
        page()->setDay(m_day);
        QVERIFY(loadAndWait());
        const QString day = m_day.toString(Qt::ISODate);
        QVERIFY2(page()->statusText().contains(u"Europe/Madrid"), qPrintable(page()->statusText()));
        compareWithApi(QStringLiteral("/events/%1/report?day=%2").arg(m_event, day));
        const QJsonObject dayReport = page()->report();
        QCOMPARE(dayReport.value(u"period").toObject().value(u"time_zone").toString(), m_zone);
        QApplication::processEvents();
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-50-reports.png"));

        page()->setChannel(QStringLiteral("box_office"));
        QVERIFY(loadAndWait());
        compareWithApi(
            QStringLiteral("/events/%1/report?day=%2&channel=box_office").arg(m_event, day));
        QVERIFY(page()->statusText().contains(u"Channel: Box office."));
        QCOMPARE(page()->figures()->channelChart()->names(), QStringList{"Box office"});

        // Ctrl+R reads the figures again (the keyboard's way), Tab walks the filters in order.
        page()->setChannel(QString());
        QSignalSpy again(page(), &ReportsPage::loaded);
        QTest::keyClick(page()->findChild<QComboBox *>("reportEvent"),
                        Qt::Key_R,
                        Qt::ControlModifier);
        QVERIFY(again.wait(10000));
        compareWithApi(QStringLiteral("/events/%1/report?day=%2").arg(m_event, day));
        QWidget *event = page()->findChild<QComboBox *>("reportEvent");
        QCOMPARE(event->nextInFocusChain(), page()->findChild<QCheckBox *>("reportOneDay"));
        QCOMPARE(page()->findChild<QWidget *>("reportClerk")->nextInFocusChain(),
                 page()->findChild<QPushButton *>("showReport"));
    }

    void theSettlementShowsWhatIsOwed()
    {
        page()->parts()->setCurrentWidget(page()->settlementView());
        const QJsonObject settlement = api(QStringLiteral("/events/%1/settlement").arg(m_event));
        const QString currency = settlement.value(u"currency").toString();
        SettlementView *view = page()->settlementView();
        for (const char *member : {"gross_cents",
                                   "net_cents",
                                   "commission_cents",
                                   "owed_cents",
                                   "refunded_cents",
                                   "tax_cents",
                                   "fee_cents"})
            QCOMPARE(view->valueText(QString::fromLatin1(member)),
                     formatMoney(settlement.value(QLatin1StringView(member)).toInteger(), currency));
        QVERIFY(settlement.value(u"owed_cents").toInteger() > 0);
        QCOMPARE(view->valueText("commission_bps"), QLocale().toString(12.5, 'f', 2) + " %");
        QApplication::processEvents();
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-51-settlement.png"));

        const QString pdf = m_dir.filePath(QStringLiteral("statement.pdf"));
        view->saveTo(SettlementView::File::Pdf, pdf);
        QTRY_VERIFY_WITH_TIMEOUT(!view->isSaving(), 10000);
        QVERIFY2(view->noticeText().startsWith(u"Saved to"), qPrintable(view->noticeText()));
        QFile statement(pdf);
        QVERIFY(statement.open(QIODevice::ReadOnly));
        QVERIFY(statement.readAll().startsWith("%PDF-1.4"));
        const QString csv = m_dir.filePath(QStringLiteral("settlement.csv"));
        view->saveTo(SettlementView::File::Csv, csv);
        QTRY_VERIFY_WITH_TIMEOUT(!view->isSaving(), 10000);
        QFile lines(csv);
        QVERIFY(lines.open(QIODevice::ReadOnly));
        const QList<QStringList> items = parseCsv(lines.readAll());
        QCOMPARE(items.first(), (QStringList{"item", "value"}));
        for (const QStringList &item : items)
            if (item.value(0) == u"owed_cents")
                QCOMPARE(item.value(1).toLongLong(), settlement.value(u"owed_cents").toInteger());
    }

    void anExportStreamsToAFileWithProgress()
    {
        page()->parts()->setCurrentWidget(page()->exports());
        ExportPanel *panel = page()->exports();
        QSignalSpy progress(panel->download(), &FileDownload::progressed);
        QSignalSpy done(panel, &ExportPanel::exportFinished);
        const QString orders = m_dir.filePath(QStringLiteral("orders.csv"));
        panel->startTo(ExportPanel::Export::Orders, orders);
        QVERIFY(done.wait(15000));
        QCOMPARE(done.first().first().value<FileDownload::Outcome>(), FileDownload::Outcome::Saved);
        QVERIFY(!progress.isEmpty());
        QFile file(orders);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QStringList> rows = parseCsv(file.readAll());
        QCOMPARE(rows.first().first(), QStringLiteral("order_id"));
        const qint64 count = m_checkout.scalar("SELECT count(*) FROM orders WHERE event_id = '"
                                               + m_event.toStdString() + "'");
        QCOMPARE(rows.size() - 1, count);
        QVERIFY2(panel->statusText().startsWith(
                     QStringLiteral("orders.csv saved: %1 rows").arg(count)),
                 qPrintable(panel->statusText()));
        QVERIFY(rows.contains(rows.first()));
        bool counterFound = false;
        for (const QStringList &row : rows)
            counterFound = counterFound || row.first() == m_counterOrder;
        QVERIFY(counterFound);

        // The transaction log of the day chosen above, every row of it.
        done.clear();
        const QString log = m_dir.filePath(QStringLiteral("transactions.csv"));
        panel->startTo(ExportPanel::Export::TransactionLog, log);
        QVERIFY(done.wait(15000));
        QCOMPARE(done.first().first().value<FileDownload::Outcome>(), FileDownload::Outcome::Saved);
        QFile logFile(log);
        QVERIFY(logFile.open(QIODevice::ReadOnly));
        QCOMPARE(parseCsv(logFile.readAll()).size() - 1,
                 m_checkout.scalar("SELECT count(*) FROM transaction_log WHERE event_id = '"
                                   + m_event.toStdString() + "'"));
        QApplication::processEvents();
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-53-export.png"));
    }

    void anExportCancelledHalfWayLeavesNoFile()
    {
        page()->setDay(QDate());
        page()->openEvent(m_bigEvent);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isLoading() && page()->eventId() == m_bigEvent
                                     && !page()->report().isEmpty(),
                                 10000);
        ExportPanel *panel = page()->exports();
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("long.csv"));
        QSignalSpy done(panel, &ExportPanel::exportFinished);
        bool screenshot = false;
        // Cancel once a good part arrived: the bar moves, the counts grow, the window answers.
        connect(panel->download(), &FileDownload::progressed, this, [&](qint64 bytes) {
            if (bytes < 512 * 1024 || !panel->download()->isRunning())
                return;
            if (!screenshot) {
                screenshot = true;
                QVERIFY(panel->progressBar()->isVisible());
                QVERIFY2(panel->statusText().contains(u"rows so far"),
                         qPrintable(panel->statusText()));
                m_window->grab().save(m_screenshots + u"/manage-54-export-progress.png");
            }
            QTest::keyClick(panel->findChild<QPushButton *>("cancelExport"), Qt::Key_Escape);
        });
        panel->startTo(ExportPanel::Export::TransactionLog, path);
        QVERIFY(done.wait(30000));
        panel->download()->disconnect(this);
        QCOMPARE(done.first().first().value<FileDownload::Outcome>(),
                 FileDownload::Outcome::Cancelled);
        QVERIFY(screenshot);
        // Half way: far from the whole log, and nothing left on disk, not even the part file.
        QVERIFY2(panel->download()->lines() < 200000,
                 qPrintable(QString::number(panel->download()->lines())));
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(panel->statusText(), QStringLiteral("Cancelled: nothing was saved."));
        QVERIFY(panel->findChild<QPushButton *>("exportLog")->isEnabled());
    }

    void aWholeLongExportNeedsLittleMemory()
    {
        // 200,000 log rows (tens of MB) streamed to disk: the app's peak memory grows by a small
        // part of the file, not by the file (Linux: clear_refs 5 resets the peak).
        ExportPanel *panel = page()->exports();
        QCOMPARE(page()->eventId(), m_bigEvent);
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("whole.csv"));
        QFile clear(QStringLiteral("/proc/self/clear_refs"));
        QVERIFY(clear.open(QIODevice::WriteOnly) && clear.write("5") == 1);
        clear.close();
        const qint64 before = memoryKb("VmHWM:");
        QSignalSpy done(panel, &ExportPanel::exportFinished);
        QElapsedTimer timer;
        timer.start();
        panel->startTo(ExportPanel::Export::TransactionLog, path);
        QVERIFY(done.wait(120000));
        const qint64 ms = timer.elapsed();
        QVERIFY2(done.first().first().value<FileDownload::Outcome>() == FileDownload::Outcome::Saved,
                 qPrintable(panel->statusText()));
        const qint64 grown = memoryKb("VmHWM:") - before;
        const qint64 size = QFileInfo(path).size();
        QCOMPARE(panel->download()->lines(), 200001);
        qInfo("exported %lld bytes (200,000 rows) in %lld ms; peak RSS grew %lld kB = %.3f of the"
              " file",
              size,
              ms,
              grown,
              double(grown) * 1024.0 / double(size));
        QVERIFY2(grown * 1024 < size / 4,
                 qPrintable(QStringLiteral("%1 kB for %2 bytes").arg(grown).arg(size)));
    }

    void theBooksAgreeThenAPlantedDifferenceIsListed()
    {
        page()->openEvent(m_event);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isLoading() && page()->eventId() == m_event, 10000);
        ReconcileView *books = page()->reconcile();
        // Alt+B opens the part, Alt+C runs the check.
        QTest::keyClick(page(), Qt::Key_B, Qt::AltModifier);
        QTRY_COMPARE(page()->parts()->currentWidget(), static_cast<QWidget *>(books));
        QSignalSpy checked(books, &ReconcileView::checked);
        QTest::keyClick(page(), Qt::Key_C, Qt::AltModifier);
        QVERIFY(checked.wait(10000));
        const QJsonObject answer = api(QStringLiteral("/events/%1/reconcile").arg(m_event));
        QCOMPARE(books->resultText(),
                 QStringLiteral("Everything agrees: %1 checks over %2 orders and %3 tickets.")
                     .arg(answer.value(u"checks").toInt())
                     .arg(answer.value(u"orders").toInt())
                     .arg(answer.value(u"tickets").toInt()));
        QVERIFY(books->differences()->isHidden());

        // Behind the application's back: the counter order says 1.00 was refunded.
        sql(QStringLiteral(
                "SET session_replication_role = replica;"
                " UPDATE orders SET refunded_cents = refunded_cents + 100 WHERE id = '%1'")
                .arg(m_counterOrder));
        checked.clear();
        QTest::mouseClick(books->findChild<QPushButton *>("checkBooks"), Qt::LeftButton);
        QVERIFY(checked.wait(10000));
        QCOMPARE(books->resultText().left(24), QStringLiteral("1 difference found over "));
        QCOMPARE(books->differences()->count(), 1);
        const QString line = books->differences()->item(0)->text();
        QVERIFY2(line.startsWith(u"The transaction log's refunds differ from the order's — "
                                 + m_counterOrder),
                 qPrintable(line));
        QApplication::processEvents();
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-52-reconcile.png"));

        // In Spanish once, then the books mended.
        m_window->setLanguage(QStringLiteral("es"));
        QTabWidget *sections = m_window->workspace()->sections();
        QTRY_COMPARE(sections->tabText(sections->indexOf(page())), QStringLiteral("Informes"));
        QCOMPARE(books->resultText().left(29), QStringLiteral("1 diferencia encontrada entre"));
        QVERIFY2(books->differences()->item(0)->text().startsWith(u"Los reembolsos del registro"),
                 qPrintable(books->differences()->item(0)->text()));
        QCOMPARE(page()->parts()->tabText(1), QStringLiteral("Li&quidación"));
        QApplication::processEvents();
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-55-reconcile-es.png"));
        page()->parts()->setCurrentWidget(page()->settlementView());
        QApplication::processEvents();
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-56-settlement-es.png"));
        m_window->setLanguage(QStringLiteral("en"));
        sql(QStringLiteral(
                "SET session_replication_role = replica;"
                " UPDATE orders SET refunded_cents = refunded_cents - 100 WHERE id = '%1'")
                .arg(m_counterOrder));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestReports)
#include "tst_boxoffice_reports.moc"
