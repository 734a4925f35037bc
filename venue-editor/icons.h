// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>

namespace boxoffice::editor {

/// The editor's toolbar icons, drawn in code so they stay crisp at any size and need no files.
QIcon toolIcon(const QString &name);

} // namespace boxoffice::editor
