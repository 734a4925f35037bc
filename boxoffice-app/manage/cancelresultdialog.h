// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QJsonObject>

class QTableWidget;

namespace boxoffice::app {

/// What cancelling did (POST /events/{id}/cancel's answer): refunds queued, tickets revoked,
/// buyers mailed, and the counter's orders to pay back, one per row.
class CancelResultDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CancelResultDialog(const QJsonObject &result, QWidget *parent = nullptr);

    QTableWidget *counterOrders() const { return m_orders; }

private:
    QTableWidget *m_orders;
};

} // namespace boxoffice::app
