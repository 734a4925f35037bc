// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QWidget>

class QLabel;

namespace boxoffice::app {

class FigureTable;
class RevenueChart;

/// A report's figures (GET /events/{id}/report, docs/reports.md) as tables and two charts:
/// totals per currency; tickets by price category, channel and comp; money by kind, channel and
/// method (refunds among them); capacity with comps and held-back seats; payments by method
/// against the orders whose captures differ. Shows the server's numbers, formatted; the charts
/// group its lines by channel and category.
class FiguresView : public QWidget
{
    Q_OBJECT
public:
    explicit FiguresView(QWidget *parent = nullptr);

    void showReport(const QJsonObject &report);
    void clear();

    FigureTable *totals() const { return m_totals; }
    FigureTable *tickets() const { return m_tickets; }
    FigureTable *money() const { return m_money; }
    FigureTable *capacity() const { return m_capacity; }
    FigureTable *payments() const { return m_payments; }
    FigureTable *unmatched() const { return m_unmatched; }
    RevenueChart *channelChart() const { return m_byChannel; }
    RevenueChart *categoryChart() const { return m_byCategory; }
    QString unmatchedText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QLabel *caption(FigureTable *table);

    QLabel *m_captions[6];
    FigureTable *m_totals;
    FigureTable *m_tickets;
    FigureTable *m_money;
    FigureTable *m_capacity;
    FigureTable *m_payments;
    FigureTable *m_unmatched;
    QLabel *m_unmatchedNote;
    RevenueChart *m_byChannel;
    RevenueChart *m_byCategory;
    QJsonObject m_report;
};

} // namespace boxoffice::app
