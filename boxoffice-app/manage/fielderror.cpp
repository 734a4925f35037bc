// SPDX-License-Identifier: GPL-3.0-or-later
#include "fielderror.h"

namespace boxoffice::app {

FieldError::FieldError(QWidget *field, const QString &objectName, QWidget *parent)
    : QLabel(parent)
    , m_field(field)
{
    setObjectName(objectName);
    setWordWrap(true);
    setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
    hide();
}

void FieldError::showProblem(const QString &text)
{
    setText(text);
    setVisible(!text.isEmpty());
    m_field->setAccessibleDescription(text);
}

void FieldError::clearProblem()
{
    showProblem({});
}

} // namespace boxoffice::app
