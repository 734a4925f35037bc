// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventeditor.h"

#include "canceleventdialog.h"
#include "cancelresultdialog.h"
#include "duplicatedialog.h"
#include "eventform.h"
#include "managewords.h"

#include <core/localtime.h>

#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::whileAlive;

EventEditor::EventEditor(client::HttpTransport *transport, QWidget *parent)
    : QDialog(parent)
    , m_api(transport)
    , m_form(new EventForm(this))
    , m_banner(new QLabel(this))
    , m_reload(new QPushButton(tr("&Reload the event"), this))
    , m_state(new QLabel(this))
    , m_pause(new QPushButton(tr("&Pause sale"), this))
    , m_resume(new QPushButton(tr("&Resume sale"), this))
    , m_duplicate(new QPushButton(tr("Dup&licate…"), this))
    , m_cancel(new QPushButton(tr("&Cancel event…"), this))
    , m_save(new QPushButton(tr("Save (Enter)"), this))
    , m_close(new QPushButton(tr("Close (Esc)"), this))
{
    setObjectName(QStringLiteral("eventEditor"));
    setWindowTitle(tr("Event"));
    resize(1000, 700);
    m_banner->setObjectName(QStringLiteral("editorBanner"));
    m_banner->setWordWrap(true);
    m_banner->setAccessibleName(tr("Message"));
    m_reload->setObjectName(QStringLiteral("reloadEvent"));
    m_reload->hide();
    m_state->setObjectName(QStringLiteral("saleState"));
    m_pause->setObjectName(QStringLiteral("pauseSale"));
    m_pause->setToolTip(tr("Stop selling for now, online and at the counter; baskets already "
                           "held can still be paid."));
    m_resume->setObjectName(QStringLiteral("resumeSale"));
    m_duplicate->setObjectName(QStringLiteral("duplicateEvent"));
    m_cancel->setObjectName(QStringLiteral("cancelEvent"));
    m_cancel->setStyleSheet(QStringLiteral("QPushButton:enabled { color: #c62828; }"));
    m_save->setObjectName(QStringLiteral("saveEvent"));
    m_close->setObjectName(QStringLiteral("closeEditor"));
    // Enter saves wherever the focus is; the other buttons take Space or their Alt key.
    for (QPushButton *button : {m_reload, m_pause, m_resume, m_duplicate, m_cancel, m_close})
        button->setAutoDefault(false);
    m_save->setDefault(true);

    auto *bannerRow = new QHBoxLayout;
    bannerRow->addWidget(m_banner, 1);
    bannerRow->addWidget(m_reload);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_state);
    actions->addWidget(m_pause);
    actions->addWidget(m_resume);
    actions->addWidget(m_duplicate);
    actions->addWidget(m_cancel);
    actions->addStretch(1);
    actions->addWidget(m_save);
    actions->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bannerRow);
    layout->addWidget(m_form, 1);
    layout->addLayout(actions);

    connect(m_save, &QPushButton::clicked, this, &EventEditor::save);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_reload, &QPushButton::clicked, this, &EventEditor::reload);
    connect(m_pause, &QPushButton::clicked, this, [this] { setPaused(true); });
    connect(m_resume, &QPushButton::clicked, this, [this] { setPaused(false); });
    connect(m_duplicate, &QPushButton::clicked, this, &EventEditor::duplicate);
    connect(m_cancel, &QPushButton::clicked, this, &EventEditor::cancelEvent);
    connect(m_form, &EventForm::venueChosen, this, [this](const QString &venueId) {
        m_api.venue(venueId, whileAlive(this, [this](const ApiResult &r) {
                        if (r.ok())
                            m_form->setVenueDetails(r.body);
                        else
                            setBanner(ManageWords::failure(r), Tone::Problem);
                    }));
    });
    setBanner({}, Tone::Info);
    updateState();
}

DuplicateDialog *EventEditor::duplicateDialog() const
{
    return m_duplicateDialog;
}

CancelEventDialog *EventEditor::cancelDialog() const
{
    return m_cancelDialog;
}

CancelResultDialog *EventEditor::resultDialog() const
{
    return m_resultDialog;
}

QString EventEditor::bannerText() const
{
    return m_banner->text();
}

qint64 EventEditor::version() const
{
    return m_event.value(u"version").toInteger();
}

QString EventEditor::when(const QJsonObject &event) const
{
    return core::LocalTime::shortDateTime(QDateTime::fromString(event.value(u"starts_at").toString(),
                                                                Qt::ISODate),
                                          event.value(u"time_zone").toString());
}

void EventEditor::setBanner(const QString &text, Tone tone, bool offerReload)
{
    m_banner->setText(text);
    m_banner->setVisible(!text.isEmpty());
    m_banner->setStyleSheet(
        tone == Tone::Problem ? QStringLiteral("background: #fdecea; color: #b71c1c; padding: 6px; "
                                               "font-weight: 600;")
        : tone == Tone::Success
            ? QStringLiteral("background: #e8f5e9; color: #1b5e20; padding: 6px;")
            : QStringLiteral("color: #37474f; padding: 6px;"));
    m_reload->setVisible(offerReload);
    if (offerReload)
        m_reload->setFocus();
}

void EventEditor::setBusy(bool busy, const QString &text)
{
    m_busy = busy;
    if (busy) {
        setCursor(Qt::BusyCursor);
        setBanner(text, Tone::Info);
    } else {
        unsetCursor();
    }
    updateState();
}

void EventEditor::updateState()
{
    const bool existing = m_event.contains(u"version"); // loaded from the server
    const bool creating = m_event.isEmpty();
    const QString state = m_event.value(u"sale_state").toString();
    const bool cancelled = state == u"cancelled";
    m_state->setVisible(existing);
    m_state->setText(tr("Sale: %1").arg(ManageWords::saleState(state)));
    m_pause->setVisible(existing && !m_event.value(u"paused").toBool());
    m_resume->setVisible(existing && m_event.value(u"paused").toBool());
    m_duplicate->setVisible(existing);
    m_cancel->setVisible(existing);
    for (QPushButton *button : {m_pause, m_resume, m_cancel})
        button->setEnabled(!m_busy && !cancelled);
    m_duplicate->setEnabled(!m_busy);
    m_save->setEnabled(!m_busy && !cancelled && (existing || creating));
    m_save->setText(existing ? tr("Save (Enter)") : tr("Create (Enter)"));
    m_form->setReadOnly(cancelled);
}

void EventEditor::display(const QJsonObject &event)
{
    m_event = event;
    m_form->setEvent(event);
    m_loaded = m_form->values();
    setWindowTitle(tr("Event: %1").arg(event.value(u"title").toString()));
    if (event.value(u"sale_state").toString() == u"cancelled")
        setBanner(tr("Cancelled: %1").arg(event.value(u"cancel_reason").toString()), Tone::Problem);
    updateState();
}

void EventEditor::editEvent(const QString &id)
{
    m_event = QJsonObject{{QStringLiteral("id"), id}};
    setBusy(true, tr("Loading the event…"));
    m_api.get(id, whileAlive(this, [this](const ApiResult &r) {
                  setBusy(false);
                  if (!r.ok()) {
                      setBanner(ManageWords::failure(r), Tone::Problem);
                      return;
                  }
                  setBanner({}, Tone::Info);
                  display(r.body);
                  m_form->fieldWidget(QStringLiteral("title"))->setFocus();
                  Q_EMIT ready();
              }));
}

void EventEditor::reload()
{
    if (!m_event.value(u"id").toString().isEmpty())
        editEvent(m_event.value(u"id").toString());
}

void EventEditor::createEvent()
{
    m_event = {};
    m_loaded = {};
    m_form->setNew();
    setWindowTitle(tr("New event"));
    setBusy(true, tr("Loading the venues…"));
    m_api.venues(whileAlive(this, [this](const ApiResult &r) {
        setBusy(false);
        if (!r.ok()) {
            setBanner(ManageWords::failure(r), Tone::Problem);
            return;
        }
        const QJsonArray venues = r.body.value(u"items").toArray();
        m_form->setVenues(venues);
        if (venues.isEmpty()) {
            setBanner(tr("No venue is published yet: publish one from the venue editor first."),
                      Tone::Problem);
            m_save->setEnabled(false);
            return;
        }
        setBanner(tr("Choose the venue, then set the times and prices."), Tone::Info);
        Q_EMIT m_form->venueChosen(m_form->venueId());
        m_form->fieldWidget(QStringLiteral("title"))->setFocus();
        Q_EMIT ready();
    }));
}

void EventEditor::save()
{
    if (m_busy || !m_save->isEnabled())
        return; // also while an event is still loading: nothing to compare with yet
    m_form->clearErrors();
    if (!m_form->checkPrices()) {
        setBanner(tr("Not saved: check the field marked in red."), Tone::Problem);
        return;
    }
    if (m_event.isEmpty()) {
        const QJsonObject wanted = m_form->values();
        setBusy(true, tr("Creating the event…"));
        m_api.create(m_form->draft(), whileAlive(this, [this, wanted](const ApiResult &r) {
                         onCreated(r, wanted);
                     }));
        return;
    }
    const QJsonObject now = m_form->values();
    QJsonObject changes;
    for (auto it = now.begin(); it != now.end(); ++it)
        if (m_loaded.value(it.key()) != it.value())
            changes.insert(it.key(), it.value());
    if (changes.isEmpty()) {
        setBanner(tr("Nothing to save: no field was changed."), Tone::Info);
        return;
    }
    setBusy(true, tr("Saving…"));
    const bool rescheduled = changes.contains(u"starts_at");
    m_api.patch(m_event.value(u"id").toString(),
                version(),
                changes,
                whileAlive(this,
                           [this, rescheduled](const ApiResult &r) { onSaved(r, rescheduled); }));
}

void EventEditor::onSaved(const ApiResult &result, bool rescheduled)
{
    setBusy(false);
    if (!result.ok()) {
        refused(result);
        return;
    }
    display(result.body);
    setBanner(rescheduled ? tr("Saved. The event is rescheduled: every buyer is mailed the new "
                               "date, and their tickets stay valid.")
                          : tr("Saved."),
              Tone::Success);
    Q_EMIT eventChanged(result.body);
}

void EventEditor::onCreated(const ApiResult &result, const QJsonObject &wanted)
{
    setBusy(false);
    if (!result.ok()) {
        refused(result);
        return;
    }
    // POST takes no doors or sale-end time and the venue's category names: what the manager
    // set beyond that follows at once as a PATCH of the new event.
    m_event = result.body;
    m_loaded = EventForm::valuesOf(result.body);
    Q_EMIT eventCreated(result.body);
    bool more = false;
    for (auto it = wanted.begin(); it != wanted.end(); ++it)
        more = more || m_loaded.value(it.key()) != it.value();
    if (more) {
        save();
        return;
    }
    display(result.body);
    setBanner(tr("Created."), Tone::Success);
}

bool EventEditor::hasUnsavedChanges() const
{
    if (m_event.isEmpty()) // a new event: something typed already
        return !m_form->values().value(u"title").toString().isEmpty();
    return m_event.contains(u"version") && m_event.value(u"sale_state").toString() != u"cancelled"
           && m_form->values() != m_loaded;
}

void EventEditor::reject()
{
    if (m_discardConfirmed || m_busy || !hasUnsavedChanges()) {
        QDialog::reject();
        return;
    }
    // Not waited for (open(), not exec()): the answers of the server keep arriving.
    auto *box = new QMessageBox(QMessageBox::Question,
                                tr("Unsaved changes"),
                                tr("Close the event without saving your changes?"),
                                QMessageBox::Discard | QMessageBox::Cancel,
                                this);
    box->setObjectName(QStringLiteral("discardChangesBox"));
    box->setDefaultButton(QMessageBox::Cancel);
    box->button(QMessageBox::Discard)->setText(tr("&Discard changes"));
    box->button(QMessageBox::Cancel)->setText(tr("&Keep editing"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box] {
        if (box->clickedButton() == box->button(QMessageBox::Discard)) {
            m_discardConfirmed = true;
            QDialog::reject();
        }
    });
    box->open();
}

void EventEditor::refused(const ApiResult &result)
{
    const QString field = result.body.value(u"field").toString();
    if (result.status == 412 || result.status == 428) {
        setBanner(tr("Someone else changed this event while you were editing it, so your "
                     "changes were not saved. Reload to see the event as it is now, then make "
                     "your changes again."),
                  Tone::Problem,
                  true);
    } else if ((result.status == 422 || result.status == 400) && !field.isEmpty()) {
        m_form->showFieldError(field, ManageWords::fieldProblem(field, result.code()));
        setBanner(tr("Not saved: check the field marked in red."), Tone::Problem);
    } else {
        setBanner(ManageWords::failure(result), Tone::Problem);
    }
}

void EventEditor::setPaused(bool paused)
{
    if (m_busy || !m_event.contains(u"version"))
        return;
    setBusy(true, paused ? tr("Pausing the sale…") : tr("Resuming the sale…"));
    m_api.patch(m_event.value(u"id").toString(),
                version(),
                {{QStringLiteral("paused"), paused}},
                whileAlive(this, [this, paused](const ApiResult &r) {
                    setBusy(false);
                    if (!r.ok()) {
                        refused(r);
                        return;
                    }
                    // Only the pause changed: the manager's unsaved edits stay in the form.
                    m_event = r.body;
                    updateState();
                    setBanner(paused ? tr("The sale is paused: nothing can be held or sold "
                                          "until you resume it.")
                                     : tr("The sale is running again."),
                              Tone::Success);
                    (paused ? m_resume : m_pause)->setFocus();
                    Q_EMIT eventChanged(r.body);
                }));
}

void EventEditor::duplicate()
{
    if (m_busy || !m_event.contains(u"version"))
        return;
    m_duplicateDialog
        = new DuplicateDialog(m_event.value(u"title").toString(),
                              QDateTime::fromString(m_event.value(u"starts_at").toString(),
                                                    Qt::ISODate),
                              m_event.value(u"time_zone").toString(),
                              this);
    m_duplicateDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_duplicateDialog, &QDialog::accepted, this, [this, dialog = m_duplicateDialog] {
        setBusy(true, tr("Making the copy…"));
        m_api.duplicate(m_event.value(u"id").toString(),
                        dialog->title(),
                        dialog->startsAt(),
                        whileAlive(this, [this](const ApiResult &r) {
                            setBusy(false);
                            if (!r.ok()) {
                                refused(r);
                                return;
                            }
                            setBanner(tr("Copy made: “%1” on %2. Find it in the events list.")
                                          .arg(r.body.value(u"title").toString(), when(r.body)),
                                      Tone::Success);
                            Q_EMIT eventCreated(r.body);
                        }));
    });
    m_duplicateDialog->open();
}

void EventEditor::cancelEvent()
{
    if (m_busy || !m_event.contains(u"version"))
        return;
    m_cancelDialog = new CancelEventDialog(m_event.value(u"title").toString(), when(m_event), this);
    m_cancelDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_cancelDialog, &QDialog::accepted, this, [this, dialog = m_cancelDialog] {
        setBusy(true, tr("Cancelling the event…"));
        m_api.cancel(m_event.value(u"id").toString(),
                     version(),
                     dialog->reason(),
                     whileAlive(this, [this](const ApiResult &r) {
                         setBusy(false);
                         if (!r.ok()) {
                             refused(r);
                             return;
                         }
                         display(r.body.value(u"event").toObject());
                         m_resultDialog = new CancelResultDialog(r.body, this);
                         m_resultDialog->setAttribute(Qt::WA_DeleteOnClose);
                         m_resultDialog->open();
                         Q_EMIT eventChanged(r.body.value(u"event").toObject());
                     }));
    });
    m_cancelDialog->open();
}

} // namespace boxoffice::app
