// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventsapi.h"
#include "staffapi.h"

#include <QJsonObject>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace boxoffice::app {

class AuditListModel;

/// The back office's audit trail: every manager action newest first (when, who, what, the
/// event, before -> after, in words), for one event or all, and older pages on request.
class AuditPage : public QWidget
{
    Q_OBJECT
public:
    AuditPage(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Reads the events for the filter and the newest page again.
    void refresh();
    /// Appends the next older page (as Load older does).
    void loadOlder();
    /// Shows only `eventId`'s lines ("" for all); false when the event is not in the filter.
    bool filterByEvent(const QString &eventId);
    /// Lines a page asks for (1-200; 50 unless a test wants pages to turn sooner).
    void setPageSize(int lines) { m_pageSize = lines; }

    QTableView *view() const { return m_view; }
    AuditListModel *model() const { return m_model; }
    QComboBox *eventBox() const { return m_event; }
    QPushButton *olderButton() const { return m_older; }
    QString statusText() const;
    bool isLoading() const { return m_loading; }
    /// True when an older page is there to load.
    bool hasOlder() const { return m_nextBefore > 0; }

Q_SIGNALS:
    /// A page (the newest or an older one) answered, successfully or not.
    void pageLoaded();

protected:
    void changeEvent(QEvent *event) override;

private:
    void loadEvents(int offset, quint64 generation);
    void showEvents();
    void loadPage(qint64 before);
    void updateStatus();
    void retranslate();

    StaffApi m_api;
    EventsApi m_events;
    AuditListModel *m_model;
    QLabel *m_title;
    QLabel *m_eventLabel;
    QComboBox *m_event;
    QPushButton *m_refresh;
    QTableView *m_view;
    QProgressBar *m_busy;
    QLabel *m_status;
    QPushButton *m_older;
    QList<QJsonObject> m_incoming; ///< event pages read so far
    QList<QJsonObject> m_eventList;
    QString m_error;
    qint64 m_nextBefore = 0;
    quint64 m_generation = 0;
    quint64 m_eventGeneration = 0;
    int m_pageSize = 50;
    bool m_loading = false;
    bool m_loadedOnce = false;
    bool m_filling = false; ///< the filter is being refilled: not a choice of the manager
};

} // namespace boxoffice::app
