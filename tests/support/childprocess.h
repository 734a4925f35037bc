// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>

#include <csignal>
#include <sys/prctl.h>

namespace boxoffice::test {

/// Makes the process started by `process` get SIGTERM when the test dies (a crash or a ctest
/// timeout would otherwise leave servers running against the test cluster).
inline void endWithTest(QProcess &process)
{
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
}

} // namespace boxoffice::test
