// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace boxoffice::app {

/// A refusal shown under the field it is about: red, wrapped, hidden while there is none. The
/// field's accessible description carries it too, for screen readers.
class FieldError : public QLabel
{
    Q_OBJECT
public:
    FieldError(QWidget *field, const QString &objectName, QWidget *parent);

    void showProblem(const QString &text);
    void clearProblem();

private:
    QWidget *m_field;
};

} // namespace boxoffice::app
