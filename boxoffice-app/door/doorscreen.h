// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doorstation.h"

#include <QTimer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice::app {

/// The full-screen door: one line takes what a USB barcode scanner types (a code and Enter)
/// or what a person types; a big green VALID with the seat, or a red reason; online/offline
/// and the revocation list's age always in view; F2 switches entry and exit.
class DoorScreen : public QWidget
{
    Q_OBJECT
public:
    explicit DoorScreen(DoorStation &station, QWidget *parent = nullptr);

    /// The last verdict's headline ("VALID", "ALREADY USED", ...), for tests.
    QString headline() const;
    QString detail() const;
    QString modeText() const;

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void show(const DoorVerdict &verdict);
    void updateMode();
    void toggleDirection();
    void retranslate();

    DoorStation &m_station;
    QLabel *m_event;
    QLabel *m_mode;
    QLabel *m_list;
    QPushButton *m_direction;
    QLabel *m_headline;
    QLabel *m_detail;
    QLabel *m_doubles;
    QLineEdit *m_code;
    QLabel *m_hint;
    QTimer m_ageTimer;
};

} // namespace boxoffice::app
