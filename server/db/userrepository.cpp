// SPDX-License-Identifier: GPL-3.0-or-later
#include "userrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define USER_COLUMNS "id, username, password_hash, role, email, display_name, locale, disabled"

const Statement kFind{"user_find", "SELECT " USER_COLUMNS " FROM users WHERE username = $1"};
const Statement kFindByEmail{"user_find_email",
                             "SELECT " USER_COLUMNS " FROM users WHERE lower(email) = lower($1)"};
const Statement
    kUpsert{"user_upsert",
            "INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3)"
            " ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash,"
            " role = EXCLUDED.role"};
const Statement kInsertFan{"user_insert_fan",
                           "INSERT INTO users (username, password_hash, role, email, display_name,"
                           " locale) VALUES (lower($1), $2, 'fan', $1, $3, $4)"
                           " ON CONFLICT DO NOTHING RETURNING " USER_COLUMNS};

#undef USER_COLUMNS

UserRow rowFrom(const pqxx::row &row)
{
    return UserRow{row[0].as<qint64>(),
                   qstr(row[1]),
                   qstr(row[2]).toUtf8(),
                   qstr(row[3]),
                   qstr(row[4]),
                   qstr(row[5]),
                   qstr(row[6]),
                   row[7].as<bool>()};
}

} // namespace

std::optional<UserRow> UserRepository::findByName(Tx &tx, const QString &username)
{
    const auto result = exec(tx, kFind, str(username));
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

std::optional<UserRow> UserRepository::findByEmail(Tx &tx, const QString &email)
{
    const auto result = exec(tx, kFindByEmail, str(email));
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

void UserRepository::upsert(Tx &tx,
                            const QString &username,
                            const QByteArray &hash,
                            const QString &role)
{
    exec(tx, kUpsert, str(username), hash.toStdString(), str(role));
}

std::optional<UserRow> UserRepository::insertFan(Tx &tx, const NewFan &fan)
{
    const auto result = exec(tx,
                             kInsertFan,
                             str(fan.email),
                             fan.passwordHash.toStdString(),
                             str(fan.name),
                             str(fan.locale));
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

} // namespace boxoffice::server::db
