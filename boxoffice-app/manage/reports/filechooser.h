// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace boxoffice::app {

/// Asks where to save a file: (dialog title, suggested file name, name filter) -> the chosen
/// path, empty when the person cancelled. The reports use a save dialog; tests answer directly.
using FileChooser = std::function<QString(const QString &, const QString &, const QString &)>;

/// The save dialog (QFileDialog), in the documents folder, parented to `parent`.
FileChooser saveDialog(QWidget *parent);

} // namespace boxoffice::app
