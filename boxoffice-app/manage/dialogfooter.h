// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QDialog;
class QLabel;
class QProgressBar;
class QPushButton;

namespace boxoffice::app {

/// The bottom of the staff dialogs: a banner for a refusal that names no field, a busy bar, and
/// the dialog's default button beside Cancel (Esc). The button sends submitted(), Cancel rejects
/// the dialog.
class DialogFooter : public QWidget
{
    Q_OBJECT
public:
    /// `bannerName` and `buttonName` are the object names tests and screen readers find them by.
    DialogFooter(const QString &bannerName,
                 const QString &buttonName,
                 const QString &buttonText,
                 QDialog *dialog);

    QPushButton *button() const { return m_button; }
    QString bannerText() const;
    void showBanner(const QString &text);
    void hideBanner();
    /// Hides the banner and forgets its text.
    void clearBanner();
    /// Shows or hides the busy bar.
    void setBusy(bool busy);

Q_SIGNALS:
    /// The button (or Enter) asked to send the dialog.
    void submitted();

private:
    QLabel *m_banner;
    QProgressBar *m_progress;
    QPushButton *m_button;
};

} // namespace boxoffice::app
