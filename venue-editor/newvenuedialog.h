// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;

namespace boxoffice::editor {

/// Asks for a new venue's name and size (in centimetres) in one form.
class NewVenueDialog : public QDialog
{
    Q_OBJECT
public:
    explicit NewVenueDialog(QWidget *parent = nullptr);

    QString name() const;
    QSizeF size() const;

private:
    QLineEdit *m_name;
    QDoubleSpinBox *m_width;
    QDoubleSpinBox *m_height;
};

} // namespace boxoffice::editor
