// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace boxoffice::app {

/// What became of the manager's last change on a map page: green when it was done, red when it
/// was refused. Hidden while empty; selectable, so that the seats it names can be copied.
class NoticeLabel : public QLabel
{
    Q_OBJECT
public:
    explicit NoticeLabel(QWidget *parent = nullptr);

    void showNotice(const QString &text, bool problem);
};

} // namespace boxoffice::app
