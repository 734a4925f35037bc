// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

class QProcess;

namespace boxoffice::server::embedded {

/// The unprivileged system user `boxoffice` that runs the embedded PostgreSQL and Redis when the
/// server itself runs as root (PostgreSQL refuses to run as root).
class ServiceUser
{
public:
    /// True when the embedded services must run as the service user (we are root).
    static bool needed();
    static QString name();

    /// Creates the user if missing, gives it `dir` and checks it can reach it. Returns an empty
    /// string on success, else what is wrong: a directory under a private parent (say /root)
    /// would otherwise only show as a service that never answers.
    static QString prepare(const QString &dir);

    /// Starts `program` in `process`, as the service user when needed().
    static void start(QProcess &process, const QString &program, const QStringList &arguments);
};

} // namespace boxoffice::server::embedded
