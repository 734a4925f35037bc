// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace boxoffice::server {

/// A KEY=value settings file (/etc/boxoffice/server.conf): the syntax of systemd's
/// EnvironmentFile=, so one file serves the unit, `serve --config` and `check-config`.
struct ConfigFile
{
    struct Entry
    {
        int line = 0;
        QString key;
        QString value;
    };
    QList<Entry> entries;
    QString error;        ///< the file cannot be read
    QStringList warnings; ///< lines that are not settings

    static ConfigFile read(const QString &path);
    /// Sets each entry's variable unless the environment already has it (the environment wins).
    void applyToEnvironment() const;
};

} // namespace boxoffice::server
