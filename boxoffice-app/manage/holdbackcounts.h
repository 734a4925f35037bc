// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "holdbacklist.h"

#include <QTableWidget>

namespace boxoffice::app {

/// The counts beside the hold-back map: one line for kills, one for house seats and one per
/// allocation (with its "counter may sell" check box).
class HoldbackCounts : public QTableWidget
{
    Q_OBJECT
public:
    enum Column { Kind, Seats, CounterSale };

    explicit HoldbackCounts(QWidget *parent = nullptr);

    void setList(const HoldbackList &list);
    /// The kind and allocation name of the current line (empty when none).
    QPair<QString, QString> currentKind() const;
    /// The line of `kind` / `allocation`, or -1.
    int rowOf(const QString &kind, const QString &allocation = {}) const;
    void retranslate();

Q_SIGNALS:
    /// The manager ticked or cleared an allocation's "counter may sell".
    void counterSaleToggled(const QString &allocation, bool allowed);

private:
    void addLine(const QString &kind, const QString &allocation, int seats, int counterSale);

    HoldbackList m_list;
    bool m_filling = false;
};

} // namespace boxoffice::app
