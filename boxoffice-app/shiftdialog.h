// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "shiftreport.h"

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

class Journal;
class SaleRecorder;

/// The cash drawer's shift: open with a float, X report at any time, Z report to close with the
/// counted cash and the variance; printable. The server's report is shown when it has shifts;
/// the local journal's sums are shown beside it (and alone when the server has none).
class ShiftDialog : public QDialog
{
    Q_OBJECT
public:
    ShiftDialog(client::SalesClient *client,
                Journal *journal,
                SaleRecorder *recorder,
                QWidget *parent = nullptr);

    /// The open shift's id ("" when none); kept in QSettings across restarts.
    static QString currentShiftId();
    static void setCurrentShiftId(const QString &id);
    /// What to tell the clerk when opening a shift failed (a drawer locked by another clerk's
    /// shift says whose, since when, and what to do).
    static QString explain(const client::ApiResult &result);

    void openShift(qint64 floatCents);
    void xReport();
    void closeShift(qint64 countedCents);
    ShiftReport report() const { return m_report; }
    QString statusText() const;
    /// Prints the report shown to a PDF (tests, "save as PDF").
    bool printPdf(const QString &path) const;

Q_SIGNALS:
    void reportShown();

private:
    /// Goes on with the clerk's shift already open on the server (id from the 409, or asked).
    void pickUp(const QString &shiftId);
    void showReport(const ShiftReport &report, const QString &title);
    void localReport(const QString &title, std::optional<qint64> counted);
    void updateButtons();

    client::SalesClient *m_client;
    Journal *m_journal;
    SaleRecorder *m_recorder;
    QDoubleSpinBox *m_amount;
    QPushButton *m_open;
    QPushButton *m_x;
    QPushButton *m_z;
    QPushButton *m_print;
    QLabel *m_title;
    QTableWidget *m_table;
    QLabel *m_status;
    ShiftReport m_report;
    QString m_reportTitle;
};

} // namespace boxoffice::app
