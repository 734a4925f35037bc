// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffpage.h"

#include "changeroledialog.h"
#include "disablestaffbox.h"
#include "newstaffdialog.h"
#include "resetpassworddialog.h"
#include "signinlist.h"
#include "stafflistmodel.h"
#include "staffwords.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::whileAlive;

namespace {
constexpr int kSignIns = 50;

void setUpTable(QAbstractItemView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setTabKeyNavigation(false);
}
// Columns as wide as their contents, the last one taking the rest of the table.
void fitColumns(QTableView *view)
{
    QHeaderView *header = view->horizontalHeader();
    const int last = header->count() - 1;
    header->setSectionResizeMode(last, QHeaderView::Interactive);
    view->resizeColumnsToContents();
    header->setSectionResizeMode(last, QHeaderView::Stretch);
}
} // namespace

StaffPage::StaffPage(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_api(transport)
    , m_transport(transport)
    , m_model(new StaffListModel(this))
    , m_title(new QLabel(this))
    , m_refresh(new QPushButton(this))
    , m_new(new QPushButton(this))
    , m_disable(new QPushButton(this))
    , m_role(new QPushButton(this))
    , m_password(new QPushButton(this))
    , m_view(new QTableView(this))
    , m_signInsTitle(new QLabel(this))
    , m_signIns(new SignInList(this))
    , m_hint(new QLabel(this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("staffPage"));
    m_title->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: #1f3a5f;"));
    m_signInsTitle->setStyleSheet(QStringLiteral("font-size: 12pt; font-weight: 700; "
                                                 "color: #1f3a5f;"));
    m_refresh->setObjectName(QStringLiteral("refreshStaff"));
    m_new->setObjectName(QStringLiteral("newStaff"));
    m_disable->setObjectName(QStringLiteral("disableStaff"));
    m_role->setObjectName(QStringLiteral("changeRole"));
    m_password->setObjectName(QStringLiteral("resetPassword"));
    m_view->setObjectName(QStringLiteral("staffTable"));
    m_view->setModel(m_model);
    setUpTable(m_view);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setStyleSheet(QStringLiteral("QTableView { font-size: 11pt; }"));
    m_hint->setObjectName(QStringLiteral("staffHint"));
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet(QStringLiteral("color: #546e7a;"));
    m_hint->hide();
    m_busy->setObjectName(QStringLiteral("staffBusy"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumHeight(6);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status->setObjectName(QStringLiteral("staffStatus"));
    m_status->setWordWrap(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_refresh);
    bar->addStretch(1);
    bar->addWidget(m_disable);
    bar->addWidget(m_role);
    bar->addWidget(m_password);
    bar->addWidget(m_new);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_signInsTitle);
    rightLayout->addWidget(m_signIns, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_view);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addWidget(m_busy);
    layout->addWidget(split, 1);
    layout->addWidget(m_hint);
    layout->addWidget(m_status);
    setTabOrder(m_view, m_disable);
    setTabOrder(m_disable, m_role);
    setTabOrder(m_role, m_password);
    setTabOrder(m_password, m_new);
    setTabOrder(m_new, m_refresh);
    setTabOrder(m_refresh, m_signIns);
    setFocusProxy(m_view);

    connect(m_refresh, &QPushButton::clicked, this, &StaffPage::refresh);
    connect(m_new, &QPushButton::clicked, this, &StaffPage::newAccount);
    connect(m_disable, &QPushButton::clicked, this, &StaffPage::toggleDisabled);
    connect(m_role, &QPushButton::clicked, this, &StaffPage::changeRole);
    connect(m_password, &QPushButton::clicked, this, &StaffPage::resetPassword);
    connect(m_view->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            &StaffPage::updateActions);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &StaffPage::updateActions);
    // Page shortcuts, live while the tab is shown (as on the events tab).
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_R), this, this, &StaffPage::refresh);
    new QShortcut(QKeySequence::New, this, this, &StaffPage::newAccount);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_D), this, this, &StaffPage::toggleDisabled);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_E), this, this, &StaffPage::changeRole);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
                  this,
                  this,
                  &StaffPage::resetPassword);
    retranslate();
}

void StaffPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void StaffPage::retranslate()
{
    m_title->setText(tr("Staff"));
    m_refresh->setText(tr("Refresh (Ctrl+R)"));
    m_refresh->setAccessibleName(tr("Refresh the staff accounts"));
    m_new->setText(tr("&New account… (Ctrl+N)"));
    m_role->setText(tr("Change &role… (Ctrl+E)"));
    m_password->setText(tr("Reset &password… (Ctrl+Shift+P)"));
    m_view->setAccessibleName(tr("Staff accounts"));
    m_signInsTitle->setText(tr("Latest sign-ins"));
    Q_EMIT m_model->headerDataChanged(Qt::Horizontal, 0, StaffListModel::ColumnCount - 1);
    updateActions();
    updateStatus();
}

NewStaffDialog *StaffPage::newAccountDialog() const
{
    return m_newDialog;
}

ChangeRoleDialog *StaffPage::roleDialog() const
{
    return m_roleDialog;
}

ResetPasswordDialog *StaffPage::passwordDialog() const
{
    return m_passwordDialog;
}

DisableStaffBox *StaffPage::confirmation() const
{
    return m_confirm;
}

SignInList *StaffPage::signInsView() const
{
    return m_signIns;
}

QString StaffPage::statusText() const
{
    return m_status->text();
}

QString StaffPage::hintText() const
{
    return m_hint->isHidden() ? QString() : m_hint->text();
}

QJsonObject StaffPage::current() const
{
    const QModelIndex index = m_view->currentIndex();
    return index.isValid() ? m_model->account(index.row()) : QJsonObject();
}

QString StaffPage::refusal(const QJsonObject &account) const
{
    if (account.isEmpty())
        return {};
    if (!m_me.isEmpty() && account.value(u"username").toString() == m_me)
        return tr("This is your own account: you cannot disable it or change its role, so that "
                  "nobody locks the venue out by mistake. Another manager can. You may reset "
                  "your own password.");
    if (account.value(u"role").toString() == u"admin" && m_myRole != u"admin")
        return tr("Only an administrator may change an administrator's account.");
    return {};
}

bool StaffPage::select(const QString &username)
{
    const int row = m_model->rowOf(0, username);
    if (row < 0)
        return false;
    m_view->setCurrentIndex(m_model->index(row, 0));
    m_view->scrollTo(m_model->index(row, 0));
    return true;
}

void StaffPage::refresh()
{
    const quint64 generation = ++m_generation;
    m_pending = 3;
    m_error.clear();
    m_message.clear();
    m_busy->show();
    m_refresh->setEnabled(false);
    updateStatus();
    const auto failed = [this](const ApiResult &r) {
        if (m_error.isEmpty())
            m_error = StaffWords::failure(r);
    };
    m_api.me(whileAlive(this, [this, generation, failed](const ApiResult &r) {
        if (generation != m_generation)
            return;
        if (r.ok()) {
            m_me = r.body.value(u"sub").toString();
            m_myRole = r.body.value(u"role").toString();
            m_model->setCurrentUser(m_me);
        } else {
            failed(r);
        }
        finishLoad();
    }));
    m_api.list(whileAlive(this, [this, generation, failed](const ApiResult &r) {
        if (generation != m_generation)
            return;
        if (r.ok()) {
            const QString keep = m_selectAfter.isEmpty() ? current().value(u"username").toString()
                                                         : m_selectAfter;
            m_selectAfter.clear();
            QList<QJsonObject> accounts;
            for (const QJsonValue &v : r.body.value(u"items").toArray())
                accounts.append(v.toObject());
            m_model->setAccounts(accounts);
            m_loadedOnce = true;
            fitColumns(m_view);
            if (!select(keep) && m_model->rowCount() > 0)
                m_view->setCurrentIndex(m_model->index(0, 0));
        } else {
            failed(r); // keep the accounts shown before
        }
        finishLoad();
    }));
    m_api.signIns(kSignIns, whileAlive(this, [this, generation, failed](const ApiResult &r) {
                      if (generation != m_generation)
                          return;
                      if (r.ok())
                          m_signIns->showSignIns(r.body.value(u"items").toArray());
                      else
                          failed(r);
                      finishLoad();
                  }));
}

void StaffPage::finishLoad()
{
    if (--m_pending > 0)
        return;
    m_busy->hide();
    m_refresh->setEnabled(true);
    updateActions();
    updateStatus();
    Q_EMIT refreshed();
}

void StaffPage::updateActions()
{
    const QJsonObject account = current();
    const QString why = refusal(account);
    const bool chosen = !account.isEmpty();
    const bool disabled = account.value(u"disabled").toBool();
    m_disable->setText(disabled ? tr("&Enable… (Ctrl+D)") : tr("&Disable… (Ctrl+D)"));
    m_disable->setEnabled(chosen && why.isEmpty());
    m_role->setEnabled(chosen && why.isEmpty());
    const bool adminRow = account.value(u"role").toString() == u"admin" && m_myRole != u"admin";
    m_password->setEnabled(chosen && !adminRow);
    m_hint->setText(why);
    m_hint->setVisible(!why.isEmpty());
}

void StaffPage::updateStatus()
{
    QString text;
    QString style;
    if (m_pending > 0) {
        text = tr("Loading the staff accounts…");
    } else if (!m_error.isEmpty()) {
        text = tr("The staff accounts could not be loaded. %1").arg(m_error);
        style = QStringLiteral("color: #c62828; font-weight: 600;");
    } else if (!m_message.isEmpty()) {
        text = m_message;
    } else if (m_loadedOnce && m_model->rowCount() == 0) {
        text = tr("No staff accounts yet. Create the first one with New account (Ctrl+N).");
    } else if (m_loadedOnce) {
        text = tr("Accounts: %n.", nullptr, m_model->rowCount());
    }
    m_status->setText(text);
    m_status->setStyleSheet(style);
}

void StaffPage::newAccount()
{
    if (m_newDialog)
        m_newDialog->close();
    m_newDialog = new NewStaffDialog(m_transport, this);
    m_newDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_newDialog, &NewStaffDialog::accountCreated, this, [this](const QJsonObject &account) {
        const QString name = account.value(u"username").toString();
        accountChanged(account,
                       tr("Account “%1” created (%2). It can sign in now.")
                           .arg(name, StaffWords::role(account.value(u"role").toString())));
        select(name);
    });
    connect(m_newDialog, &QDialog::finished, this, &StaffPage::takeKeyboardBack);
    m_newDialog->open();
}

void StaffPage::takeKeyboardBack()
{
    // A closed dialog does not always give the activation back (window managers, offscreen):
    // without it the page's shortcuts went nowhere.
    window()->activateWindow();
    m_view->setFocus();
}

void StaffPage::toggleDisabled()
{
    const QJsonObject account = current();
    if (account.isEmpty())
        return;
    const QString why = refusal(account);
    if (!why.isEmpty()) {
        m_message = why; // said, not sent: the server would refuse it
        updateStatus();
        return;
    }
    const QString name = account.value(u"username").toString();
    const bool disable = !account.value(u"disabled").toBool();
    if (m_confirm)
        m_confirm->close();
    m_confirm = new DisableStaffBox(name, disable, this);
    m_confirm->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *yes = m_confirm->confirmButton();
    const qint64 id = account.value(u"id").toInteger();
    connect(m_confirm, &QDialog::finished, this, &StaffPage::takeKeyboardBack);
    connect(yes, &QPushButton::clicked, this, [this, id, disable] {
        const int row = m_model->rowOf(id);
        if (row >= 0)
            setDisabled(m_model->account(row), disable);
    });
    m_confirm->open();
}

void StaffPage::setDisabled(const QJsonObject &account, bool disabled)
{
    const QString name = account.value(u"username").toString();
    m_busy->show();
    m_api.update(
        account.value(u"id").toInteger(),
        {{QStringLiteral("disabled"), disabled}},
        whileAlive(this, [this, name, disabled](const ApiResult &r) {
            m_busy->setVisible(m_pending > 0);
            if (r.ok())
                accountChanged(r.body,
                               disabled ? tr("“%1” is disabled: every session of it has "
                                             "stopped.")
                                              .arg(name)
                                        : tr("“%1” is enabled: it can sign in again.").arg(name));
            else
                accountChanged({}, tr("“%1” was not changed. %2").arg(name, StaffWords::failure(r)));
            Q_EMIT accountUpdated();
        }));
}

void StaffPage::accountChanged(const QJsonObject &account, const QString &message)
{
    if (!account.isEmpty())
        m_model->updateAccount(account);
    m_message = message;
    fitColumns(m_view);
    updateActions();
    updateStatus();
}

void StaffPage::changeRole()
{
    const QJsonObject account = current();
    if (account.isEmpty())
        return;
    const QString why = refusal(account);
    if (!why.isEmpty()) {
        m_message = why;
        updateStatus();
        return;
    }
    if (m_roleDialog)
        m_roleDialog->close();
    m_roleDialog = new ChangeRoleDialog(m_transport, account, this);
    m_roleDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_roleDialog, &ChangeRoleDialog::accountChanged, this, [this](const QJsonObject &a) {
        accountChanged(a,
                       tr("“%1” is now: %2.")
                           .arg(a.value(u"username").toString(),
                                StaffWords::role(a.value(u"role").toString())));
        Q_EMIT accountUpdated();
    });
    connect(m_roleDialog, &QDialog::finished, this, &StaffPage::takeKeyboardBack);
    m_roleDialog->open();
}

void StaffPage::resetPassword()
{
    const QJsonObject account = current();
    if (account.isEmpty() || !m_password->isEnabled())
        return;
    if (m_passwordDialog)
        m_passwordDialog->close();
    m_passwordDialog = new ResetPasswordDialog(m_transport, account, this);
    m_passwordDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_passwordDialog,
            &ResetPasswordDialog::accountChanged,
            this,
            [this](const QJsonObject &a) {
                accountChanged(a,
                               tr("The password of “%1” is changed.")
                                   .arg(a.value(u"username").toString()));
                Q_EMIT accountUpdated();
            });
    connect(m_passwordDialog, &QDialog::finished, this, &StaffPage::takeKeyboardBack);
    m_passwordDialog->open();
}

} // namespace boxoffice::app
