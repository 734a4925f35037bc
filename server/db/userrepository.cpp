// SPDX-License-Identifier: GPL-3.0-or-later
#include "userrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define USER_COLUMNS \
    "id, username, password_hash, role, email, display_name, locale, disabled," \
    " email_verified_at IS NOT NULL, session_version"

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

const Statement
    kMarkVerified{"user_mark_verified",
                  "UPDATE users SET email_verified_at = coalesce(email_verified_at, now())"
                  " WHERE id = $1 RETURNING " USER_COLUMNS};
const Statement kResetPassword{"user_reset_password",
                               "UPDATE users SET password_hash = $2,"
                               " session_version = nextval('session_versions'),"
                               " sessions_reset_at = now(),"
                               " email_verified_at = coalesce(email_verified_at, now())"
                               " WHERE id = $1 RETURNING " USER_COLUMNS};
// A reset's row carries its transaction's start time but may commit a little later: the look
// goes back a minute before the last one (versions only grow, so seeing one twice is harmless).
const Statement kResetsSince{
    "user_resets_since",
    "SELECT username, session_version, (extract(epoch FROM now()) * 1000)::bigint FROM users"
    " WHERE sessions_reset_at > to_timestamp($1::bigint / 1000.0) - interval '1 minute'"
    // An erased account's sessions, under the name its tokens carry (migration 0130).
    " UNION ALL SELECT subject, session_version, (extract(epoch FROM now()) * 1000)::bigint"
    " FROM ended_sessions WHERE ended_at > to_timestamp($1::bigint / 1000.0) - interval '1 minute'"
    " UNION ALL SELECT NULL, NULL, (extract(epoch FROM now()) * 1000)::bigint"};

const Statement kForgetEnded{"user_forget_ended_sessions",
                             "DELETE FROM ended_sessions WHERE keep_until < now()"};

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
                   row[7].as<bool>(),
                   row[8].as<bool>(),
                   row[9].as<int>()};
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

std::optional<UserRow> UserRepository::markVerified(Tx &tx, qint64 id)
{
    const auto result = exec(tx, kMarkVerified, id);
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

std::optional<UserRow> UserRepository::resetPassword(Tx &tx, qint64 id, const QByteArray &hash)
{
    const auto result = exec(tx, kResetPassword, id, hash.toStdString());
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

QList<SessionReset> UserRepository::sessionResetsSince(Tx &tx, qint64 sinceMs, qint64 *nowMs)
{
    QList<SessionReset> out;
    for (const auto &row : exec(tx, kResetsSince, sinceMs)) {
        if (nowMs)
            *nowMs = row[2].as<qint64>();
        if (!row[0].is_null())
            out.append(SessionReset{qstr(row[0]), row[1].as<int>()});
    }
    return out;
}

void UserRepository::forgetEndedSessions(Tx &tx)
{
    exec(tx, kForgetEnded);
}

} // namespace boxoffice::server::db
