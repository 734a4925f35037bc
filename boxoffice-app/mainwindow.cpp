#include "mainwindow.h"

#include "basketpanel.h"
#include "checkoutdialog.h"
#include "eventfinder.h"
#include "journal.h"
#include "language.h"
#include "orderlookupdialog.h"
#include "salemapview.h"
#include "salepage.h"
#include "salerecorder.h"
#include "salesession.h"
#include "shiftdialog.h"
#include "signinpage.h"
#include "ticketprinter.h"

#include <client/salesclient.h>
#include <client/wssession.h>

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPrinter>
#include <QPrinterInfo>
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
    QAction *findEvent = nullptr;
    QAction *best = nullptr;
    QAction *ga = nullptr;
    QAction *clear = nullptr;
    QAction *checkout = nullptr;
    QAction *findOrder = nullptr;
    QAction *shift = nullptr;
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
    , m_ws(new client::WsSession(this))
    , m_journal(new Journal(journalPath.isEmpty() ? defaultJournalPath() : journalPath, this))
    , m_recorder(new SaleRecorder(m_client, m_journal, this))
    , m_session(new SaleSession(m_client, this))
    , m_pages(new QStackedWidget(this))
    , m_signIn(new SignInPage(this))
    , m_finder(new EventFinder(m_client, this))
    , m_sale(new SalePage(m_client, m_ws, m_session, this))
    , m_userLabel(new QLabel(this))
    , m_shiftLabel(new QLabel(this))
    , m_actions(std::make_unique<Actions>())
{
    setObjectName(QStringLiteral("boxOfficeWindow"));
    resize(1280, 800);
    m_pages->addWidget(m_signIn);
    m_pages->addWidget(m_finder);
    m_pages->addWidget(m_sale);
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
    return m_checkout.data();
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
    a.shift = a.after->addAction(QString(), this, &MainWindow::showShift);
    a.shift->setShortcut(Qt::Key_F4);

    a.view = menuBar()->addMenu(QString());
    a.zoomIn = a.view->addAction(QString(), this, [this] { m_sale->view()->scale(1.25, 1.25); });
    a.zoomIn->setShortcut(QKeySequence::ZoomIn);
    a.zoomOut = a.view->addAction(QString(), this, [this] { m_sale->view()->scale(0.8, 0.8); });
    a.zoomOut->setShortcut(QKeySequence::ZoomOut);
    a.fit = a.view->addAction(QString(), m_sale, &SalePage::fit);
    a.fit->setShortcut(Qt::CTRL | Qt::Key_0);

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
    a.view->setTitle(tr("&View"));
    a.zoomIn->setText(tr("Zoom &in"));
    a.zoomOut->setText(tr("Zoom &out"));
    a.fit->setText(tr("&Fit venue"));
    a.language->setTitle(tr("&Language"));
    a.session->setTitle(tr("S&ession"));
    a.signOut->setText(tr("Sign &out"));
    a.quit->setText(tr("&Quit"));
    // Shortcuts in tooltips too, so the clerk learns them.
    for (QAction *action : {a.findEvent, a.best, a.ga, a.clear, a.checkout, a.findOrder, a.shift}) {
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
    installLanguage(language);
    QSettings().setValue(QStringLiteral("ui/language"), language);
    (language == u"es" ? m_actions->spanish : m_actions->english)->setChecked(true);
}

void MainWindow::updateStatus()
{
    m_userLabel->setText(m_user.isEmpty() ? tr("Not signed in") : tr("%1 (%2)").arg(m_user, m_role));
    const QString shift = ShiftDialog::currentShiftId();
    m_shiftLabel->setText(shift.isEmpty() ? tr("No shift open (F4)") : tr("Shift open"));
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
    m_client->currentShift([this](const client::ApiResult &r) {
        const QString known = ShiftDialog::currentShiftId();
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
    if (m_checkout || m_session->basket().isEmpty() || m_session->isBusy())
        return;
    // Window-modal but not a nested event loop: the seat map keeps receiving updates meanwhile.
    auto *dialog = new CheckoutDialog(m_session->totalCents(),
                                      m_session->event().currency,
                                      m_role == u"manager" || m_role == u"admin",
                                      this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_checkout = dialog;
    QJsonArray lines;
    for (const BasketLine &line : m_session->basket())
        lines.append(QJsonObject{{QStringLiteral("seat_id"), line.seatId},
                                 {QStringLiteral("ga_id"), line.gaId},
                                 {QStringLiteral("quantity"), line.quantity},
                                 {QStringLiteral("label"), line.label},
                                 {QStringLiteral("price_cents"), line.priceCents}});
    const QJsonObject context{{QStringLiteral("event_id"), m_session->event().id},
                              {QStringLiteral("event_title"), m_session->event().title},
                              {QStringLiteral("lines"), lines},
                              {QStringLiteral("shift_id"), ShiftDialog::currentShiftId()}};
    connect(dialog,
            &CheckoutDialog::confirmed,
            this,
            [this, dialog, context](const QJsonObject &payment) {
                QPointer<CheckoutDialog> guard(dialog);
                m_recorder->sell(m_session->holdId(),
                                 payment,
                                 m_session->totalCents(),
                                 context,
                                 [this, guard, payment](const QJsonObject &order,
                                                        const QString &error) {
                                     if (order.isEmpty()) {
                                         if (guard)
                                             guard->showError(error);
                                         return;
                                     }
                                     const PrintedOrder printed = printable(order, payment);
                                     m_session->completed();
                                     if (guard)
                                         guard->showDone(order.value(u"order_id").toString(),
                                                         order.value(u"change_cents")
                                                             .toInteger(guard->changeCents()));
                                     printOrder(printed);
                                     Q_EMIT saleCompleted(order);
                                 });
            });
    connect(dialog, &QDialog::finished, this, [this] { m_sale->view()->setFocus(); });
    dialog->open();
}

PrintedOrder MainWindow::printable(const QJsonObject &order, const QJsonObject &payment) const
{
    PrintedOrder p;
    p.orderId = order.value(u"order_id").toString();
    p.eventTitle = m_session->event().title;
    p.venueName = m_session->event().venueName;
    p.startsAt = m_session->event().startsAt;
    p.currency = order.value(u"currency").toString(m_session->event().currency);
    p.totalCents = order.value(u"amount_cents").toInteger(m_session->totalCents());
    p.method = payment.value(u"method").toString();
    p.tenderedCents = payment.value(u"tendered_cents").toInteger();
    p.changeCents = order.value(u"change_cents").toInteger(p.tenderedCents - p.totalCents);
    p.reference = payment.value(u"reference").toString(payment.value(u"reason").toString());
    p.clerk = m_user;
    for (const QJsonValue &v : order.value(u"tickets").toArray()) {
        const QJsonObject t = v.toObject();
        PrintedTicket ticket;
        ticket.ticketId = t.value(u"ticket_id").toString();
        ticket.code = t.value(u"code").toString();
        const QString seat = t.value(u"seat_id").toString();
        if (!seat.isEmpty()) {
            ticket.place = m_session->seatLabel(seat);
            ticket.priceCents = m_session->seatPrice(seat);
        } else {
            const QString ga = t.value(u"ga_id").toString();
            const core::GaArea *area = m_session->venue().findGaArea(ga);
            ticket.place = tr("Standing: %1").arg(area ? area->name : ga);
            if (area)
                if (const PriceCategory *c = m_session->event().category(area->categoryId))
                    ticket.priceCents = c->priceCents;
        }
        p.tickets.append(ticket);
    }
    return p;
}

void MainWindow::printOrder(const PrintedOrder &order)
{
    // Tests and counters without a printer print to PDF files (BOXOFFICE_PRINT_DIR).
    QString dir = qEnvironmentVariable("BOXOFFICE_PRINT_DIR");
    if (dir.isEmpty() && QPrinterInfo::defaultPrinter().isNull())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
              + QStringLiteral("/tickets");
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        m_lastPrintFile = QStringLiteral("%1/order-%2-%3.pdf")
                              .arg(dir,
                                   order.orderId,
                                   QDateTime::currentDateTimeUtc().toString(
                                       QStringLiteral("yyyyMMddhhmmsszzz")));
        if (!TicketPrinter::printPdf(m_lastPrintFile, order))
            statusBar()->showMessage(tr("Printing failed: %1").arg(m_lastPrintFile));
        else
            statusBar()->showMessage(tr("Tickets saved to %1").arg(m_lastPrintFile), 10000);
    } else {
        QPrinter printer(QPrinterInfo::defaultPrinter(), QPrinter::HighResolution);
        printer.setPageSize(QPageSize(QPageSize::A6));
        if (!TicketPrinter::print(&printer, order))
            statusBar()->showMessage(tr("Printing failed."));
    }
    JournalEntry receipt;
    receipt.kind = QStringLiteral("receipt");
    receipt.state = QStringLiteral("done");
    receipt.orderId = order.orderId;
    receipt.amountCents = order.totalCents;
    receipt.payload = {{QStringLiteral("file"), m_lastPrintFile},
                       {QStringLiteral("tickets"), int(order.tickets.size())}};
    m_journal->append(receipt);
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
                printOrder(printable(single, {}));
            });
    connect(dialog,
            &OrderLookupDialog::refunded,
            this,
            [this](const QJsonObject &order, qint64 cents) {
                m_recorder->recordRefund(order, cents);
            });
    dialog->open();
}

void MainWindow::showShift()
{
    auto *dialog = new ShiftDialog(m_client, m_journal, m_recorder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, &MainWindow::updateStatus);
    connect(dialog, &ShiftDialog::reportShown, this, &MainWindow::updateStatus);
    dialog->open();
}

void MainWindow::recoverJournal()
{
    if (m_client->accessToken().isEmpty())
        return;
    m_recorder->resolve([this](const QList<SaleRecorder::Resolution> &results) {
        if (results.isEmpty())
            return;
        QStringList lines;
        for (const SaleRecorder::Resolution &r : results) {
            const QString what
                = r.entry.payload.value(u"context").toObject().value(u"event_title").toString();
            if (r.outcome == u"completed")
                lines.append(
                    tr("Sale of %1 (%2): COMPLETED on the server, order %3.")
                        .arg(what, r.entry.createdAt, r.order.value(u"order_id").toString()));
            else if (r.outcome == u"not_completed")
                lines.append(tr("Sale of %1 (%2): NOT completed; no tickets were issued. Return "
                                "any money taken.")
                                 .arg(what, r.entry.createdAt));
            else
                lines.append(tr("Sale of %1 (%2): server unreachable, will check again.")
                                 .arg(what, r.entry.createdAt));
        }
        m_recoveryText = lines.join(u'\n');
        Q_EMIT recoveryFinished(m_recoveryText);
        auto *box = new QMessageBox(QMessageBox::Information,
                                    tr("Sales interrupted last time"),
                                    m_recoveryText,
                                    QMessageBox::Ok,
                                    this);
        box->setObjectName(QStringLiteral("recoveryBox"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
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
