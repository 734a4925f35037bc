// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountdata.h"

#include "ruletransaction.h"
#include "sessionrevocations.h"

#include "auth/passwordhasher.h"
#include "db/accountdatarepository.h"
#include "db/accounterasurerepository.h"
#include "db/database.h"
#include "db/userrepository.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::server::domain {

namespace {

using db::AccountDataRepository;

QJsonValue parsed(const QByteArray &json)
{
    if (json.isEmpty())
        return QJsonValue::Null;
    const QJsonDocument document = QJsonDocument::fromJson(json);
    if (document.isObject())
        return document.object();
    return document.array();
}

Error staffRefused()
{
    return Error(ErrorCode::Forbidden,
                 QStringLiteral("staff accounts are managed by a manager, not here"));
}

} // namespace

AccountData::AccountData(db::Database &database,
                         SessionRevocations &revocations,
                         qint64 tokenLifetimeSeconds)
    : m_database(database)
    , m_revocations(revocations)
    , m_tokenLifetimeSeconds(tokenLifetimeSeconds)
{}

Result<QJsonObject> AccountData::exportFor(const Principal &caller)
{
    if (caller.role != auth::Role::Fan)
        return staffRefused();
    QJsonObject out{{QStringLiteral("format"), QStringLiteral("boxoffice.personal-data/1")},
                    {QStringLiteral("generated_at"),
                     QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    // One snapshot: the parts agree with each other.
    m_database.transact([&](db::Tx &tx) {
        const QJsonValue account = parsed(AccountDataRepository::account(tx, caller.subject));
        out.insert(u"account", account);
        out.insert(u"orders", parsed(AccountDataRepository::orders(tx, caller.subject)));
        out.insert(u"tickets", parsed(AccountDataRepository::tickets(tx, caller.subject)));
        out.insert(u"holds", parsed(AccountDataRepository::holds(tx, caller.subject)));
        out.insert(u"waiting_list", parsed(AccountDataRepository::waitingList(tx, caller.subject)));
        out.insert(u"transfers",
                   QJsonObject{{QStringLiteral("given"),
                                parsed(AccountDataRepository::transfersGiven(tx, caller.subject))},
                               {QStringLiteral("received"),
                                parsed(AccountDataRepository::transfersReceived(tx,
                                                                                caller.subject))}});
        const QString email = account.toObject().value(u"email").toString(caller.subject);
        out.insert(u"mails", parsed(AccountDataRepository::mails(tx, caller.subject, email)));
    });
    // Kept by nobody: the shop asks for no consents and records no sign-ins of fans.
    out.insert(u"consents", QJsonArray{});
    out.insert(u"sign_ins", QJsonArray{});
    return out;
}

Result<bool> AccountData::erase(const Principal &caller, const QString &password)
{
    if (caller.role != auth::Role::Fan)
        return staffRefused();
    std::optional<db::UserRow> user;
    m_database.transact(
        [&](db::Tx &tx) { user = db::UserRepository::findByName(tx, caller.subject); });
    if (!user)
        return Error(ErrorCode::Unauthenticated, QStringLiteral("the token is not valid"));
    // scrypt outside the transaction; the transaction then checks the hash is still this one.
    if (!auth::PasswordHasher::verify(password.toUtf8(), user->passwordHash))
        return Error(ErrorCode::WrongPassword,
                     QStringLiteral("that is not your password"),
                     ErrorDetails{.field = QStringLiteral("password")});
    int version = 0;
    auto erased = resultInTransaction<bool>(m_database, [&](db::Tx &tx) {
        const auto subject = db::AccountErasureRepository::lock(tx,
                                                                user->username,
                                                                user->passwordHash);
        if (!subject) // the password changed (or the account went) since the check
            throw Error(ErrorCode::WrongPassword,
                        QStringLiteral("that is not your password"),
                        ErrorDetails{.field = QStringLiteral("password")});
        const db::ErasureBlockers blockers = db::AccountErasureRepository::blockers(tx,
                                                                                    user->username);
        if (blockers.busy)
            throw Error(ErrorCode::AccountBusy,
                        QStringLiteral("a purchase is in progress: finish it or empty your "
                                       "basket first"));
        if (!blockers.liveTickets.isEmpty())
            throw Error(ErrorCode::AccountHasTickets,
                        QStringLiteral("you hold tickets for shows still to come: pass them on "
                                       "or ask for a refund first"),
                        ErrorDetails{.tickets = blockers.liveTickets});
        version = db::AccountErasureRepository::erase(tx, *subject, m_tokenLifetimeSeconds);
        return true;
    });
    if (erased)
        m_revocations.note(user->username, version);
    return erased;
}

} // namespace boxoffice::server::domain
