// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QTreeWidget;

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

/// Finds the event to sell: today's and upcoming events first, a search box (the server's
/// `GET /events?q=`), availability at a glance. An event id typed into the box opens directly.
class EventFinder : public QWidget
{
    Q_OBJECT
public:
    explicit EventFinder(client::SalesClient *client, QWidget *parent = nullptr);

    /// Runs the search for the current text now.
    void refresh();
    QLineEdit *searchBox() const { return m_search; }
    int resultCount() const;
    QString statusText() const;

Q_SIGNALS:
    void eventChosen(const QString &eventId);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onResults(const client::ApiResult &result, quint64 generation);
    void openCurrent();
    void retranslate();

    client::SalesClient *m_client;
    QLabel *m_title;
    QLineEdit *m_search;
    QTreeWidget *m_list;
    QLabel *m_status;
    QTimer m_debounce;
    quint64 m_generation = 0;
};

} // namespace boxoffice::app
