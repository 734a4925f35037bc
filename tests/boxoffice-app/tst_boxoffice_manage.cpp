// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "backoffice.h"
#include "eventfinder.h"
#include "mainwindow.h"
#include "manage/canceleventdialog.h"
#include "manage/cancelresultdialog.h"
#include "manage/duplicatedialog.h"
#include "manage/eventeditor.h"
#include "manage/eventform.h"
#include "manage/eventlistmodel.h"
#include "manage/eventspage.h"
#include "manage/manageworkspace.h"
#include "manage/pricetable.h"
#include "manage/venuetime.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "signinpage.h"
#include "testenv.h"
#include "workspacesignin.h"

#include <client/salesclient.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDateTimeEdit>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// The manager's back office in the box-office app, against a real boxoffice-server on a
// throwaway database: only a manager sees it; the events list; edits saved with If-Match (the
// server shows them); a stale edit offers a reload; a refused time is shown at its field; pause
// and resume; duplicate; cancel with a reason; a new event. Screenshots go to the build
// directory (docs/screenshots/ keeps copies).
class TestManage : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    QString m_eventId;
    QString m_doomedId;
    QString m_counterOrderId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    int m_windows = 0;

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }
    QJsonObject serverEvent(const QString &id) const
    {
        return http().get(eventPath(id), m_manager).json();
    }

    void shoot(QWidget *widget, const QString &name)
    {
        QTest::qWait(50); // let the layouts follow what was just shown or hidden
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

    void createUser(const QString &name, const QString &role)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     name,
                                     QStringLiteral("--role"),
                                     role,
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
    }

    /// Signs `user` in through the sign-in page.
    void signIn(MainWindow &window, const QString &user, const QString &role)
    {
        QVERIFY(signInThroughPage(window, url(), user));
        QCOMPARE(window.role(), role);
    }

    /// Signs the manager in and opens the back office by its shortcut, the list loaded.
    void openWorkspace(MainWindow &window)
    {
        signIn(window, QStringLiteral("boss"), QStringLiteral("manager"));
        QVERIFY(window.manageAction()->isVisible());
        QVERIFY(window.manageAction()->isEnabled());
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_M, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(),
                                  static_cast<QWidget *>(window.workspace()),
                                  5000);
        EventsPage *page = window.workspace()->eventsPage();
        QTRY_VERIFY_WITH_TIMEOUT(!page->isLoading() && page->model()->rowCount() > 0, 10000);
    }

    /// Highlights `eventId` in the list and opens it with Enter; waits until it is loaded.
    EventEditor *openEditor(MainWindow &window, const QString &eventId)
    {
        EventsPage *page = window.workspace()->eventsPage();
        if (!page->select(eventId))
            return nullptr;
        page->view()->setFocus();
        QTest::keyClick(page->view(), Qt::Key_Return);
        if (!QTest::qWaitFor(
                [&] {
                    return page->editor() && !page->editor()->isBusy()
                           && page->editor()->event().contains(u"version");
                },
                10000))
            return nullptr;
        return page->editor();
    }

    /// Every message under a field, for failure messages.
    static QString fieldErrors(EventEditor *editor)
    {
        QStringList out;
        for (const char *field : {"title",
                                  "artists",
                                  "category",
                                  "venue_id",
                                  "currency",
                                  "starts_at",
                                  "doors_at",
                                  "on_sale_at",
                                  "off_sale_at",
                                  "sale_conditions",
                                  "max_seats_per_user",
                                  "max_holds_per_user",
                                  "hold_seconds",
                                  "admit_per_minute",
                                  "max_active",
                                  "categories"}) {
            const QString error = editor->form()->fieldError(QString::fromLatin1(field));
            if (!error.isEmpty())
                out.append(QString::fromLatin1(field) + u": " + error);
        }
        return out.join(u"; ");
    }

    /// Puts the app back in English whatever a test did.
    struct EditorGuard
    {
        MainWindow &window;
        ~EditorGuard() { window.setLanguage(QStringLiteral("en")); }
    };

    QString journal() { return m_dir.filePath(QStringLiteral("j%1.sqlite").arg(++m_windows)); }

    /// Types `text` into the price cell of category `id`, as a manager does (open, type, Enter).
    void typePrice(EventEditor *editor, const QString &id, const QString &text)
    {
        auto *prices = editor->findChild<PriceTable *>();
        QVERIFY(prices);
        const int row = prices->rowOf(id);
        QVERIFY(row >= 0);
        prices->setCurrentCell(row, PriceTable::Price);
        prices->editItem(prices->item(row, PriceTable::Price));
        QLineEdit *cell = nullptr;
        QTRY_VERIFY((cell = prices->viewport()->findChild<QLineEdit *>()) != nullptr);
        cell->selectAll();
        QTest::keyClicks(cell, text);
        QTest::keyClick(cell, Qt::Key_Return);
        QTRY_COMPARE(prices->item(row, PriceTable::Price)->text(), text);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_manage"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const SeededEvent gala = SeededEvent::create(http(),
                                                     m_manager,
                                                     QStringLiteral("hall"),
                                                     EventShape::seats(4, 10).titled(
                                                         QStringLiteral("Gala Night")));
        QVERIFY2(gala.ok(), gala.error().constData());
        m_eventId = gala.eventId;
        const SeededEvent doomed = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("annex"),
                                                       EventShape::seats(2, 10).titled(
                                                           QStringLiteral("Open Air Finale")));
        QVERIFY2(doomed.ok(), doomed.error().constData());
        m_doomedId = doomed.eventId;
        // A card sale at the counter: cancelling lists it for the counter to pay back.
        const QByteArray clerk = testToken(QStringLiteral("counter-clerk"), QStringLiteral("clerk"));
        const HttpResponse hold = http().post("/holds",
                                              {{QStringLiteral("event_id"), m_doomedId},
                                               {QStringLiteral("seats"),
                                                QJsonArray{QStringLiteral("S1-1-1"),
                                                           QStringLiteral("S1-1-2")}}},
                                              clerk);
        QCOMPARE(hold.status, 201);
        const HttpResponse sale
            = http().post("/orders",
                          {{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
                           {QStringLiteral("email"), QStringLiteral("cai@example.com")},
                           {QStringLiteral("payment"),
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                        {QStringLiteral("reference"), QStringLiteral("T-1")}}}},
                          clerk);
        QCOMPARE(sale.status, 201);
        m_counterOrderId = sale.json().value(u"order_id").toString();
        createUser(QStringLiteral("clerk1"), QStringLiteral("clerk"));
        createUser(QStringLiteral("boss"), QStringLiteral("manager"));
    }

    void editorsShowTheVenuesClock()
    {
        // 20:00 in Sao Paulo is 23:00 UTC, whatever zone this machine is in (ctest: Tokyo).
        const QString zone = QStringLiteral("America/Sao_Paulo");
        const QDateTime utc(QDate(2030, 6, 1), QTime(23, 0), Qt::UTC);
        const QDateTime wallClock = VenueTime::toEdit(utc, zone);
        QCOMPARE(wallClock.date(), QDate(2030, 6, 1));
        QCOMPARE(wallClock.time(), QTime(20, 0));
        QCOMPARE(VenueTime::fromEdit(wallClock, zone), utc);
        QCOMPARE(VenueTime::toJson(VenueTime::fromEdit(wallClock, zone)),
                 QStringLiteral("2030-06-01T23:00:00Z"));
        QCOMPARE(VenueTime::fromEdit(wallClock, {}),
                 QDateTime(QDate(2030, 6, 1), QTime(20, 0), Qt::UTC));
    }

    void clerkNeverSeesTheBackOffice()
    {
        MainWindow window(journal());
        signIn(window, QStringLiteral("clerk1"), QStringLiteral("clerk"));
        QVERIFY(!window.manageAction()->isVisible());
        QVERIFY(!window.manageAction()->isEnabled());
        const QList<QAction *> menus = window.menuBar()->actions();
        for (QAction *menu : menus)
            if (menu->menu() && menu->menu()->actions().contains(window.manageAction()))
                QVERIFY(!menu->isVisible());
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_M, Qt::ControlModifier);
        window.showWorkspace(); // not even when asked directly
        QTest::qWait(100);
        QCOMPARE(window.currentPage(), static_cast<QWidget *>(window.eventFinder()));
    }

    void managerListsEvents()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventsPage *page = window.workspace()->eventsPage();
        QCOMPARE(page->model()->rowCount(), 2);
        const int row = page->model()->rowOf(m_eventId);
        QVERIFY(row >= 0);
        auto cell = [&](int column) { return page->model()->index(row, column).data().toString(); };
        QCOMPARE(cell(EventListModel::Title), QStringLiteral("Gala Night"));
        QVERIFY(cell(EventListModel::Venue).startsWith(QStringLiteral("Test hall hall")));
        QCOMPARE(cell(EventListModel::Sale), QStringLiteral("On sale"));
        QCOMPARE(cell(EventListModel::Availability), QStringLiteral("Available"));
        QVERIFY(cell(EventListModel::Starts).contains(QStringLiteral("20:00")));
        QVERIFY(page->statusText().startsWith(QStringLiteral("2 event")));
        shoot(&window, QStringLiteral("manage-01-events"));

        // The filter narrows the list, and says so when nothing matches.
        QTest::keyClicks(page->filterBox(), QStringLiteral("open air"));
        QCOMPARE(page->visibleCount(), 1);
        page->filterBox()->clear();
        QTest::keyClicks(page->filterBox(), QStringLiteral("nothing like this"));
        QCOMPARE(page->visibleCount(), 0);
        QVERIFY(page->statusText().contains(QStringLiteral("No event matches")));
        page->filterBox()->clear();
        QCOMPARE(page->visibleCount(), 2);

        // The server gone: the list says so in words and keeps what it showed.
        const QUrl server = window.client()->baseUrl();
        window.client()->setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:1")));
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(page->isLoading());
        QTRY_VERIFY_WITH_TIMEOUT(!page->isLoading(), 10000);
        QCOMPARE(page->statusText(),
                 QStringLiteral("The events could not be loaded. The server cannot be reached. "
                                "Check the network and try again."));
        QCOMPARE(page->model()->rowCount(), 2);
        window.client()->setBaseUrl(server);
        page->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(page->statusText().startsWith(QStringLiteral("2 event")), 10000);
    }

    void editTitleAndPriceIsSaved()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventEditor *editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        const qint64 before = serverEvent(m_eventId).value(u"version").toInteger();
        auto *title = qobject_cast<QLineEdit *>(editor->form()->fieldWidget(u"title"_qs));
        QCOMPARE(title->text(), QStringLiteral("Gala Night"));
        // Every input says what it is to a screen reader.
        for (const char *field : {"title",
                                  "artists",
                                  "category",
                                  "venue_id",
                                  "starts_at",
                                  "doors_at",
                                  "on_sale_at",
                                  "off_sale_at",
                                  "sale_conditions",
                                  "max_seats_per_user",
                                  "max_holds_per_user",
                                  "hold_seconds",
                                  "queue",
                                  "admit_per_minute",
                                  "max_active",
                                  "categories"}) {
            QWidget *input = editor->form()->fieldWidget(QString::fromLatin1(field));
            QVERIFY2(input && !input->accessibleName().isEmpty(), field);
        }
        typePrice(editor, QStringLiteral("A"), QStringLiteral("55.00"));
        title->setFocus();
        title->selectAll();
        QTest::keyClicks(title, QStringLiteral("Gala Night 2030"));
        QTest::keyClick(title, Qt::Key_Return); // Enter saves
        QTRY_COMPARE_WITH_TIMEOUT(editor->bannerText(), QStringLiteral("Saved."), 10000);

        const QJsonObject saved = serverEvent(m_eventId);
        QCOMPARE(saved.value(u"title").toString(), QStringLiteral("Gala Night 2030"));
        QCOMPARE(saved.value(u"version").toInteger(), before + 1);
        qint64 priceA = -1;
        qint64 priceB = -1;
        for (const QJsonValue &c : saved.value(u"categories").toArray()) {
            if (c.toObject().value(u"id").toString() == u"A")
                priceA = c.toObject().value(u"price_cents").toInteger();
            if (c.toObject().value(u"id").toString() == u"B")
                priceB = c.toObject().value(u"price_cents").toInteger();
        }
        QCOMPARE(priceA, 5500);
        QCOMPARE(priceB, 3000); // untouched
        // The list follows.
        EventsPage *page = window.workspace()->eventsPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->model()
                                      ->index(page->model()->rowOf(m_eventId), EventListModel::Title)
                                      .data()
                                      .toString(),
                                  QStringLiteral("Gala Night 2030"),
                                  10000);
        // Nothing changed: nothing is sent.
        QTest::mouseClick(editor->saveButton(), Qt::LeftButton);
        QVERIFY(editor->bannerText().contains(QStringLiteral("Nothing to save")));
        QCOMPARE(serverEvent(m_eventId).value(u"version").toInteger(), before + 1);
        QTest::keyClick(editor, Qt::Key_Escape); // nothing unsaved: Esc closes
        QTRY_VERIFY(!page->editor());

        // Unsaved changes: Esc asks first; Discard closes and sends nothing.
        editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        title = qobject_cast<QLineEdit *>(editor->form()->fieldWidget(u"title"_qs));
        QTest::keyClicks(title, QStringLiteral(" (draft)"));
        QTest::keyClick(editor, Qt::Key_Escape);
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = editor->findChild<QMessageBox *>(QStringLiteral("discardChangesBox"))));
        QVERIFY(editor->isVisible());
        QTest::mouseClick(box->button(QMessageBox::Discard), Qt::LeftButton);
        QTRY_VERIFY(!page->editor());
        QCOMPARE(serverEvent(m_eventId).value(u"title").toString(),
                 QStringLiteral("Gala Night 2030"));
    }

    void staleEditOffersReload()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventEditor *editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        // Another manager renames the event behind this editor's back.
        const HttpResponse other = patchEvent(http(),
                                              m_eventId,
                                              {{QStringLiteral("title"),
                                                QStringLiteral("Renamed elsewhere")}},
                                              m_manager,
                                              eventTag(http(), m_eventId));
        QCOMPARE(other.status, 200);
        auto *conditions = qobject_cast<QPlainTextEdit *>(
            editor->form()->fieldWidget(u"sale_conditions"_qs));
        QTest::keyClicks(conditions, QStringLiteral("No refunds after the doors open."));
        QTest::mouseClick(editor->saveButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(editor->reloadButton()->isVisible(), 10000);
        QVERIFY(editor->bannerText().contains(QStringLiteral("Someone else changed this event")));
        QVERIFY(!serverEvent(m_eventId).value(u"sale_conditions").toString().contains(u"doors"));

        QTest::mouseClick(editor->reloadButton(), Qt::LeftButton);
        auto *title = qobject_cast<QLineEdit *>(editor->form()->fieldWidget(u"title"_qs));
        QTRY_COMPARE_WITH_TIMEOUT(title->text(), QStringLiteral("Renamed elsewhere"), 10000);
        QVERIFY(!editor->reloadButton()->isVisible());
        // After the reload the same change goes through.
        QTest::keyClicks(conditions, QStringLiteral("No refunds after the doors open."));
        QTest::mouseClick(editor->saveButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(editor->bannerText(), QStringLiteral("Saved."), 10000);
        QCOMPARE(serverEvent(m_eventId).value(u"sale_conditions").toString(),
                 QStringLiteral("No refunds after the doors open."));
        QCOMPARE(serverEvent(m_eventId).value(u"title").toString(),
                 QStringLiteral("Renamed elsewhere"));
    }

    void refusedTimeIsShownAtItsField()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventEditor *editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        const qint64 before = serverEvent(m_eventId).value(u"version").toInteger();
        auto *starts = qobject_cast<QDateTimeEdit *>(editor->form()->fieldWidget(u"starts_at"_qs));
        auto *onSale = qobject_cast<QDateTimeEdit *>(editor->form()->fieldWidget(u"on_sale_at"_qs));
        QVERIFY(starts && onSale);
        const QDateTime opened = onSale->dateTime();
        onSale->setDateTime(starts->dateTime().addDays(2)); // the sale would open after the show
        QTest::mouseClick(editor->saveButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!editor->form()->fieldError(u"on_sale_at"_qs).isEmpty(), 10000);
        QCOMPARE(editor->form()->fieldError(u"on_sale_at"_qs),
                 QStringLiteral("The sale must open before the event starts."));
        QVERIFY(editor->bannerText().contains(QStringLiteral("marked in red")));
        QCOMPARE(editor->focusWidget(), onSale);
        QCOMPARE(onSale->accessibleDescription(),
                 QStringLiteral("The sale must open before the event starts."));
        QCOMPARE(serverEvent(m_eventId).value(u"version").toInteger(), before);
        shoot(editor, QStringLiteral("manage-02-editor-field-error"));
        // The message goes once the value is right again.
        onSale->setDateTime(opened.addSecs(-3600));
        QTest::mouseClick(editor->saveButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(editor->bannerText(), QStringLiteral("Saved."), 10000);
        QVERIFY(editor->form()->fieldError(u"on_sale_at"_qs).isEmpty());
    }

    void pauseThenResume()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventEditor *editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        QCOMPARE(serverEvent(m_eventId).value(u"sale_state").toString(), QStringLiteral("on_sale"));
        QVERIFY(editor->pauseButton()->isVisible());
        QVERIFY(!editor->resumeButton()->isVisible());
        QTest::mouseClick(editor->pauseButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(editor->resumeButton()->isVisible(), 10000);
        QCOMPARE(serverEvent(m_eventId).value(u"sale_state").toString(), QStringLiteral("paused"));
        QVERIFY(
            editor->findChild<QLabel *>(QStringLiteral("saleState"))->text().contains(u"paused"));
        EventsPage *page = window.workspace()->eventsPage();
        const auto saleCell = [&] {
            return page->model()
                ->index(page->model()->rowOf(m_eventId), EventListModel::Sale)
                .data()
                .toString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(saleCell(), QStringLiteral("Sale paused"), 10000);
        QTest::mouseClick(editor->resumeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(editor->pauseButton()->isVisible(), 10000);
        QCOMPARE(serverEvent(m_eventId).value(u"sale_state").toString(), QStringLiteral("on_sale"));
        QTRY_COMPARE_WITH_TIMEOUT(saleCell(), QStringLiteral("On sale"), 10000);
    }

    void duplicateAsksTitleAndStart()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventEditor *editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        QTest::mouseClick(editor->duplicateButton(), Qt::LeftButton);
        QTRY_VERIFY(editor->duplicateDialog());
        DuplicateDialog *dialog = editor->duplicateDialog();
        dialog->titleEdit()->selectAll();
        QTest::keyClicks(dialog->titleEdit(), QStringLiteral("Gala Night matinee"));
        const QDateTime start(QDate(2030, 6, 15), QTime(17, 30), Qt::UTC); // hall: UTC
        dialog->startEdit()->setDateTime(start);
        QTest::keyClick(dialog->titleEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(editor->bannerText().contains(QStringLiteral("Copy made")), 10000);
        EventsPage *page = window.workspace()->eventsPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->model()->rowCount(), 3, 10000);
        QString copyId;
        for (const QJsonValue &v :
             http().get("/events?include=all", m_manager).json().value(u"items").toArray())
            if (v.toObject().value(u"title").toString() == u"Gala Night matinee")
                copyId = v.toObject().value(u"id").toString();
        QVERIFY(!copyId.isEmpty());
        QCOMPARE(copyId == m_eventId, false);
        const QJsonObject copy = serverEvent(copyId);
        QCOMPARE(QDateTime::fromString(copy.value(u"starts_at").toString(), Qt::ISODate), start);
        QCOMPARE(copy.value(u"venue").toObject().value(u"id").toString(), QStringLiteral("hall"));
    }

    void cancelNeedsAReasonAndShowsWhatHappened()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventEditor *editor = openEditor(window, m_doomedId);
        QVERIFY(editor);
        QTest::mouseClick(editor->cancelEventButton(), Qt::LeftButton);
        QTRY_VERIFY(editor->cancelDialog());
        CancelEventDialog *dialog = editor->cancelDialog();
        QVERIFY(!dialog->confirmButton()->isEnabled());
        QTest::keyClick(dialog->reasonEdit(), Qt::Key_Return); // no reason: nothing happens
        QVERIFY(dialog->isVisible());
        QTest::keyClicks(dialog->reasonEdit(), QStringLiteral("The storm took the stage"));
        QVERIFY(dialog->confirmButton()->isEnabled());
        shoot(dialog, QStringLiteral("manage-03-cancel-dialog"));
        QTest::keyClick(dialog->reasonEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(editor->resultDialog(), 10000);
        const QString summary
            = editor->resultDialog()->findChild<QLabel *>(QStringLiteral("cancelSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("2 ticket(s) revoked")), qPrintable(summary));
        QTableWidget *orders = editor->resultDialog()->counterOrders();
        QCOMPARE(orders->rowCount(), 1);
        QCOMPARE(orders->item(0, 0)->text(), m_counterOrderId);
        QCOMPARE(orders->item(0, 1)->text(), QStringLiteral("100.00 EUR"));
        QCOMPARE(orders->item(0, 3)->text(), QStringLiteral("cai@example.com"));
        shoot(editor->resultDialog(), QStringLiteral("manage-04-cancel-result"));

        const QJsonObject event = serverEvent(m_doomedId);
        QCOMPARE(event.value(u"sale_state").toString(), QStringLiteral("cancelled"));
        QCOMPARE(event.value(u"cancel_reason").toString(),
                 QStringLiteral("The storm took the stage"));
        // A cancelled event takes no more changes: the editor says so and offers none.
        QVERIFY(!editor->saveButton()->isEnabled());
        QVERIFY(!editor->cancelEventButton()->isEnabled());
        EventsPage *page = window.workspace()->eventsPage();
        QTRY_COMPARE_WITH_TIMEOUT(page->model()
                                      ->index(page->model()->rowOf(m_doomedId), EventListModel::Sale)
                                      .data()
                                      .toString(),
                                  QStringLiteral("Cancelled"),
                                  10000);
    }

    void createAnEvent()
    {
        MainWindow window(journal());
        openWorkspace(window);
        EventsPage *page = window.workspace()->eventsPage();
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier);
        QTRY_VERIFY(page->editor());
        EventEditor *editor = page->editor();
        auto *prices = editor->findChild<PriceTable *>();
        QTRY_COMPARE_WITH_TIMEOUT(prices->rowCount(), 2, 10000); // the first venue's categories
        auto *title = qobject_cast<QLineEdit *>(editor->form()->fieldWidget(u"title"_qs));
        QTest::keyClicks(title, QStringLiteral("Winter Songs"));
        typePrice(editor, QStringLiteral("A"), QStringLiteral("42.50"));
        editor->findChild<QCheckBox *>(QStringLiteral("doorsSet"))->setChecked(true);
        auto *starts = qobject_cast<QDateTimeEdit *>(editor->form()->fieldWidget(u"starts_at"_qs));
        const QDateTime start(starts->date(), QTime(20, 0), Qt::UTC);
        starts->setDateTime(start);
        qobject_cast<QDateTimeEdit *>(editor->form()->fieldWidget(u"doors_at"_qs))
            ->setDateTime(start.addSecs(-3600));
        QTest::keyClick(title, Qt::Key_Return);
        QTRY_VERIFY2_WITH_TIMEOUT(editor->bannerText() == u"Saved."
                                      || editor->bannerText() == u"Created.",
                                  qPrintable(editor->bannerText() + u' ' + fieldErrors(editor)),
                                  10000);
        const QString id = editor->event().value(u"id").toString();
        const QJsonObject created = serverEvent(id);
        QCOMPARE(created.value(u"title").toString(), QStringLiteral("Winter Songs"));
        QCOMPARE(QDateTime::fromString(created.value(u"doors_at").toString(), Qt::ISODate),
                 start.addSecs(-3600));
        QCOMPARE(created.value(u"categories").toArray().first().toObject().value(u"price_cents"),
                 QJsonValue(4250));
        QTRY_VERIFY_WITH_TIMEOUT(page->model()->rowOf(id) >= 0, 10000);
    }

    void spanishWorkspace()
    {
        MainWindow window(journal());
        window.setLanguage(QStringLiteral("es"));
        openWorkspace(window);
        EditorGuard guard{window};
        QCOMPARE(window.manageAction()->text(), QStringLiteral("&Administración: eventos…"));
        EventEditor *editor = openEditor(window, m_eventId);
        QVERIFY(editor);
        QCOMPARE(editor->saveButton()->text(), QStringLiteral("Guardar (Intro)"));
        EventsPage *page = window.workspace()->eventsPage();
        QCOMPARE(page->model()
                     ->index(page->model()->rowOf(m_eventId), EventListModel::Sale)
                     .data()
                     .toString(),
                 QStringLiteral("A la venta"));
        shoot(editor, QStringLiteral("manage-05-editor-es"));
    }

    void cleanupTestCase() { QSettings().clear(); }
};

QTEST_MAIN(TestManage)
#include "tst_boxoffice_manage.moc"
