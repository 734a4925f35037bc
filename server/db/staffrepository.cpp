// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define UTC_MS(column) "to_char(" column " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
#define STAFF_COLUMNS \
    "id, username, role, disabled, " UTC_MS("created_at") ", " UTC_MS("last_sign_in_at")
#define STAFF_ROLES "('door', 'clerk', 'manager', 'admin')"

const Statement kList{"staff_list",
                      "SELECT " STAFF_COLUMNS " FROM users WHERE role IN " STAFF_ROLES
                      " ORDER BY id"};
const Statement kInsert{"staff_insert",
                        "INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3)"
                        " ON CONFLICT DO NOTHING RETURNING " STAFF_COLUMNS};
const Statement kLock{"staff_lock",
                      "SELECT " STAFF_COLUMNS " FROM users WHERE id = $1 AND role IN " STAFF_ROLES
                      " FOR UPDATE"};
// NULL parameters leave their column as it is.
const Statement kUpdate{"staff_update",
                        "UPDATE users SET disabled = coalesce($2, disabled),"
                        " role = coalesce($3, role), password_hash = coalesce($4, password_hash)"
                        " WHERE id = $1 RETURNING " STAFF_COLUMNS};
const Statement kRecordSignIn{"staff_record_sign_in",
                              "WITH signed AS (UPDATE users SET last_sign_in_at = now()"
                              " WHERE id = $1 RETURNING id)"
                              " INSERT INTO staff_sign_ins (user_id, username, address)"
                              " SELECT id, $2, left($3, 100) FROM signed"};
const Statement kSignIns{"staff_sign_ins",
                         "SELECT username, " UTC_MS("at") ", address FROM staff_sign_ins"
                                                          " ORDER BY at DESC, id DESC LIMIT $1"};
const Statement kState{"staff_state", "SELECT role, disabled FROM users WHERE username = $1"};

#undef STAFF_ROLES
#undef STAFF_COLUMNS
#undef UTC_MS

QDateTime timeOf(const pqxx::field &field)
{
    return field.is_null() ? QDateTime() : QDateTime::fromString(qstr(field), Qt::ISODateWithMs);
}

StaffRow rowFrom(const pqxx::row &row)
{
    return StaffRow{row[0].as<qint64>(),
                    qstr(row[1]),
                    qstr(row[2]),
                    row[3].as<bool>(),
                    timeOf(row[4]),
                    timeOf(row[5])};
}

std::optional<std::string> optionalText(const std::optional<QString> &value)
{
    return value ? std::optional<std::string>(value->toStdString()) : std::nullopt;
}

} // namespace

QList<StaffRow> StaffRepository::list(Tx &tx)
{
    QList<StaffRow> rows;
    for (const auto &row : exec(tx, kList))
        rows.append(rowFrom(row));
    return rows;
}

std::optional<StaffRow> StaffRepository::insert(Tx &tx,
                                                const QString &username,
                                                const QByteArray &passwordHash,
                                                const QString &role)
{
    const auto result = exec(tx, kInsert, str(username), passwordHash.toStdString(), str(role));
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

std::optional<StaffRow> StaffRepository::lock(Tx &tx, qint64 id)
{
    const auto result = exec(tx, kLock, id);
    if (result.empty())
        return std::nullopt;
    return rowFrom(result[0]);
}

StaffRow StaffRepository::update(Tx &tx, qint64 id, const StaffChange &change)
{
    const std::optional<std::string> hash = change.passwordHash ? std::optional<std::string>(
                                                change.passwordHash->toStdString())
                                                                : std::nullopt;
    return rowFrom(exec(tx, kUpdate, id, change.disabled, optionalText(change.role), hash).at(0));
}

void StaffRepository::recordSignIn(Tx &tx,
                                   qint64 userId,
                                   const QString &username,
                                   const QString &address)
{
    exec(tx, kRecordSignIn, userId, str(username), str(address));
}

QList<SignInRow> StaffRepository::signIns(Tx &tx, int limit)
{
    QList<SignInRow> rows;
    for (const auto &row : exec(tx, kSignIns, limit))
        rows.append(SignInRow{qstr(row[0]), timeOf(row[1]), qstr(row[2])});
    return rows;
}

std::optional<AccountState> StaffRepository::state(Tx &tx, const QString &username)
{
    const auto result = exec(tx, kState, str(username));
    if (result.empty())
        return std::nullopt;
    return AccountState{qstr(result[0][0]), result[0][1].as<bool>()};
}

} // namespace boxoffice::server::db
