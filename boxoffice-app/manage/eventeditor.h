// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventsapi.h"

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

class QLabel;
class QPushButton;

namespace boxoffice::app {

class CancelEventDialog;
class CancelResultDialog;
class DuplicateDialog;
class EventForm;

/// Creates or edits one event: the form, Save (PATCH with If-Match, only what changed), the
/// sale's pause and resume, duplicate and cancel. Someone else's change meanwhile (412) offers a
/// reload; a refused field (422) shows its message under the field and gets the focus.
class EventEditor : public QDialog
{
    Q_OBJECT
public:
    EventEditor(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Loads event `id` (GET /events/{id}) and shows it.
    void editEvent(const QString &id);
    /// An empty form for a new event on one of the published venues.
    void createEvent();
    void save();
    /// Reads the event again, dropping unsaved changes.
    void reload();
    void setPaused(bool paused);
    void duplicate();
    void cancelEvent();
    /// The form differs from what was loaded (or a new event has a title).
    bool hasUnsavedChanges() const;
    /// Esc and Close: asks first when there are unsaved changes.
    void reject() override;

    EventForm *form() const { return m_form; }
    QJsonObject event() const { return m_event; }
    bool isBusy() const { return m_busy; }
    QString bannerText() const;
    QPushButton *saveButton() const { return m_save; }
    QPushButton *reloadButton() const { return m_reload; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *resumeButton() const { return m_resume; }
    QPushButton *duplicateButton() const { return m_duplicate; }
    QPushButton *cancelEventButton() const { return m_cancel; }
    /// The dialogs while they are open (nullptr otherwise).
    DuplicateDialog *duplicateDialog() const;
    CancelEventDialog *cancelDialog() const;
    CancelResultDialog *resultDialog() const;

Q_SIGNALS:
    /// The event was loaded (or a new form is ready).
    void ready();
    /// The server's event after a save, pause, resume or cancellation.
    void eventChanged(const QJsonObject &event);
    /// A new event: created here or duplicated.
    void eventCreated(const QJsonObject &event);

private:
    enum class Tone { Info, Success, Problem };
    void display(const QJsonObject &event);
    void onSaved(const client::ApiResult &result, bool rescheduled);
    void onCreated(const client::ApiResult &result, const QJsonObject &wanted);
    /// A refused save: the field's message, the reload offer or the reason in words.
    void refused(const client::ApiResult &result);
    void setBusy(bool busy, const QString &text = {});
    void setBanner(const QString &text, Tone tone, bool offerReload = false);
    void updateState();
    qint64 version() const;
    QString when(const QJsonObject &event) const;

    EventsApi m_api;
    EventForm *m_form;
    QLabel *m_banner;
    QPushButton *m_reload;
    QLabel *m_state;
    QPushButton *m_pause;
    QPushButton *m_resume;
    QPushButton *m_duplicate;
    QPushButton *m_cancel;
    QPushButton *m_save;
    QPushButton *m_close;
    QPointer<DuplicateDialog> m_duplicateDialog;
    QPointer<CancelEventDialog> m_cancelDialog;
    QPointer<CancelResultDialog> m_resultDialog;
    QJsonObject m_event;  ///< as the server last answered (empty for a new event)
    QJsonObject m_loaded; ///< the form's values for m_event: a save sends what differs
    bool m_busy = false;
    bool m_discardConfirmed = false;
};

} // namespace boxoffice::app
