// SPDX-License-Identifier: GPL-3.0-or-later
#include "numberingschemebox.h"

#include <QEvent>

namespace boxoffice::editor {

NumberingSchemeBox::NumberingSchemeBox(QWidget *parent)
    : QComboBox(parent)
{
    addItems(QStringList(4, QString()));
    retranslate();
}

void NumberingSchemeBox::retranslate()
{
    const QStringList schemes{tr("Left to right"),
                              tr("Right to left"),
                              tr("Odd/even from centre"),
                              tr("Even/odd from centre")};
    for (int i = 0; i < schemes.size(); ++i)
        setItemText(i, schemes.at(i));
}

void NumberingSchemeBox::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QComboBox::changeEvent(event);
}

} // namespace boxoffice::editor
