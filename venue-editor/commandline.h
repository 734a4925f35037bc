// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace boxoffice::editor {

/// The editor's console commands (no display needed): --validate, --generate, --export-svg,
/// --import-pretix. Returns the exit code, or -1 when the arguments ask for the GUI.
int runCommandLine(const QStringList &arguments);

/// Flags that make the editor a console program (see core::isConsoleInvocation).
QStringList consoleFlags();

} // namespace boxoffice::editor
