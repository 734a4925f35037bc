// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace boxoffice::core {

/// True when the arguments ask only for console output (--help, --version or one of `extraFlags`),
/// so a GUI program can answer without creating a QApplication or needing a display.
bool isConsoleInvocation(int argc, char **argv, const QStringList &extraFlags = {});

} // namespace boxoffice::core
