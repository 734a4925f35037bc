// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>

namespace boxoffice::server::domain {

/// This app server's wall clock. BOXOFFICE_TEST_CLOCK_SKEW_MS (tests only) shifts it, so that a
/// test can show what must not depend on it agreeing with PostgreSQL's clock.
inline QDateTime serverNowUtc()
{
    static const qint64 skewMs = qEnvironmentVariableIntValue("BOXOFFICE_TEST_CLOCK_SKEW_MS");
    return QDateTime::currentDateTimeUtc().addMSecs(skewMs);
}

} // namespace boxoffice::server::domain
