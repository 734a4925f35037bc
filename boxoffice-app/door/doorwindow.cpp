// SPDX-License-Identifier: GPL-3.0-or-later
#include "doorwindow.h"

#include "eventfinder.h"
#include "signinpage.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QSysInfo>
#include <QVBoxLayout>

namespace boxoffice::app {

DoorWindow::DoorWindow(const QString &journalPath,
                       const QString &eventId,
                       const QString &gate,
                       QWidget *parent)
    : QMainWindow(parent)
    , m_station(journalPath)
    , m_eventId(eventId)
    , m_gate(gate)
    , m_pages(new QStackedWidget(this))
    , m_signIn(new SignInPage(this))
    , m_pickerPage(new QWidget(this))
    , m_pickerTitle(new QLabel(m_pickerPage))
    , m_gateLabel(new QLabel(m_pickerPage))
    , m_gateField(new QLineEdit(gate, m_pickerPage))
    , m_finder(new EventFinder(&m_station.client(), m_pickerPage))
    , m_screen(new DoorScreen(m_station, this))
{
    // The picker: which event this door admits to (today's first), and the gate's name.
    m_pickerPage->setObjectName(QStringLiteral("doorEventPage"));
    m_pickerTitle->setObjectName(QStringLiteral("doorEventTitle"));
    QFont big = m_pickerTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_pickerTitle->setFont(big);
    m_gateField->setObjectName(QStringLiteral("doorGate"));
    m_gateLabel->setBuddy(m_gateField);
    auto *layout = new QVBoxLayout(m_pickerPage);
    layout->addWidget(m_pickerTitle);
    auto *gateRow = new QFormLayout;
    gateRow->addRow(m_gateLabel, m_gateField);
    layout->addLayout(gateRow);
    layout->addWidget(m_finder, 1);
    connect(m_finder, &EventFinder::eventChosen, this, &DoorWindow::startScanning);

    setWindowTitle(tr("Box office — door"));
    m_pages->addWidget(m_signIn);
    m_pages->addWidget(m_pickerPage);
    m_pages->addWidget(m_screen);
    setCentralWidget(m_pages);
    connect(m_signIn, &SignInPage::signInRequested, this, &DoorWindow::signIn);
    retranslate();
}

void DoorWindow::retranslate()
{
    setWindowTitle(tr("Box office — door"));
    m_pickerTitle->setText(tr("Which event does this door admit to?"));
    m_gateLabel->setText(tr("&Gate:"));
    m_gateField->setPlaceholderText(tr("for example Gate B"));
    m_gateField->setAccessibleName(tr("Gate"));
}

void DoorWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void DoorWindow::signIn(const QString &url, const QString &user, const QString &password)
{
    m_signIn->setBusy(true);
    m_station.client().setBaseUrl(QUrl(url));
    m_station.client().login(user,
                             password,
                             client::whileAlive(this, [this](const client::ApiResult &r) {
                                 m_signIn->setBusy(false);
                                 if (!r.ok()) {
                                     m_signIn->showError(r.status == 0
                                                             ? tr("The server cannot be reached.")
                                                             : tr("Wrong user name or password."));
                                     return;
                                 }
                                 const QString role = r.body.value(u"role").toString();
                                 if (role == u"fan") {
                                     m_signIn->showError(tr("This account may not scan tickets."));
                                     return;
                                 }
                                 m_signIn->clearPassword();
                                 if (m_eventId.isEmpty()) {
                                     m_pages->setCurrentWidget(m_pickerPage);
                                     m_finder->refresh();
                                     m_finder->searchBox()->setFocus();
                                     return;
                                 }
                                 startScanning(m_eventId);
                             }));
}

void DoorWindow::startScanning(const QString &eventId)
{
    if (eventId.isEmpty())
        return;
    m_eventId = eventId;
    if (m_pages->currentWidget() == m_pickerPage)
        m_gate = m_gateField->text().trimmed();
    // One id per journal: the server tells the doors of a double entry apart.
    const QString device = m_station.deviceId(QSysInfo::machineHostName());
    m_station.start(m_eventId, m_gate, device);
    m_pages->setCurrentWidget(m_screen);
    showFullScreen();
}

} // namespace boxoffice::app
