// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doorscreen.h"
#include "doorstation.h"

#include <QMainWindow>

class QLabel;
class QLineEdit;
class QStackedWidget;

namespace boxoffice::app {

class EventFinder;
class SignInPage;

/// The box office's door mode (boxoffice-app --door): sign in as door staff, pick the event
/// (unless --event named it) and the gate, then the full-screen scanning screen.
class DoorWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// `journalPath`: the door's SQLite file; `eventId` and `gate` as given at start-up (an empty
    /// `eventId` asks for the event after sign-in).
    DoorWindow(const QString &journalPath,
               const QString &eventId,
               const QString &gate,
               QWidget *parent = nullptr);

    SignInPage *signInPage() const { return m_signIn; }
    /// The event picker shown after sign-in when no event was given.
    EventFinder *eventPicker() const { return m_finder; }
    QLineEdit *gateField() const { return m_gateField; }
    DoorScreen *screen() const { return m_screen; }
    DoorStation &station() { return m_station; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void signIn(const QString &url, const QString &user, const QString &password);
    void startScanning(const QString &eventId);
    void retranslate();

    DoorStation m_station;
    QString m_eventId;
    QString m_gate;
    QStackedWidget *m_pages;
    SignInPage *m_signIn;
    QWidget *m_pickerPage;
    QLabel *m_pickerTitle;
    QLabel *m_gateLabel;
    QLineEdit *m_gateField;
    EventFinder *m_finder;
    DoorScreen *m_screen;
};

} // namespace boxoffice::app
