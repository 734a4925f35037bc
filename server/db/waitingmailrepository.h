// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mailoutbox.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A waiting-list offer mail claimed for sending, with what it tells.
struct WaitingMailJob
{
    qint64 id = 0;
    QString kind; ///< offer
    QString recipient;
    QString locale;
    QString name;
    int attempts = 0;
    int interrupted = 0;
    QString eventId;
    QString eventTitle;
    QString startsAt;   ///< ISO 8601, UTC
    QString timeZone;   ///< the venue's zone; empty: UTC
    QString expiresAt;  ///< the offer's end, ISO 8601, UTC
    QStringList places; ///< section, row, number of each seat offered ("S1|3|7")
};

/// The offer mails' outbox (`waiting_mails`, migration 0120), with the lease and retry rules of
/// the transfer mails.
class WaitingMailRepository : public MailOutbox<WaitingMailRepository>
{
public:
    static std::optional<WaitingMailJob> claim(Tx &tx, int leaseSeconds);
};

} // namespace boxoffice::server::db
