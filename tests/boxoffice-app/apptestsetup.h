// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace boxoffice::test {

/// Settings in a test location (cleared), tickets printed under `dir`; returns the folder for
/// screenshots (under the build directory, where a reviewer looks for them).
inline QString setUpAppTest(const QString &applicationName, const QTemporaryDir &dir)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-test"));
    QCoreApplication::setApplicationName(applicationName);
    QSettings().clear();
    qputenv("BOXOFFICE_PRINT_DIR", dir.filePath(QStringLiteral("print")).toUtf8());
    const QString screenshots = qEnvironmentVariable("BOXOFFICE_BUILD_DIR", dir.path())
                                + QStringLiteral("/screenshots");
    QDir().mkpath(screenshots);
    return screenshots;
}

} // namespace boxoffice::test
