// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "manage/manageworkspace.h"
#include "manage/ticketpricingpage.h"
#include "manage/voucherdialog.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"
#include "testkeys.h"
#include "workspacesignin.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// The manager's "Ticket types and codes" (issue 28) through the real widgets against a real
// server: a student type, an online fee and the tax saved as the server stores them; a promo
// code made in its dialog and switched off; a stale version reloads and says so; Spanish words.
class TestBoxOfficeTicketPricing : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    QByteArray m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }
    QJsonObject serverRules() const
    {
        return http().get("/events/" + m_eventId.toUtf8() + "/pricing").json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_ticketpricing"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QStringLiteral("boss"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("manager"),
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("types-hall"),
                                                       EventShape::seats(3, 8).titled(
                                                           QStringLiteral("Types Night")));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
    }

    void managerSetsTypesFeesTaxAndCodes()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("journal.sqlite")));
        ManageWorkspace *workspace = window.workspace();
        TicketPricingPage *page = workspace->ticketPricingPage();
        QSignalSpy loaded(page, &TicketPricingPage::loaded);
        // Opening the back office loads the page once.
        QVERIFY(openBackOffice(window, url()));
        workspace->sections()->setCurrentWidget(page);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        QCOMPARE(page->eventId(), m_eventId);
        QCOMPARE(page->typeTable()->rowCount(), 0);

        // A student type at 15.00 less, at most 2 per order; an online fee; 10 % tax on top.
        page->addType(QStringLiteral("Student"), -1500, false);
        qobject_cast<QSpinBox *>(page->typeTable()->cellWidget(0, 4))->setValue(2);
        page->fee(QStringLiteral("online"), QStringLiteral("ticket"), false)->setValue(1.5);
        page->taxName()->setText(QStringLiteral("VAT"));
        page->taxRate()->setValue(10);
        loaded.clear();
        page->taxRate()->setFocus();
        QTest::keyClick(page->taxRate(), Qt::Key_S, Qt::ControlModifier);
        QTRY_VERIFY2_WITH_TIMEOUT(!loaded.isEmpty(), qPrintable(page->messageText()), 10000);
        QVERIFY2(page->messageText().startsWith(QStringLiteral("Saved")),
                 qPrintable(page->messageText()));
        const QJsonObject stored = serverRules();
        const QJsonObject student = stored.value(u"ticket_types").toArray().at(0).toObject();
        QCOMPARE(student.value(u"id").toString(), QStringLiteral("student"));
        QCOMPARE(student.value(u"delta_cents").toInteger(), -1500);
        QCOMPARE(student.value(u"max_per_order").toInt(), 2);
        QCOMPARE(stored.value(u"fees").toArray().at(0).toObject().value(u"fixed_cents").toInt(),
                 150);
        QCOMPARE(stored.value(u"tax").toObject().value(u"rate_percent").toDouble(), 10.0);

        // A promo code in its dialog: 20 % off students, 50 uses.
        QTest::mouseClick(page->newCodeButton(), Qt::LeftButton);
        VoucherDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = page->findChild<VoucherDialog *>()));
        QTest::keyClicks(dialog->code(), QStringLiteral("Campus20"));
        dialog->value()->setValue(20);
        dialog->type()->setCurrentIndex(dialog->type()->findData(QStringLiteral("student")));
        dialog->maxUses()->setValue(50);
        loaded.clear();
        dialog->accept();
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(page->codeTable()->rowCount(), 1);
        QCOMPARE(page->codeTable()->item(0, 0)->text(), QStringLiteral("Campus20"));
        QCOMPARE(page->codeTable()->item(0, 2)->text(), QStringLiteral("0 of 50"));
        const QJsonObject code = http().get("/vouchers/campus20", m_manager).json();
        QCOMPARE(code.value(u"percent").toDouble(), 20.0);
        QCOMPARE(code.value(u"ticket_types").toArray(), QJsonArray{QStringLiteral("student")});

        // An access code for the fan club's held-back seats, taking nothing off.
        QTest::mouseClick(page->newCodeButton(), Qt::LeftButton);
        QTRY_VERIFY((dialog = page->findChild<VoucherDialog *>()));
        QTest::keyClicks(dialog->code(), QStringLiteral("Club2027"));
        dialog->value()->setValue(0);
        QTest::keyClicks(dialog->allocation(), QStringLiteral("fanclub"));
        QVERIFY(dialog->grab().save(m_screenshots
                                    + QStringLiteral("/ticketpricing-02-access-code.png")));
        loaded.clear();
        dialog->accept();
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QTRY_COMPARE(page->codeTable()->rowCount(), 2);
        const QJsonObject access = http().get("/vouchers/club2027", m_manager).json();
        QCOMPARE(access.value(u"allocation").toString(), QStringLiteral("fanclub"));
        QCOMPARE(access.value(u"percent").toDouble(), 0.0);
        QApplication::processEvents();
        QVERIFY(page->grab().save(m_screenshots + QStringLiteral("/ticketpricing-01-page.png")));

        // Switched off, and the list says so.
        page->codeTable()->selectRow(0);
        loaded.clear();
        QTest::mouseClick(page->switchCodeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(page->codeTable()->item(0, 4)->text(), QStringLiteral("Off"));
        QVERIFY(http().get("/vouchers/CAMPUS20", m_manager).json().value(u"disabled").toBool());

        // Someone else changes the event meanwhile: the save is refused and the page reloads.
        const int version = serverRules().value(u"version").toInt();
        QJsonObject other = serverRules();
        other.remove(QStringLiteral("version"));
        other.insert(QStringLiteral("refund_fees"), true);
        const auto changed = http().send(
            HttpClient::request("PUT",
                                "/events/" + m_eventId.toUtf8() + "/pricing",
                                QJsonDocument(other).toJson(QJsonDocument::Compact),
                                m_manager,
                                {{"Content-Type", "application/json"},
                                 {"If-Match", '"' + QByteArray::number(version) + '"'}}));
        QCOMPARE(changed.status, 200);
        page->taxRate()->setValue(21);
        loaded.clear();
        page->save();
        QTRY_VERIFY_WITH_TIMEOUT(page->messageText().startsWith(QStringLiteral("Someone else")),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        QCOMPARE(page->taxRate()->value(), 10.0); // the server's, loaded again
        QCOMPARE(serverRules().value(u"tax").toObject().value(u"rate_percent").toDouble(), 10.0);

        // A refused value is named in words: a type priced below zero.
        qobject_cast<QComboBox *>(page->typeTable()->cellWidget(0, 2))->setCurrentIndex(1);
        qobject_cast<QDoubleSpinBox *>(page->typeTable()->cellWidget(0, 3))->setValue(-5);
        page->save();
        QTRY_VERIFY_WITH_TIMEOUT(page->messageText().contains(QStringLiteral("Student")), 10000);

        window.setLanguage(QStringLiteral("es"));
        QTRY_COMPARE(workspace->sections()->tabText(workspace->sections()->indexOf(page)),
                     QStringLiteral("Tipos de entrada y códigos"));
        QVERIFY(page->grab().save(m_screenshots + QStringLiteral("/ticketpricing-02-es.png")));
        window.setLanguage(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestBoxOfficeTicketPricing)
#include "tst_boxoffice_ticketpricing.moc"
