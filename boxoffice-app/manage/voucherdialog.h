// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QJsonObject>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace boxoffice::app {

/// A new promo code for one event: the code, what it takes off (a percentage, an amount, or a
/// fixed price), for which ticket type, how often it may be used in all and per fan, and the
/// allocation whose held-back seats it opens to whoever has it (a fan club's access code).
class VoucherDialog : public QDialog
{
    Q_OBJECT
public:
    /// `types`: the event's ticket types (id -> name) a code may be limited to.
    VoucherDialog(const QString &eventId,
                  const QList<QPair<QString, QString>> &types,
                  QWidget *parent = nullptr);

    /// The POST /vouchers body.
    QJsonObject voucher() const;

    QLineEdit *code() const { return m_code; }
    QComboBox *kind() const { return m_kind; }
    QDoubleSpinBox *value() const { return m_value; }
    QSpinBox *maxUses() const { return m_maxUses; }
    QSpinBox *maxPerFan() const { return m_perFan; }
    QComboBox *type() const { return m_type; }
    QLineEdit *allocation() const { return m_allocation; }

private:
    void showKind();

    QString m_eventId;
    QLineEdit *m_code;
    QComboBox *m_kind;
    QDoubleSpinBox *m_value;
    QComboBox *m_type;
    QSpinBox *m_maxUses;
    QSpinBox *m_perFan;
    QLineEdit *m_allocation;
};

} // namespace boxoffice::app
