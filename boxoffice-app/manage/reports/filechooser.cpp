// SPDX-License-Identifier: GPL-3.0-or-later
#include "filechooser.h"

#include <QDir>
#include <QFileDialog>
#include <QStandardPaths>

namespace boxoffice::app {

FileChooser saveDialog(QWidget *parent)
{
    return [parent](const QString &title, const QString &name, const QString &filter) {
        const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        return QFileDialog::getSaveFileName(parent, title, QDir(folder).filePath(name), filter);
    };
}

} // namespace boxoffice::app
