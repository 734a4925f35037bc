// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace boxoffice::app {

/// Session → Printers and drawer: this workstation's drawer name, the receipt printer (PDF or
/// ESC/POS with the drawer kick) and the ticket printer (PDF, Boca FGL or ESC/POS), each with
/// its address (host:9100 or a device such as /dev/usb/lp0).
class CounterSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CounterSettingsDialog(QWidget *parent = nullptr);

    /// Stores what the form shows.
    void save();

private:
    void updateState();

    QLineEdit *m_drawer;
    QComboBox *m_receiptKind;
    QLineEdit *m_receiptTarget;
    QCheckBox *m_kick;
    QComboBox *m_ticketKind;
    QLineEdit *m_ticketTarget;
};

} // namespace boxoffice::app
