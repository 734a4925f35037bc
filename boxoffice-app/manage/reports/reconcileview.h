// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace boxoffice::client {
class HttpTransport;
}

namespace boxoffice::app {

/// "Check the books": GET /events/{id}/reconcile (the checks of `boxoffice-server reconcile`)
/// and every difference it finds in words, or that everything agrees and how much was checked.
class ReconcileView : public QWidget
{
    Q_OBJECT
public:
    ReconcileView(client::HttpTransport *transport, QWidget *parent = nullptr);

    void setEventId(const QString &eventId);
    /// Runs the checks (the button's action).
    void check();

    QString resultText() const;
    QListWidget *differences() const { return m_list; }
    bool isChecking() const { return m_checking; }

Q_SIGNALS:
    void checked();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showResult();

    client::HttpTransport *m_transport;
    QString m_eventId;
    QLabel *m_intro;
    QPushButton *m_check;
    QLabel *m_result;
    QListWidget *m_list;
    QJsonObject m_answer;
    QString m_error;
    bool m_checking = false;
};

} // namespace boxoffice::app
