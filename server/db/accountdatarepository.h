// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::server::db {

class Tx;

/// What GET /me/data gathers about one fan (docs/privacy.md): each part a JSON array built by
/// PostgreSQL, at most kLimit rows each (a fan's own records: a bound never reached in use).
class AccountDataRepository
{
public:
    static constexpr int kLimit = 10000;

    /// The account's row as JSON (an object), or empty when `subject` has none.
    static QByteArray account(Tx &tx, const QString &subject);
    static QByteArray orders(Tx &tx, const QString &subject);
    static QByteArray tickets(Tx &tx, const QString &subject);
    static QByteArray holds(Tx &tx, const QString &subject);
    /// The fan's places on waiting lists (JSON array).
    static QByteArray waitingList(Tx &tx, const QString &subject);
    static QByteArray transfersGiven(Tx &tx, const QString &subject);
    static QByteArray transfersReceived(Tx &tx, const QString &subject);
    /// The mails sent or queued to the fan: what kind, when (never their links).
    static QByteArray mails(Tx &tx, const QString &subject, const QString &email);
};

} // namespace boxoffice::server::db
