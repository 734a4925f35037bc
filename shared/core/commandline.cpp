// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

namespace boxoffice::core {

bool isConsoleInvocation(int argc, char **argv, const QStringList &extraFlags)
{
    const QStringList consoleFlags = QStringList{QStringLiteral("-h"),
                                                 QStringLiteral("--help"),
                                                 QStringLiteral("-v"),
                                                 QStringLiteral("--version")}
                                     + extraFlags;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        if (consoleFlags.contains(arg.section(QLatin1Char('='), 0, 0)))
            return true;
    }
    return false;
}

} // namespace boxoffice::core
