// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::server::domain {

/// A mailed link's secret: 32 random bytes as base64url (what the fan gets) and its SHA-256
/// (all the database keeps).
struct LinkToken
{
    QString token;
    QByteArray hash;

    static LinkToken generate();
    /// The hash a presented token is looked up by.
    static QByteArray hashOf(const QString &token);
};

/// How long links live and how often one may be mailed: BOXOFFICE_VERIFY_LINK_SECONDS (48 h),
/// BOXOFFICE_RESET_LINK_SECONDS (1 h), BOXOFFICE_LINK_COOLDOWN_SECONDS (60: a newer request
/// within this does nothing, so nobody can flood an inbox), BOXOFFICE_TRANSFER_LINK_SECONDS
/// (72 h: a ticket transfer's acceptance link).
struct LinkSettings
{
    qint64 verifySeconds = 48 * 3600;
    qint64 resetSeconds = 3600;
    qint64 cooldownSeconds = 60;
    qint64 transferSeconds = 72 * 3600;

    static LinkSettings fromEnvironment();
};

} // namespace boxoffice::server::domain
