// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTest>

#include <string>

namespace boxoffice::test {

/// The value of a variable that scripts/services exports; an empty result means the test must
/// fail loudly (never skip), because CI is meant to prove the services run.
inline std::string requiredEnv(const char *name)
{
    const QByteArray value = qgetenv(name);
    if (value.isEmpty())
        qCritical("%s is not set: start the services with `scripts/services start` and "
                  "`eval \"$(scripts/services env)\"`, or run scripts/test",
                  name);
    return value.toStdString();
}

} // namespace boxoffice::test
