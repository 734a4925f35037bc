// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filechooser.h"
#include "manage/eventsapi.h"

#include <QJsonObject>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace boxoffice::app {

class ExportPanel;
class FiguresView;
class ReconcileView;
class SettlementView;

/// The back office's Reports tab (issue 30): an event, the whole run or one day at the venue,
/// optionally a channel or a clerk; its figures (GET /events/{id}/report), the settlement,
/// the CSV exports and "Check the books". Every figure is the server's; the page formats it.
class ReportsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ReportsPage(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Reads the event list again (and then the chosen event's figures).
    void refresh();
    /// Shows `id`'s report (once the list has it).
    void openEvent(const QString &id);
    /// One day at the venue (an invalid date: the whole run).
    void setDay(const QDate &day);
    /// "online", "box_office" or empty for every channel.
    void setChannel(const QString &channel);
    void setClerk(const QString &clerk);
    /// Asks the server for the figures of the current choice.
    void load();
    void setFileChooser(const FileChooser &chooser);

    QString eventId() const;
    QString statusText() const;
    /// The last report shown (empty while loading or after a failure).
    QJsonObject report() const { return m_report; }
    QJsonObject settlement() const { return m_settlement; }
    bool isLoading() const { return m_pending > 0; }
    FiguresView *figures() const { return m_figures; }
    SettlementView *settlementView() const { return m_settlementView; }
    ExportPanel *exports() const { return m_exports; }
    ReconcileView *reconcile() const { return m_reconcile; }
    QTabWidget *parts() const { return m_parts; }

Q_SIGNALS:
    void loaded();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void chooseEvent();
    QString zone() const;
    /// The channel and clerk filters, as query parts both the report and its log take.
    QStringList channelAndClerk() const;
    QString query() const;
    QString logFilters() const;
    void showStatus();

    EventsApi m_api;
    client::HttpTransport *m_transport;
    QLabel *m_title;
    QLabel *m_eventLabel;
    QComboBox *m_event;
    QCheckBox *m_oneDay;
    QDateEdit *m_day;
    QLabel *m_channelLabel;
    QComboBox *m_channel;
    QLabel *m_clerkLabel;
    QLineEdit *m_clerk;
    QPushButton *m_show;
    QLabel *m_status;
    QTabWidget *m_parts;
    FiguresView *m_figures;
    SettlementView *m_settlementView;
    ExportPanel *m_exports;
    ReconcileView *m_reconcile;
    QJsonObject m_report;
    QJsonObject m_settlement;
    QString m_pendingEvent;
    QString m_error;
    QDate m_dayShown;     ///< the day of m_report (invalid: the whole run)
    int m_pending = 0;    ///< answers awaited
    int m_generation = 0; ///< answers of an older choice are dropped
    bool m_listLoaded = false;
    bool m_dayTouched = false;
};

} // namespace boxoffice::app
