// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventsapi.h"

#include <QJsonObject>
#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace boxoffice::app {

class EventEditor;
class EventListModel;

/// The back office's events: every event in a table (title, venue, start at the venue, the
/// sale's state, availability), a filter, refresh, and the editor for a new or chosen event.
/// Loading never blocks the window; it shows that it is busy, empty or failed, in words.
class EventsPage : public QWidget
{
    Q_OBJECT
public:
    EventsPage(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Reads all events again (every page of GET /events?include=all).
    void refresh();
    /// Opens the editor on the highlighted event.
    void editCurrent();
    /// Opens the editor for a new event.
    void createEvent();

    QTableView *view() const { return m_view; }
    QLineEdit *filterBox() const { return m_filter; }
    EventListModel *model() const { return m_model; }
    /// Rows shown after the filter.
    int visibleCount() const;
    QString statusText() const;
    bool isLoading() const { return m_loading; }
    /// Highlights event `id` in the table; false when it is not listed (or filtered out).
    bool select(const QString &id);
    /// The editor while it is open.
    EventEditor *editor() const;

Q_SIGNALS:
    /// A refresh finished (successfully or not).
    void refreshed();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void loadPage(int offset, quint64 generation);
    void updateStatus();
    void openEditor(const QString &eventId);
    void retranslate();

    EventsApi m_api;
    EventListModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLabel *m_title;
    QLineEdit *m_filter;
    QPushButton *m_refresh;
    QPushButton *m_new;
    QPushButton *m_edit;
    QTableView *m_view;
    QProgressBar *m_busy;
    QLabel *m_status;
    QPointer<EventEditor> m_editor;
    QList<QJsonObject> m_incoming; ///< pages read so far by the running refresh
    QString m_error;
    QString m_selectAfter; ///< the event to highlight once the refresh answers
    quint64 m_generation = 0;
    bool m_loading = false;
    bool m_loadedOnce = false;
};

} // namespace boxoffice::app
