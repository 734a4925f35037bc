// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace boxoffice::app {

/// Shown in the checkout when cash is taken and no shift is open: the clerk counts the float and
/// opens the shift right there, then goes on with the same sale.
class OpenShiftPanel : public QWidget
{
    Q_OBJECT
public:
    OpenShiftPanel(const QString &currency, QWidget *parent = nullptr);

    void setBusy(bool busy);
    void showError(const QString &message);
    qint64 floatCents() const;
    void setFloat(qint64 cents);

Q_SIGNALS:
    void openRequested(qint64 floatCents);

private:
    QDoubleSpinBox *m_float;
    QPushButton *m_open;
    QLabel *m_message;
};

} // namespace boxoffice::app
