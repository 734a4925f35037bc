// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QDialog>

class QDateTimeEdit;
class QLineEdit;

namespace boxoffice::app {

/// Asks the title and the start (venue time) of a copy of an event.
class DuplicateDialog : public QDialog
{
    Q_OBJECT
public:
    /// Proposes "`title` (copy)" a week after `startsAt` (UTC), shown in `zone`.
    DuplicateDialog(const QString &title,
                    const QDateTime &startsAt,
                    const QString &zone,
                    QWidget *parent = nullptr);

    QString title() const;
    /// The chosen start as an instant (UTC).
    QDateTime startsAt() const;
    QLineEdit *titleEdit() const { return m_title; }
    QDateTimeEdit *startEdit() const { return m_starts; }

private:
    QString m_zone;
    QLineEdit *m_title;
    QDateTimeEdit *m_starts;
};

} // namespace boxoffice::app
