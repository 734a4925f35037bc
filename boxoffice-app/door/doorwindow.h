#pragma once

#include "doorscreen.h"
#include "doorstation.h"

#include <QMainWindow>

class QStackedWidget;

namespace boxoffice::app {

class SignInPage;

/// The box office's door mode (boxoffice-app --door): sign in as door staff, then the
/// full-screen scanning screen for one event and gate.
class DoorWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// `journalPath`: the door's SQLite file; `eventId` and `gate` as given at start-up.
    DoorWindow(const QString &journalPath,
               const QString &eventId,
               const QString &gate,
               QWidget *parent = nullptr);

    SignInPage *signInPage() const { return m_signIn; }
    DoorScreen *screen() const { return m_screen; }
    DoorStation &station() { return m_station; }

private:
    void signIn(const QString &url, const QString &user, const QString &password);

    DoorStation m_station;
    QString m_eventId;
    QString m_gate;
    QStackedWidget *m_pages;
    SignInPage *m_signIn;
    DoorScreen *m_screen;
};

} // namespace boxoffice::app
