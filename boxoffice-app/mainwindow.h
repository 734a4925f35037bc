// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>

#include <memory>

class QLabel;
class QStackedWidget;

namespace boxoffice::client {
class SalesClient;
class LiveSession;
} // namespace boxoffice::client

namespace boxoffice::app {

class CheckoutDialog;
class CheckoutFlow;
class CounterPrinting;
class EventFinder;
class Journal;
class ManageWorkspace;
class SalePage;
class SaleRecorder;
class SaleSession;
class SignInPage;
struct PrintedOrder;

/// The box-office window: sign in -> choose the event -> sell on the map. Owns the network
/// clients, the sale session and the journal; pages and dialogs live in their own files.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// `journalPath`: the SQLite journal (default: in the app's data directory).
    explicit MainWindow(const QString &journalPath = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    SignInPage *signInPage() const { return m_signIn; }
    EventFinder *eventFinder() const { return m_finder; }
    SalePage *salePage() const { return m_sale; }
    SaleSession *session() const { return m_session; }
    /// The manager's back office (a page of its own; only managers and admins reach it).
    ManageWorkspace *workspace() const { return m_workspace; }
    /// Manage > Back office (Ctrl+M): visible and enabled for managers and admins only.
    QAction *manageAction() const;
    bool canManage() const { return m_role == u"manager" || m_role == u"admin"; }
    client::SalesClient *client() const { return m_client; }
    client::LiveSession *ws() const { return m_ws; }
    Journal *journal() const { return m_journal; }
    SaleRecorder *recorder() const { return m_recorder; }
    QWidget *currentPage() const;
    /// The checkout dialog while it is open.
    CheckoutDialog *checkoutDialog() const;
    QString role() const { return m_role; }
    /// Where the last tickets were printed when printing to PDF ("" otherwise).
    QString lastPrintFile() const { return m_lastPrintFile; }
    QString recoveryText() const { return m_recoveryText; }

    /// Signs in with a saved token when it is still valid; true if it did.
    bool restoreSession();
    void openEvent(const QString &eventId);
    void checkout();
    void findOrder();
    void showShift();
    /// Will-call (F5): find a fan's order, print its tickets here, exchange a seat.
    void showWillCall();
    /// Printers and this workstation's drawer.
    void showSettings();
    /// Opens the back office (managers and admins; nothing for a clerk).
    void showWorkspace();
    void signOut();
    void setLanguage(const QString &language);
    /// Prints `order` (tickets, and the receipt unless `receipt` is false) on this counter's
    /// printers (CounterPrinting: PDF, ESC/POS or Boca FGL).
    void printOrder(const PrintedOrder &order, bool receipt = true);
    PrintedOrder printable(const QJsonObject &order, const QJsonObject &payment) const;

Q_SIGNALS:
    /// Recovery of in-flight journal rows finished (text shown to the clerk).
    void recoveryFinished(const QString &text);
    /// A sale was completed and printed.
    void saleCompleted(const QJsonObject &order);
    /// After sign-in the server was asked for the clerk's open shift ("" when none).
    void shiftChecked(const QString &shiftId);
    /// An order was printed (`pdfFile` when it went to a PDF).
    void printed(const QString &orderId, const QString &pdfFile);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createMenus();
    void retranslate();
    void signIn(const QString &url, const QString &user, const QString &password);
    void signedIn(const QString &url, const QString &user);
    void recoverJournal();
    /// A message box that does not block (tests find it by `objectName`).
    void openMessage(QMessageBox::Icon icon,
                     const QString &title,
                     const QString &text,
                     const QString &objectName);
    void pickUpShift();
    void updateStatus();
    void takeKeyboardBack();

    client::SalesClient *m_client;
    client::LiveSession *m_ws;
    Journal *m_journal;
    SaleRecorder *m_recorder;
    SaleSession *m_session;
    QStackedWidget *m_pages;
    SignInPage *m_signIn;
    EventFinder *m_finder;
    SalePage *m_sale;
    ManageWorkspace *m_workspace;
    CounterPrinting *m_printing;
    CheckoutFlow *m_checkout;
    QLabel *m_userLabel;
    QLabel *m_shiftLabel;
    QString m_user;
    QString m_role;
    QString m_lastPrintFile;
    QString m_recoveryText;
    QString m_drawerLock; ///< why this workstation's drawer is locked ("" when it is not)
    struct Actions;
    std::unique_ptr<Actions> m_actions;
};

} // namespace boxoffice::app
