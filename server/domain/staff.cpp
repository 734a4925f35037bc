// SPDX-License-Identifier: GPL-3.0-or-later
#include "staff.h"

#include "auth/passwordhasher.h"
#include "auth/passwordpolicy.h"
#include "db/auditrepository.h"
#include "db/database.h"
#include "db/staffrepository.h"

#include <QRegularExpression>

namespace boxoffice::server::domain {

namespace {

// Lower-case letters, digits, '.', '_' and '-': no '@', so a staff name never looks like a
// fan's (an email), and no case twins ("Ana" beside "ana").
void checkUsername(const QString &username)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9._-]{1,63}$"));
    if (!pattern.match(username).hasMatch())
        throw Error::invalidField(QStringLiteral("username"),
                                  QStringLiteral(
                                      "`username` must be 2-64 lower-case letters, digits, "
                                      "'.', '_' or '-', starting with a letter or digit"));
}

// door, clerk, manager; admin only from an admin.
void checkRole(const Principal &caller, const QString &role)
{
    const auto parsed = auth::roleFromString(role);
    if (!parsed || *parsed == auth::Role::Fan)
        throw Error::invalidField(QStringLiteral("role"),
                                  QStringLiteral("`role` must be clerk, manager or door"));
    if (*parsed == auth::Role::Admin && caller.role != auth::Role::Admin)
        throw Error(ErrorCode::Forbidden, QStringLiteral("only an admin may make an admin"));
}

QByteArray hashed(const QString &password, const QString &username)
{
    const QString weakness = auth::PasswordPolicy::weakness(password, username);
    if (!weakness.isEmpty())
        throw Error::invalidField(QStringLiteral("password"), weakness);
    return auth::PasswordHasher::hash(password.toUtf8());
}

StaffMember memberOf(const db::StaffRow &row)
{
    return StaffMember{row.id, row.username, row.role, row.disabled, row.createdAt, row.lastSignInAt};
}

// Runs `body`, turning the rule it throws into the Result's refusal.
template<class T, class Body>
Result<T> refusing(Body &&body)
{
    try {
        return body();
    } catch (const Error &error) {
        return error;
    }
}

} // namespace

StaffService::StaffService(db::Database &database)
    : m_database(database)
{}

Result<QList<StaffMember>> StaffService::list()
{
    QList<StaffMember> members;
    m_database.transact([&](db::Tx &tx) {
        for (const db::StaffRow &row : db::StaffRepository::list(tx))
            members.append(memberOf(row));
    });
    return members;
}

Result<StaffMember> StaffService::create(const Principal &caller, const NewStaff &account)
{
    return refusing<StaffMember>([&] {
        checkUsername(account.username);
        checkRole(caller, account.role);
        // scrypt before the transaction: it must not hold a connection while it works.
        const QByteArray hash = hashed(account.password, account.username);
        std::optional<db::StaffRow> created;
        m_database.transact([&](db::Tx &tx) {
            created = db::StaffRepository::insert(tx, account.username, hash, account.role);
            if (!created)
                throw Error(ErrorCode::UsernameTaken,
                            QStringLiteral("the username `%1` is taken").arg(account.username));
            db::AuditRepository::record(tx,
                                        {0,
                                         {},
                                         caller.subject,
                                         QStringLiteral("staff.create"),
                                         {},
                                         QString::number(created->id),
                                         {},
                                         {{QStringLiteral("username"), created->username},
                                          {QStringLiteral("role"), created->role},
                                          {QStringLiteral("disabled"), false}}});
        });
        return memberOf(*created);
    });
}

Result<StaffMember> StaffService::update(const Principal &caller, qint64 id, const StaffPatch &patch)
{
    return refusing<StaffMember>([&] {
        if (patch.role)
            checkRole(caller, *patch.role);
        db::StaffChange change;
        change.disabled = patch.disabled;
        change.role = patch.role;
        if (patch.password) {
            // The policy compares the password with the username: read it first (it never
            // changes), then hash outside the transaction that changes the row.
            std::optional<db::StaffRow> current;
            m_database.transact([&](db::Tx &tx) { current = db::StaffRepository::lock(tx, id); });
            if (!current)
                throw Error(ErrorCode::NotFound, QStringLiteral("no such staff account"));
            change.passwordHash = hashed(*patch.password, current->username);
        }
        std::optional<db::StaffRow> after;
        m_database.transact([&](db::Tx &tx) {
            // Locked: two managers changing one account at once take turns, and each audit
            // line's `before` is what the other left.
            const std::optional<db::StaffRow> before = db::StaffRepository::lock(tx, id);
            if (!before)
                throw Error(ErrorCode::NotFound, QStringLiteral("no such staff account"));
            if (before->role == u"admin" && caller.role != auth::Role::Admin)
                throw Error(ErrorCode::Forbidden,
                            QStringLiteral("only an admin may change an admin's account"));
            const bool self = before->username == caller.subject;
            if (self && change.disabled.value_or(false))
                throw Error(ErrorCode::Forbidden,
                            QStringLiteral("you cannot disable your own account"));
            if (self && change.role && *change.role != before->role)
                throw Error(ErrorCode::Forbidden, QStringLiteral("you cannot change your own role"));
            QVariantMap was{{QStringLiteral("username"), before->username}};
            QVariantMap now{{QStringLiteral("username"), before->username}};
            if (change.disabled && *change.disabled != before->disabled) {
                was.insert(QStringLiteral("disabled"), before->disabled);
                now.insert(QStringLiteral("disabled"), *change.disabled);
            }
            if (change.role && *change.role != before->role) {
                was.insert(QStringLiteral("role"), before->role);
                now.insert(QStringLiteral("role"), *change.role);
            }
            if (change.passwordHash)
                now.insert(QStringLiteral("password_changed"), true);
            if (now.size() == 1) { // nothing changes: no write, no audit line
                after = before;
                return;
            }
            after = db::StaffRepository::update(tx, id, change);
            db::AuditRepository::record(tx,
                                        {0,
                                         {},
                                         caller.subject,
                                         QStringLiteral("staff.update"),
                                         {},
                                         QString::number(id),
                                         was,
                                         now});
        });
        return memberOf(*after);
    });
}

Result<QList<StaffSignIn>> StaffService::signIns(int limit)
{
    QList<StaffSignIn> out;
    m_database.transact([&](db::Tx &tx) {
        for (const db::SignInRow &row : db::StaffRepository::signIns(tx, limit))
            out.append(StaffSignIn{row.username, row.at, row.address});
    });
    return out;
}

} // namespace boxoffice::server::domain
