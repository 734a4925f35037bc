#include "doorwindow.h"

#include "signinpage.h"

#include <QStackedWidget>
#include <QSysInfo>

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
    , m_screen(new DoorScreen(m_station, this))
{
    setWindowTitle(tr("Box office — door"));
    m_pages->addWidget(m_signIn);
    m_pages->addWidget(m_screen);
    setCentralWidget(m_pages);
    connect(m_signIn, &SignInPage::signInRequested, this, &DoorWindow::signIn);
}

void DoorWindow::signIn(const QString &url, const QString &user, const QString &password)
{
    m_signIn->setBusy(true);
    m_station.client().setBaseUrl(QUrl(url));
    m_station.client()
        .login(user, password, client::whileAlive(this, [this, url](const client::ApiResult &r) {
                   m_signIn->setBusy(false);
                   if (!r.ok()) {
                       m_signIn->showError(r.status == 0 ? tr("The server cannot be reached.")
                                                         : tr("Wrong user name or password."));
                       return;
                   }
                   const QString role = r.body.value(u"role").toString();
                   if (role == u"fan") {
                       m_signIn->showError(tr("This account may not scan tickets."));
                       return;
                   }
                   if (m_eventId.isEmpty()) {
                       m_signIn->showError(tr("Start the door with --event <event id>."));
                       return;
                   }
                   m_signIn->clearPassword();
                   // One id per journal: the server tells the doors of a double entry apart.
                   const QString device = m_station.deviceId(QSysInfo::machineHostName());
                   m_station.start(m_eventId, m_gate, device);
                   m_pages->setCurrentWidget(m_screen);
                   showFullScreen();
               }));
}

} // namespace boxoffice::app
