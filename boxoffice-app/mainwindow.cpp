// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "basketpanel.h"
#include "checkout/checkoutflow.h"
#include "checkoutdialog.h"
#include "countersettings.h"
#include "countersettingsdialog.h"
#include "eventfinder.h"
#include "journal.h"
#include "manage/manageworkspace.h"
#include "orderlookupdialog.h"
#include "printing/counterprinting.h"
#include "salemapview.h"
#include "salepage.h"
#include "salerecorder.h"
#include "salesession.h"
#include "shiftdialog.h"
#include "signinpage.h"
#include "ticketprinter.h"
#include "willcall/willcalldialog.h"
#include <core/uilanguage.h>

#include <client/livesession.h>
#include <client/salesclient.h>

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>

namespace boxoffice::app {

struct MainWindow::Actions
{
    QMenu *sale = nullptr;
    QMenu *after = nullptr;
    QMenu *view = nullptr;
    QMenu *language = nullptr;
    QMenu *session = nullptr;
    QMenu *manage = nullptr;
    QAction *manageEvents = nullptr;
    QAction *findEvent = nullptr;
    QAction *best = nullptr;
    QAction *ga = nullptr;
    QAction *clear = nullptr;
    QAction *checkout = nullptr;
    QAction *findOrder = nullptr;
    QAction *shift = nullptr;
    QAction *willCall = nullptr;
    QAction *settings = nullptr;
    QAction *zoomIn = nullptr;
    QAction *zoomOut = nullptr;
    QAction *fit = nullptr;
    QAction *english = nullptr;
    QAction *spanish = nullptr;
    QAction *signOut = nullptr;
    QAction *quit = nullptr;
};

namespace {
QString defaultJournalPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/journal.sqlite");
}
} // namespace

MainWindow::MainWindow(const QString &journalPath, QWidget *parent)
    : QMainWindow(parent)
    , m_client(new client::SalesClient(this))
    , m_ws(new client::LiveSession(this))
    , m_journal(new Journal(journalPath.isEmpty() ? defaultJournalPath() : journalPath, this))
    , m_recorder(new SaleRecorder(m_client, m_journal, this))
    , m_session(new SaleSession(m_client, this))
    , m_pages(new QStackedWidget(this))
    , m_signIn(new SignInPage(this))
    , m_finder(new EventFinder(m_client, this))
    , m_sale(new SalePage(m_client, m_ws, m_session, this))
    , m_workspace(new ManageWorkspace(m_client, this))
    , m_printing(new CounterPrinting(this))
    , m_checkout(new CheckoutFlow(
          m_client, m_session, m_recorder, [this](const PrintedOrder &o) { printOrder(o); }, this))
    , m_userLabel(new QLabel(this))
    , m_shiftLabel(new QLabel(this))
    , m_actions(std::make_unique<Actions>())
{
    setObjectName(QStringLiteral("boxOfficeWindow"));
    resize(1280, 800);
    m_pages->addWidget(m_signIn);
    m_pages->addWidget(m_finder);
    m_pages->addWidget(m_sale);
    m_pages->addWidget(m_workspace);
    setCentralWidget(m_pages);
    statusBar()->addPermanentWidget(m_shiftLabel);
    statusBar()->addPermanentWidget(m_userLabel);

    QSettings settings;
    m_signIn->setServerUrl(
        settings.value(QStringLiteral("server/url"), QStringLiteral("http://127.0.0.1:8080"))
            .toString());
    m_signIn->setUserName(settings.value(QStringLiteral("server/user")).toString());

    connect(m_signIn, &SignInPage::signInRequested, this, &MainWindow::signIn);
    connect(m_finder, &EventFinder::eventChosen, this, &MainWindow::openEvent);
    connect(m_sale, &SalePage::loaded, this, [this] {
        CounterSettings::setTimeZone(m_session->event().timeZone); // shift reports follow it
        m_pages->setCurrentWidget(m_sale);
        m_sale->view()->setFocus();
        QTimer::singleShot(0, m_sale, &SalePage::fit);
        statusBar()->clearMessage();
        updateStatus();
    });
    connect(m_sale, &SalePage::loadFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 10000);
        QMessageBox::warning(this, tr("Event"), message);
    });
    connect(m_sale, &SalePage::checkoutRequested, this, &MainWindow::checkout);
    connect(m_checkout, &CheckoutFlow::saleCompleted, this, &MainWindow::saleCompleted);
    connect(m_checkout, &CheckoutFlow::shiftOpened, this, &MainWindow::updateStatus);
    connect(m_checkout, &CheckoutFlow::finished, this, &MainWindow::takeKeyboardBack);
    createMenus();
    retranslate();
    updateStatus();
    recoverJournal();
}

MainWindow::~MainWindow()
{
    m_session->clear(); // never leave seats held for nobody
}

CheckoutDialog *MainWindow::checkoutDialog() const
{
    return m_checkout->dialog();
}

void MainWindow::takeKeyboardBack()
{
    // A closed dialog does not always give the activation back at once (window managers,
    // offscreen): without it window shortcuts such as F4 went nowhere.
    activateWindow();
    raise();
    if (m_pages->currentWidget() == m_sale)
        m_sale->view()->setFocus();
}

QWidget *MainWindow::currentPage() const
{
    return m_pages->currentWidget();
}

void MainWindow::createMenus()
{
    Actions &a = *m_actions;
    a.sale = menuBar()->addMenu(QString());
    a.findEvent = a.sale->addAction(QString(), this, [this] {
        m_pages->setCurrentWidget(m_finder);
        m_finder->refresh();
    });
    a.findEvent->setShortcuts({QKeySequence(Qt::Key_F2), QKeySequence::Find});
    a.sale->addSeparator();
    a.best = a.sale->addAction(QString(), m_sale, &SalePage::bestAvailable);
    a.best->setShortcut(Qt::Key_F6);
    a.ga = a.sale->addAction(QString(), m_sale, &SalePage::holdGa);
    a.ga->setShortcut(Qt::Key_F7);
    a.clear = a.sale->addAction(QString(), m_session, &SaleSession::clear);
    a.clear->setShortcut(Qt::Key_F8);
    a.checkout = a.sale->addAction(QString(), this, &MainWindow::checkout);
    a.checkout->setShortcut(Qt::Key_F12);

    a.after = menuBar()->addMenu(QString());
    a.findOrder = a.after->addAction(QString(), this, &MainWindow::findOrder);
    a.findOrder->setShortcut(Qt::Key_F3);
    a.willCall = a.after->addAction(QString(), this, &MainWindow::showWillCall);
    a.willCall->setShortcut(Qt::Key_F5);
    a.shift = a.after->addAction(QString(), this, &MainWindow::showShift);
    a.shift->setShortcut(Qt::Key_F4);

    a.view = menuBar()->addMenu(QString());
    a.zoomIn = a.view->addAction(QString(), this, [this] { m_sale->view()->scale(1.25, 1.25); });
    a.zoomIn->setShortcut(QKeySequence::ZoomIn);
    a.zoomOut = a.view->addAction(QString(), this, [this] { m_sale->view()->scale(0.8, 0.8); });
    a.zoomOut->setShortcut(QKeySequence::ZoomOut);
    a.fit = a.view->addAction(QString(), m_sale, &SalePage::fit);
    a.fit->setShortcut(Qt::CTRL | Qt::Key_0);

    // The back office: shown after a manager's or admin's sign-in only (updateStatus).
    a.manage = menuBar()->addMenu(QString());
    a.manageEvents = a.manage->addAction(QString(), this, &MainWindow::showWorkspace);
    a.manageEvents->setShortcut(Qt::CTRL | Qt::Key_M);

    a.language = menuBar()->addMenu(QString());
    auto *group = new QActionGroup(this);
    a.english = a.language->addAction(QStringLiteral("English"), this, [this] {
        setLanguage(QStringLiteral("en"));
    });
    a.spanish = a.language->addAction(QStringLiteral("Español"), this, [this] {
        setLanguage(QStringLiteral("es"));
    });
    for (QAction *action : {a.english, a.spanish}) {
        action->setCheckable(true);
        group->addAction(action);
    }
    const QString language = QSettings().value(QStringLiteral("ui/language")).toString();
    (language == u"es" ? a.spanish : a.english)->setChecked(true);

    a.session = menuBar()->addMenu(QString());
    a.signOut = a.session->addAction(QString(), this, &MainWindow::signOut);
    a.signOut->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_L);
    a.quit = a.session->addAction(QString(), this, &QWidget::close);
    a.quit->setShortcut(QKeySequence::Quit);
    a.settings = a.session->addAction(QString(), this, &MainWindow::showSettings);
    a.session->insertAction(a.signOut, a.settings);
}

void MainWindow::retranslate()
{
    Actions &a = *m_actions;
    setWindowTitle(tr("Box Office"));
    a.sale->setTitle(tr("&Sale"));
    a.findEvent->setText(tr("&Find event…"));
    a.best->setText(tr("Hold &best available"));
    a.ga->setText(tr("Hold &standing places"));
    a.clear->setText(tr("&Clear basket"));
    a.checkout->setText(tr("Check&out…"));
    a.after->setTitle(tr("&Orders"));
    a.findOrder->setText(tr("&Find order / refund / reissue…"));
    a.shift->setText(tr("S&hift and cash drawer…"));
    a.willCall->setText(tr("&Will-call: pick up, print, exchange…"));
    a.settings->setText(tr("&Printers and drawer…"));
    a.view->setTitle(tr("&View"));
    a.zoomIn->setText(tr("Zoom &in"));
    a.zoomOut->setText(tr("Zoom &out"));
    a.fit->setText(tr("&Fit venue"));
    a.manage->setTitle(tr("&Manage"));
    a.manageEvents->setText(tr("&Back office: events…"));
    a.language->setTitle(tr("&Language"));
    a.session->setTitle(tr("S&ession"));
    a.signOut->setText(tr("Sign &out"));
    a.quit->setText(tr("&Quit"));
    // Shortcuts in tooltips too, so the clerk learns them.
    for (QAction *action : {a.findEvent,
                            a.best,
                            a.ga,
                            a.clear,
                            a.checkout,
                            a.findOrder,
                            a.willCall,
                            a.shift,
                            a.manageEvents}) {
        const QString text = action->text().remove(u'&');
        action->setToolTip(
            QStringLiteral("%1 (%2)").arg(text,
                                          action->shortcut().toString(QKeySequence::NativeText)));
    }
    updateStatus();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::setLanguage(const QString &language)
{
    core::installLanguage(QStringLiteral("boxoffice-app"), language);
    QSettings().setValue(QStringLiteral("ui/language"), language);
    (language == u"es" ? m_actions->spanish : m_actions->english)->setChecked(true);
}

QAction *MainWindow::manageAction() const
{
    return m_actions->manageEvents;
}

void MainWindow::showWorkspace()
{
    if (!canManage())
        return;
    m_pages->setCurrentWidget(m_workspace);
    m_workspace->refresh();
}

void MainWindow::updateStatus()
{
    // A clerk never sees the back office, not even its menu (the server refuses it anyway).
    const bool manager = canManage();
    m_actions->manage->menuAction()->setVisible(manager);
    m_actions->manageEvents->setVisible(manager);
    m_actions->manageEvents->setEnabled(manager);
    if (!manager && m_pages->currentWidget() == m_workspace)
        m_pages->setCurrentWidget(m_user.isEmpty() ? static_cast<QWidget *>(m_signIn) : m_finder);
    m_userLabel->setText(m_user.isEmpty() ? tr("Not signed in") : tr("%1 (%2)").arg(m_user, m_role));
    const QString shift = ShiftDialog::currentShiftId();
    m_shiftLabel->setText(!m_drawerLock.isEmpty() ? tr("Drawer locked by another clerk")
                          : shift.isEmpty()       ? tr("No shift open (F4)")
                                                  : tr("Shift open"));
    m_shiftLabel->setToolTip(m_drawerLock);
    m_shiftLabel->setStyleSheet(shift.isEmpty() ? QStringLiteral("color: #c62828;") : QString());
}

void MainWindow::signIn(const QString &url, const QString &user, const QString &password)
{
    m_client->setBaseUrl(QUrl(url));
    m_client->login(user, password, [this, url, user](const client::ApiResult &r) {
        if (!r.ok()) {
            m_signIn->showError(r.status == 401 ? tr("Wrong user name or password.")
                                : r.status == 0
                                    ? tr("The server cannot be reached: %1").arg(r.error)
                                    : r.error);
            return;
        }
        m_role = r.body.value(u"role").toString();
        if (m_role != u"clerk" && m_role != u"manager" && m_role != u"admin") {
            m_signIn->showError(tr("This account may not sell at the box office."));
            m_client->setAccessToken({});
            return;
        }
        QSettings settings;
        settings.setValue(QStringLiteral("server/url"), url);
        settings.setValue(QStringLiteral("server/user"), user);
        settings.setValue(QStringLiteral("session/token"), m_client->accessToken());
        settings.setValue(QStringLiteral("session/role"), m_role);
        settings.setValue(QStringLiteral("session/expires"),
                          QDateTime::currentDateTimeUtc().addSecs(
                              r.body.value(u"expires_in").toInteger(3600)));
        m_signIn->clearPassword();
        m_signIn->setBusy(false);
        signedIn(url, user);
    });
}

bool MainWindow::restoreSession()
{
    QSettings settings;
    const QDateTime expires = settings.value(QStringLiteral("session/expires")).toDateTime();
    const QString token = settings.value(QStringLiteral("session/token")).toString();
    if (token.isEmpty() || !expires.isValid()
        || expires < QDateTime::currentDateTimeUtc().addSecs(120))
        return false;
    m_client->setBaseUrl(QUrl(settings.value(QStringLiteral("server/url")).toString()));
    m_client->setAccessToken(token);
    m_role = settings.value(QStringLiteral("session/role")).toString();
    signedIn(settings.value(QStringLiteral("server/url")).toString(),
             settings.value(QStringLiteral("server/user")).toString());
    return true;
}

void MainWindow::signedIn(const QString &url, const QString &user)
{
    m_user = user;
    m_ws->open(QUrl(url), m_client->accessToken());
    m_pages->setCurrentWidget(m_finder);
    m_finder->refresh();
    updateStatus();
    recoverJournal();
    pickUpShift();
}

void MainWindow::pickUpShift()
{
    // The server knows the clerk's open shift: after a restart (or on another counter's settings)
    // the clerk goes on with it instead of being refused a second one.
    m_client->currentShift(CounterSettings::drawer(), [this](const client::ApiResult &r) {
        const QString known = ShiftDialog::currentShiftId();
        if (r.status == 409 && r.code() == u"drawer_in_use") {
            // Another clerk's shift holds this till: say so now, not at the first cash sale.
            ShiftDialog::setCurrentShiftId({});
            m_drawerLock = ShiftDialog::explain(r);
            openMessage(QMessageBox::Warning,
                        tr("Drawer locked"),
                        m_drawerLock,
                        QStringLiteral("drawerLockedBox"));
        } else {
            m_drawerLock.clear();
        }
        if (r.ok())
            ShiftDialog::setCurrentShiftId(r.body.value(u"shift_id").toString());
        else if (r.status == 404 && r.code() == u"not_found" && !known.startsWith(u"local-"))
            ShiftDialog::setCurrentShiftId({}); // closed elsewhere
        updateStatus();
        Q_EMIT shiftChecked(ShiftDialog::currentShiftId());
    });
}

void MainWindow::signOut()
{
    m_session->clear();
    m_ws->close();
    m_client->setAccessToken({});
    QSettings settings;
    settings.remove(QStringLiteral("session"));
    m_user.clear();
    m_role.clear();
    m_pages->setCurrentWidget(m_signIn);
    updateStatus();
}

void MainWindow::openEvent(const QString &eventId)
{
    statusBar()->showMessage(tr("Opening the event…"));
    m_sale->open(eventId);
}

void MainWindow::checkout()
{
    m_checkout->start(m_role, m_user);
}

PrintedOrder MainWindow::printable(const QJsonObject &order, const QJsonObject &payment) const
{
    return CheckoutFlow::printable(order, payment, *m_session, m_user);
}

void MainWindow::printOrder(const PrintedOrder &order, bool receipt)
{
    m_printing->print(order, receipt, [this, order](const QString &message, const QString &file) {
        m_lastPrintFile = file;
        if (!message.isEmpty())
            statusBar()->showMessage(message, 10000);
        m_recorder->recordPrint(order.orderId, order.totalCents, int(order.tickets.size()), file);
        Q_EMIT printed(order.orderId, file);
    });
}

void MainWindow::findOrder()
{
    auto *dialog = new OrderLookupDialog(m_client, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSeatLabeller([this](const QString &eventId, const QString &seatId) {
        return eventId == m_session->event().id ? m_session->seatLabel(seatId) : QString();
    });
    connect(dialog,
            &OrderLookupDialog::reprint,
            this,
            [this](const QJsonObject &order, const QJsonObject &ticket) {
                QJsonObject single = order;
                single.insert(QStringLiteral("tickets"), QJsonArray{ticket});
                printOrder(printable(single, {}), false);
            });
    connect(dialog, &QDialog::finished, this, &MainWindow::takeKeyboardBack);
    connect(dialog, &OrderLookupDialog::refunded, m_recorder, &SaleRecorder::recordRefund);
    dialog->open();
}

void MainWindow::showWillCall()
{
    auto *dialog = new WillCallDialog(m_client, m_session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &WillCallDialog::printRequested, this, [this](const PrintedOrder &order) {
        printOrder(order, false);
    });
    connect(dialog, &WillCallDialog::exchanged, m_recorder, &SaleRecorder::recordExchange);
    connect(dialog, &QDialog::finished, this, &MainWindow::takeKeyboardBack);
    dialog->open();
}

void MainWindow::showSettings()
{
    auto *dialog = new CounterSettingsDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, &MainWindow::pickUpShift);
    connect(dialog, &QDialog::finished, this, &MainWindow::takeKeyboardBack);
    dialog->open();
}

void MainWindow::showShift()
{
    auto *dialog = new ShiftDialog(m_client, m_journal, m_recorder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, &MainWindow::updateStatus);
    connect(dialog, &QDialog::finished, this, &MainWindow::takeKeyboardBack);
    connect(dialog, &ShiftDialog::reportShown, this, &MainWindow::updateStatus);
    dialog->open();
}

void MainWindow::openMessage(QMessageBox::Icon icon,
                             const QString &title,
                             const QString &text,
                             const QString &objectName)
{
    // Window-modal and not waited for: the map keeps its live updates meanwhile.
    auto *box = new QMessageBox(icon, title, text, QMessageBox::Ok, this);
    box->setObjectName(objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::recoverJournal()
{
    if (m_client->accessToken().isEmpty())
        return;
    m_recorder->resolve([this](const QList<SaleRecorder::Resolution> &results) {
        if (results.isEmpty())
            return;
        QStringList lines;
        for (const SaleRecorder::Resolution &r : results)
            lines.append(SaleRecorder::describe(r));
        m_recoveryText = lines.join(u'\n');
        Q_EMIT recoveryFinished(m_recoveryText);
        openMessage(QMessageBox::Information,
                    tr("Sales interrupted last time"),
                    m_recoveryText,
                    QStringLiteral("recoveryBox"));
    });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_session->basket().isEmpty()
        && QMessageBox::question(this,
                                 tr("Quit"),
                                 tr("The basket still holds seats. Release them and quit?"))
               != QMessageBox::Yes) {
        event->ignore();
        return;
    }
    m_session->clear();
    m_journal->flush();
    event->accept();
}

} // namespace boxoffice::app
