#include "userrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kFind{"user_find",
                      "SELECT id, username, password_hash, role FROM users WHERE username = $1"};
const Statement
    kUpsert{"user_upsert",
            "INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3)"
            " ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash,"
            " role = EXCLUDED.role"};

} // namespace

std::optional<UserRow> UserRepository::findByName(Tx &tx, const QString &username)
{
    const auto result = exec(tx, kFind, str(username));
    if (result.empty())
        return std::nullopt;
    const auto row = result[0];
    return UserRow{row[0].as<qint64>(), qstr(row[1]), qstr(row[2]).toUtf8(), qstr(row[3])};
}

void UserRepository::upsert(Tx &tx,
                            const QString &username,
                            const QByteArray &hash,
                            const QString &role)
{
    exec(tx, kUpsert, str(username), hash.toStdString(), str(role));
}

} // namespace boxoffice::server::db
