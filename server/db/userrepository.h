#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A staff account row.
struct UserRow
{
    qint64 id = 0;
    QString username;
    QByteArray passwordHash;
    QString role;
};

/// Staff accounts (table `users`).
class UserRepository
{
public:
    static std::optional<UserRow> findByName(Tx &tx, const QString &username);
    /// Inserts or, when the name exists, replaces password and role.
    static void upsert(Tx &tx, const QString &username, const QByteArray &hash, const QString &role);
};

} // namespace boxoffice::server::db
