// SPDX-License-Identifier: GPL-3.0-or-later
#include "noticelabel.h"

namespace boxoffice::app {

NoticeLabel::NoticeLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    hide();
}

void NoticeLabel::showNotice(const QString &text, bool problem)
{
    setText(text);
    setStyleSheet(problem ? QStringLiteral("color: #8b0000; background: #fdecea; padding: 6px;")
                          : QStringLiteral("color: #1b5e20; background: #e8f5e9; padding: 6px;"));
    setVisible(!text.isEmpty());
    setAccessibleDescription(text);
}

} // namespace boxoffice::app
