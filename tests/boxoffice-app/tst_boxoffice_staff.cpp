// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "backoffice.h"
#include "mainwindow.h"
#include "manage/auditlistmodel.h"
#include "manage/auditpage.h"
#include "manage/changeroledialog.h"
#include "manage/disablestaffbox.h"
#include "manage/manageworkspace.h"
#include "manage/newstaffdialog.h"
#include "manage/passwordfields.h"
#include "manage/resetpassworddialog.h"
#include "manage/signinlist.h"
#include "manage/stafflistmodel.h"
#include "manage/staffpage.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "signinpage.h"
#include "testenv.h"
#include "workspacesignin.h"

#include <client/salesclient.h>

#include <QApplication>
#include <QComboBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// The back office's Staff and Audit tabs in the box-office app, against a real boxoffice-server
// on a throwaway database: a manager makes a clerk account (which then signs in over HTTP), a
// weak password and a taken name are refused at their fields, a disabled account's token is
// refused at once and enabled again, another role, a new password; the audit trail shows those
// changes in words, filters by an event and pages through. Screenshots go to the build
// directory (docs/screenshots/ keeps copies).
class TestStaff : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<MainWindow> m_window;
    QByteArray m_manager;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    const QString m_password = QStringLiteral("violet-lantern-42");

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }
    StaffPage *staff() const { return m_window->workspace()->staffPage(); }
    AuditPage *audit() const { return m_window->workspace()->auditPage(); }

    void shoot(QWidget *widget, const QString &name)
    {
        QTest::qWait(50); // let the layouts follow what was just shown or hidden
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

    /// The window with `dialog` drawn over its middle (a grab shows one top-level widget only).
    void shootWithDialog(QWidget *dialog, const QString &name)
    {
        QTest::qWait(50);
        QPixmap shot = m_window->grab();
        const QPixmap over = dialog->grab();
        QPainter painter(&shot);
        const QPoint at((shot.width() - over.width()) / 2, (shot.height() - over.height()) / 2);
        painter.fillRect(QRect(at, over.size()).adjusted(-1, -1, 1, 1), Qt::darkGray);
        painter.drawPixmap(at, over);
        painter.end();
        QVERIFY(shot.save(m_screenshots + u'/' + name + u".png"));
    }

    HttpResponse login(const QString &user, const QString &password) const
    {
        return http().post("/auth/login",
                           {{QStringLiteral("username"), user},
                            {QStringLiteral("password"), password}});
    }

    /// The account named `user` as the server lists it.
    QJsonObject serverAccount(const QString &user) const
    {
        for (const QJsonValue &v : http().get("/staff", m_manager).json().value(u"items").toArray())
            if (v.toObject().value(u"username").toString() == user)
                return v.toObject();
        return {};
    }

    QString cell(const QString &user, int column) const
    {
        const int row = staff()->model()->rowOf(0, user);
        return row < 0 ? QString() : staff()->model()->index(row, column).data().toString();
    }

    /// Shows the staff tab, read fresh.
    void showStaff()
    {
        m_window->workspace()->sections()->setCurrentWidget(staff());
        QSignalSpy refreshed(staff(), &StaffPage::refreshed);
        m_window->activateWindow();
        QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 10000);
        QVERIFY(staff()->model()->rowCount() > 0);
    }

    /// Opens New account by its shortcut and fills it in.
    NewStaffDialog *fillNewAccount(const QString &user,
                                   const QString &role,
                                   const QString &first,
                                   const QString &second)
    {
        QTest::keyClick(m_window.get(), Qt::Key_N, Qt::ControlModifier);
        if (!QTest::qWaitFor([&] { return staff()->newAccountDialog() != nullptr; }, 5000))
            return nullptr;
        NewStaffDialog *dialog = staff()->newAccountDialog();
        QTest::keyClicks(dialog->usernameEdit(), user);
        dialog->roleBox()->setCurrentIndex(dialog->roleBox()->findData(role));
        QTest::keyClicks(dialog->passwords()->first(), first);
        QTest::keyClicks(dialog->passwords()->second(), second);
        return dialog;
    }

    /// Highlights `user`, presses Ctrl+D and confirms with Enter; waits for the answer.
    void toggle(const QString &user)
    {
        QVERIFY(staff()->select(user));
        QSignalSpy updated(staff(), &StaffPage::accountUpdated);
        m_window->activateWindow();
        QTest::keyClick(m_window.get(), Qt::Key_D, Qt::ControlModifier);
        QTRY_VERIFY(staff()->confirmation());
        QMessageBox *box = staff()->confirmation();
        QVERIFY(box->informativeText().contains(u"stops at once")
                || box->informativeText().contains(u"sign in again"));
        QTest::keyClick(box, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(updated.count(), 1, 10000);
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

    /// The audit lines the page shows with action `action`.
    QList<int> rowsOf(const QString &action) const
    {
        QList<int> rows;
        for (int row = 0; row < audit()->model()->rowCount(); ++row)
            if (audit()->model()->line(row).value(u"action").toString() == action)
                rows.append(row);
        return rows;
    }

    QString auditCell(int row, int column) const
    {
        return audit()->model()->index(row, column).data().toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_staff"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const SeededEvent gala = SeededEvent::create(http(),
                                                     m_manager,
                                                     QStringLiteral("hall"),
                                                     EventShape::seats(2, 10).titled(
                                                         QStringLiteral("Gala Night")));
        QVERIFY2(gala.ok(), gala.error().constData());
        m_eventId = gala.eventId;
        // An event.update line to find by the event filter.
        const HttpResponse patched = patchEvent(http(),
                                                m_eventId,
                                                {{QStringLiteral("title"),
                                                  QStringLiteral("Gala Night Two")}},
                                                m_manager,
                                                eventTag(http(), m_eventId));
        QVERIFY2(patched.status == 200, patched.body.constData());
        createUser(QStringLiteral("boss"), QStringLiteral("manager"));

        m_window = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("j.sqlite")));
        QVERIFY(openBackOffice(*m_window, url()));
        QCOMPARE(m_window->role(), QStringLiteral("manager"));
        QTabWidget *tabs = m_window->workspace()->sections();
        QCOMPARE(tabs->tabText(tabs->indexOf(staff())), QStringLiteral("Staff"));
        QCOMPARE(tabs->tabText(tabs->indexOf(audit())), QStringLiteral("Audit trail"));
    }

    void listsAccountsAndOwnRowIsExplained()
    {
        showStaff();
        QCOMPARE(cell(QStringLiteral("boss"), StaffListModel::Username),
                 QStringLiteral("boss (you)"));
        QCOMPARE(cell(QStringLiteral("boss"), StaffListModel::Role), QStringLiteral("Manager"));
        QCOMPARE(cell(QStringLiteral("boss"), StaffListModel::State), QStringLiteral("Enabled"));
        QVERIFY(cell(QStringLiteral("boss"), StaffListModel::LastSignIn) != u"Never");
        // The sign-in just made is listed, newest first.
        QTableWidget *signIns = staff()->signInsView();
        QVERIFY(signIns->rowCount() >= 1);
        QCOMPARE(signIns->item(0, 0)->text(), QStringLiteral("boss"));
        QVERIFY(signIns->item(0, 2)->text().contains(u"127.0.0.1"));

        // One's own account: explained, never sent.
        QVERIFY(staff()->select(QStringLiteral("boss")));
        QVERIFY(!staff()->disableButton()->isEnabled());
        QVERIFY(!staff()->roleButton()->isEnabled());
        QVERIFY(staff()->hintText().contains(u"your own account"));
        QTest::keyClick(m_window.get(), Qt::Key_D, Qt::ControlModifier);
        QTest::qWait(100);
        QVERIFY(!staff()->confirmation());
        QVERIFY(staff()->statusText().contains(u"cannot disable it"));
        QVERIFY(!serverAccount(QStringLiteral("boss")).value(u"disabled").toBool());
        for (QWidget *w : {static_cast<QWidget *>(staff()->view()),
                           static_cast<QWidget *>(staff()->signInsView())})
            QVERIFY(!w->accessibleName().isEmpty());
    }

    void createsAClerkWhoCanSignIn()
    {
        showStaff();
        NewStaffDialog *dialog = fillNewAccount(QStringLiteral("ana"),
                                                QStringLiteral("clerk"),
                                                m_password,
                                                m_password);
        QVERIFY(dialog);
        for (QWidget *w : std::initializer_list<QWidget *>{dialog->usernameEdit(),
                                                           dialog->roleBox(),
                                                           dialog->passwords()->first(),
                                                           dialog->passwords()->second()})
            QVERIFY(!w->accessibleName().isEmpty());
        QTest::keyClick(dialog->passwords()->second(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!staff()->newAccountDialog(), 10000);
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::Role), QStringLiteral("Clerk"));
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::LastSignIn), QStringLiteral("Never"));
        QVERIFY(staff()->statusText().contains(u"“ana” created"));
        QCOMPARE(serverAccount(QStringLiteral("ana")).value(u"role").toString(),
                 QStringLiteral("clerk"));
        const HttpResponse signedIn = login(QStringLiteral("ana"), m_password);
        QCOMPARE(signedIn.status, 200);
        QCOMPARE(signedIn.json().value(u"role").toString(), QStringLiteral("clerk"));
        showStaff();
        QVERIFY(cell(QStringLiteral("ana"), StaffListModel::LastSignIn) != u"Never");
        QCOMPARE(staff()->signInsView()->item(0, 0)->text(), QStringLiteral("ana"));
    }

    void weakPasswordIsShownAtTheField()
    {
        showStaff();
        // Two different passwords: said at once, nothing sent.
        NewStaffDialog *dialog = fillNewAccount(QStringLiteral("bea"),
                                                QStringLiteral("door"),
                                                QStringLiteral("one-password-1"),
                                                QStringLiteral("another-one-2"));
        QVERIFY(dialog);
        QTest::keyClick(dialog->passwords()->second(), Qt::Key_Return);
        QCOMPARE(dialog->fieldError(QStringLiteral("password")),
                 QStringLiteral("The two passwords differ. Type the same one twice."));
        QVERIFY(!dialog->isBusy());
        // A short one: the server's policy, at the field.
        for (QLineEdit *edit : {dialog->passwords()->first(), dialog->passwords()->second()}) {
            edit->clear();
            QTest::keyClicks(edit, QStringLiteral("short1"));
        }
        QTest::keyClick(dialog->passwords()->second(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->fieldError(QStringLiteral("password")),
                                  QStringLiteral("The password needs at least 10 characters."),
                                  10000);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->bannerText().isEmpty());
        QCOMPARE(dialog->passwords()->first()->accessibleDescription(),
                 dialog->fieldError(QStringLiteral("password")));
        shootWithDialog(dialog, QStringLiteral("manage-11-new-account"));
        QVERIFY(serverAccount(QStringLiteral("bea")).isEmpty());
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY(!staff()->newAccountDialog());
    }

    void takenNameIsShownAtTheField()
    {
        showStaff();
        NewStaffDialog *dialog = fillNewAccount(QStringLiteral("ana"),
                                                QStringLiteral("door"),
                                                m_password,
                                                m_password);
        QVERIFY(dialog);
        QTest::keyClick(dialog->usernameEdit(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->fieldError(QStringLiteral("username")),
                                  QStringLiteral("This user name is taken. Choose another."),
                                  10000);
        QVERIFY(dialog->fieldError(QStringLiteral("password")).isEmpty());
        QCOMPARE(serverAccount(QStringLiteral("ana")).value(u"role").toString(),
                 QStringLiteral("clerk"));
        dialog->reject();
        QTRY_VERIFY(!staff()->newAccountDialog());
    }

    void disabledTokenStopsAtOnceAndEnablesAgain()
    {
        showStaff();
        const QByteArray token = login(QStringLiteral("ana"), m_password)
                                     .json()
                                     .value(u"access_token")
                                     .toString()
                                     .toUtf8();
        QVERIFY(!token.isEmpty());
        QCOMPARE(http().get("/me", token).status, 200);
        // Esc keeps the account as it is.
        QVERIFY(staff()->select(QStringLiteral("ana")));
        m_window->activateWindow();
        QTest::keyClick(m_window.get(), Qt::Key_D, Qt::ControlModifier);
        QTRY_VERIFY(staff()->confirmation());
        QTest::keyClick(staff()->confirmation(), Qt::Key_Escape);
        QTRY_VERIFY(!staff()->confirmation());
        QTest::qWait(100);
        QVERIFY(!serverAccount(QStringLiteral("ana")).value(u"disabled").toBool());
        QCOMPARE(http().get("/me", token).status, 200);
        toggle(QStringLiteral("ana"));
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::State), QStringLiteral("Disabled"));
        QVERIFY(staff()->statusText().contains(u"disabled"));
        QCOMPARE(http().get("/me", token).status, 401);
        const HttpResponse refused = login(QStringLiteral("ana"), m_password);
        QCOMPARE(refused.status, 403);
        QCOMPARE(refused.code(), QStringLiteral("account_disabled"));

        toggle(QStringLiteral("ana"));
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::State), QStringLiteral("Enabled"));
        QVERIFY(!serverAccount(QStringLiteral("ana")).value(u"disabled").toBool());
        QCOMPARE(login(QStringLiteral("ana"), m_password).status, 200);
    }

    void changesRoleAndPassword()
    {
        showStaff();
        QVERIFY(staff()->select(QStringLiteral("ana")));
        m_window->activateWindow();
        QTest::keyClick(m_window.get(), Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY(staff()->roleDialog());
        ChangeRoleDialog *role = staff()->roleDialog();
        QVERIFY(!role->saveButton()->isEnabled()); // the same role changes nothing
        role->roleBox()->setCurrentIndex(role->roleBox()->findData(QStringLiteral("manager")));
        QTest::keyClick(role->roleBox(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!staff()->roleDialog(), 10000);
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::Role), QStringLiteral("Manager"));
        QCOMPARE(serverAccount(QStringLiteral("ana")).value(u"role").toString(),
                 QStringLiteral("manager"));

        // A new password: the policy at the field, then the new one works and the old does not.
        QTest::keyClick(m_window.get(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(staff()->passwordDialog());
        ResetPasswordDialog *reset = staff()->passwordDialog();
        QTest::keyClicks(reset->passwords()->first(), QStringLiteral("password123"));
        QTest::keyClicks(reset->passwords()->second(), QStringLiteral("password123"));
        QTest::keyClick(reset->passwords()->second(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!reset->passwords()->problem().isEmpty(), 10000);
        QCOMPARE(reset->passwords()->problem(),
                 QStringLiteral("This password is one of the most common ones. Choose another."));
        const QString fresh = QStringLiteral("amber-harbour-77");
        for (QLineEdit *edit : {reset->passwords()->first(), reset->passwords()->second()}) {
            edit->clear();
            QTest::keyClicks(edit, fresh);
        }
        QTest::keyClick(reset->passwords()->second(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!staff()->passwordDialog(), 10000);
        QCOMPARE(login(QStringLiteral("ana"), fresh).status, 200);
        QCOMPARE(login(QStringLiteral("ana"), m_password).status, 401);
    }

    void auditShowsChangesInWords()
    {
        m_window->workspace()->sections()->setCurrentWidget(audit());
        m_window->activateWindow();
        QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading() && audit()->eventBox()->count() > 1, 10000);
        const QList<int> created = rowsOf(QStringLiteral("staff.create"));
        QCOMPARE(created.size(), 1);
        QCOMPARE(auditCell(created[0], AuditListModel::Who), QStringLiteral("boss"));
        QCOMPARE(auditCell(created[0], AuditListModel::What),
                 QStringLiteral("Created a staff account"));
        QCOMPARE(auditCell(created[0], AuditListModel::Details), QStringLiteral("“ana” as Clerk"));
        QStringList updates;
        for (int row : rowsOf(QStringLiteral("staff.update"))) {
            QCOMPARE(auditCell(row, AuditListModel::What),
                     QStringLiteral("Changed a staff account"));
            updates.append(auditCell(row, AuditListModel::Details));
        }
        // Newest first.
        QCOMPARE(updates,
                 QStringList({QStringLiteral("“ana”: new password"),
                              QStringLiteral("“ana”: role Clerk → Manager"),
                              QStringLiteral("“ana”: enabled again"),
                              QStringLiteral("“ana”: disabled")}));
        QCOMPARE(audit()->statusText(),
                 QStringLiteral("All changes shown: %1.").arg(audit()->model()->rowCount()));

        QVERIFY(audit()->filterByEvent(m_eventId));
        QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading(), 10000);
        QVERIFY(audit()->model()->rowCount() >= 2);
        for (int row = 0; row < audit()->model()->rowCount(); ++row)
            QCOMPARE(audit()->model()->line(row).value(u"event_id").toString(), m_eventId);
        const QList<int> changed = rowsOf(QStringLiteral("event.update"));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(auditCell(changed[0], AuditListModel::What), QStringLiteral("Changed the event"));
        QCOMPARE(auditCell(changed[0], AuditListModel::Who), QStringLiteral("manager-1"));
        QCOMPARE(auditCell(changed[0], AuditListModel::Event), QStringLiteral("Gala Night Two"));
        QCOMPARE(auditCell(changed[0], AuditListModel::Details),
                 QStringLiteral("Title: “Gala Night” → “Gala Night Two”"));
        QCOMPARE(rowsOf(QStringLiteral("event.create")).size(), 1);
        QVERIFY(rowsOf(QStringLiteral("staff.create")).isEmpty());
        QVERIFY(!audit()->view()->accessibleName().isEmpty());
        QVERIFY(!audit()->eventBox()->accessibleName().isEmpty());
        audit()->eventBox()->setCurrentIndex(0);
        QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading() && !rowsOf(u"staff.create"_qs).isEmpty(),
                                 10000);
        shoot(m_window.get(), QStringLiteral("manage-12-audit"));
    }

    void loadOlderPagesThrough()
    {
        const QJsonArray all
            = http().get("/audit?limit=200", m_manager).json().value(u"items").toArray();
        QVERIFY(all.size() > 6);
        m_window->workspace()->sections()->setCurrentWidget(audit());
        audit()->setPageSize(3);
        audit()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading(), 10000);
        QCOMPARE(audit()->model()->rowCount(), 3);
        QVERIFY(audit()->hasOlder());
        QVERIFY(audit()->olderButton()->isEnabled());
        QVERIFY(audit()->statusText().contains(u"Load older"));
        int pages = 1;
        m_window->activateWindow();
        while (audit()->hasOlder() && pages < 50) {
            const int before = audit()->model()->rowCount();
            if (pages % 2)
                QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
            else
                QTest::mouseClick(audit()->olderButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading() && audit()->model()->rowCount() > before,
                                     10000);
            ++pages;
        }
        QCOMPARE(pages, int((all.size() + 2) / 3));
        QCOMPARE(audit()->model()->rowCount(), int(all.size()));
        QVERIFY(!audit()->olderButton()->isEnabled());
        QSet<qint64> ids;
        for (int row = 0; row < audit()->model()->rowCount(); ++row) {
            const qint64 id = audit()->model()->line(row).value(u"id").toInteger();
            QCOMPARE(id, all[row].toObject().value(u"id").toInteger()); // newest first, no gap
            ids.insert(id);
        }
        QCOMPARE(ids.size(), int(all.size()));
        audit()->setPageSize(50);
    }

    void staffTabScreenshot()
    {
        // A door account made and disabled over HTTP: the tab shows it greyed, in words.
        const HttpResponse made = http().post("/staff",
                                              {{QStringLiteral("username"),
                                                QStringLiteral("gate.kim")},
                                               {QStringLiteral("role"), QStringLiteral("door")},
                                               {QStringLiteral("password"), m_password}},
                                              m_manager);
        QCOMPARE(made.status, 201);
        const QByteArray path = "/staff/"
                                + QByteArray::number(made.json().value(u"id").toInteger());
        QCOMPARE(sendWithIfMatch(http(),
                                 "PATCH",
                                 path,
                                 {{QStringLiteral("disabled"), true}},
                                 m_manager,
                                 {})
                     .status,
                 200);
        showStaff();
        QCOMPARE(cell(QStringLiteral("gate.kim"), StaffListModel::State),
                 QStringLiteral("Disabled"));
        QCOMPARE(cell(QStringLiteral("gate.kim"), StaffListModel::Role),
                 QStringLiteral("Door staff"));
        QVERIFY(staff()->select(QStringLiteral("gate.kim")));
        QCOMPARE(staff()->disableButton()->text(), QStringLiteral("&Enable… (Ctrl+D)"));
        QVERIFY(staff()->select(QStringLiteral("ana")));
        shoot(m_window.get(), QStringLiteral("manage-10-staff"));
    }

    void failureIsSaidInWords()
    {
        showStaff();
        const QUrl server = m_window->client()->baseUrl();
        m_window->client()->setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:1")));
        staff()->refresh();
        QVERIFY(staff()->isLoading());
        QTRY_VERIFY_WITH_TIMEOUT(!staff()->isLoading(), 10000);
        QCOMPARE(staff()->statusText(),
                 QStringLiteral("The staff accounts could not be loaded. The server cannot be "
                                "reached. Check the network and try again."));
        QVERIFY(staff()->model()->rowCount() >= 2); // what was shown stays
        audit()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading(), 10000);
        QVERIFY(audit()->statusText().startsWith(u"The audit trail could not be loaded."));
        m_window->client()->setBaseUrl(server);
        showStaff();
        QCOMPARE(staff()->statusText(),
                 QStringLiteral("Accounts: %1.").arg(staff()->model()->rowCount()));
    }

    void spanish()
    {
        m_window->setLanguage(QStringLiteral("es"));
        QTabWidget *tabs = m_window->workspace()->sections();
        // The language change reaches the windows as a posted event.
        QTRY_COMPARE(tabs->tabText(tabs->indexOf(staff())), QStringLiteral("Personal"));
        QCOMPARE(tabs->tabText(tabs->indexOf(audit())), QStringLiteral("Registro de cambios"));
        showStaff();
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::Role), QStringLiteral("Gerente"));
        QCOMPARE(cell(QStringLiteral("ana"), StaffListModel::State), QStringLiteral("Activa"));
        audit()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!audit()->isLoading(), 10000);
        const QList<int> created = rowsOf(QStringLiteral("staff.create"));
        QVERIFY(!created.isEmpty());
        QCOMPARE(auditCell(created[0], AuditListModel::What),
                 QStringLiteral("Creó una cuenta de personal"));
        QCOMPARE(auditCell(created.last(), AuditListModel::Details),
                 QStringLiteral("«ana» como Taquillero"));
        m_window->setLanguage(QStringLiteral("en"));
    }

    void cleanupTestCase()
    {
        m_window.reset();
        QSettings().clear();
    }
};

QTEST_MAIN(TestStaff)
#include "tst_boxoffice_staff.moc"
