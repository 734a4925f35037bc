// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountlinkrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

// After `target` (the account, locked, or no row): replace, insert, queue. $2 purpose,
// $3 token hash, $4 ttl, $5 cooldown, $6 token. Unknown and known addresses run the same
// statement; only the rows it touches differ.
#define ISSUE_TAIL \
    ", recent AS (SELECT 1 FROM account_links l JOIN target t ON l.user_id = t.id" \
    "   WHERE l.purpose = $2 AND l.created_at > now() - make_interval(secs => $5) LIMIT 1)," \
    " replaced AS (UPDATE account_links l SET replaced_at = now() FROM target t" \
    "   WHERE l.user_id = t.id AND l.purpose = $2 AND l.used_at IS NULL" \
    "   AND l.replaced_at IS NULL AND NOT EXISTS (SELECT 1 FROM recent) RETURNING l.id)," \
    " link AS (INSERT INTO account_links (user_id, purpose, token_hash, expires_at)" \
    "   SELECT t.id, $2, $3, now() + make_interval(secs => $4) FROM target t" \
    "   WHERE NOT EXISTS (SELECT 1 FROM recent) RETURNING id, user_id)" \
    " INSERT INTO account_mails (link_id, recipient, locale, name, token)" \
    " SELECT link.id, t.email, t.locale, t.name, $6 FROM link JOIN target t ON t.id = " \
    "link.user_id" \
    " RETURNING id"

const Statement kIssueByEmail{
    "account_link_issue_email",
    "WITH target AS (SELECT id, email, coalesce(locale, 'en') AS locale,"
    "   coalesce(display_name, '') AS name FROM users"
    "   WHERE lower(email) = lower($1) AND role = 'fan' AND NOT disabled FOR UPDATE)" ISSUE_TAIL};
const Statement kIssueForUser{
    "account_link_issue_user",
    "WITH target AS (SELECT id, email, coalesce(locale, 'en') AS locale,"
    "   coalesce(display_name, '') AS name FROM users"
    "   WHERE id = $1 AND email IS NOT NULL AND email_verified_at IS NULL FOR UPDATE)" ISSUE_TAIL};

#undef ISSUE_TAIL

// The commit of a link's transaction does not wait for the WAL to reach the disk, as a
// read-only one (an unknown address) does not: the answer's timing tells nothing. A crash in
// that instant loses the link; the fan asks again.
const Statement kQuickCommit{"account_link_quick_commit",
                             "SELECT set_config('synchronous_commit', 'off', true)"};
const Statement kState{
    "account_link_state",
    "SELECT l.user_id, CASE WHEN l.used_at IS NOT NULL THEN 'used'"
    "   WHEN l.replaced_at IS NOT NULL OR l.expires_at <= now() THEN 'expired' ELSE 'live' END,"
    " coalesce(u.email, '') FROM account_links l JOIN users u ON u.id = l.user_id"
    " WHERE l.token_hash = $2 AND l.purpose = $1"};
// Under READ COMMITTED a second UPDATE of the row waits for the first and then finds used_at set.
const Statement kConsume{"account_link_consume",
                         "UPDATE account_links SET used_at = now()"
                         " WHERE token_hash = $2 AND purpose = $1 AND used_at IS NULL"
                         " AND replaced_at IS NULL AND expires_at > now() RETURNING user_id"};

pqxx::binarystring bytes(const QByteArray &data)
{
    return pqxx::binarystring(data.constData(), size_t(data.size()));
}

template<typename Key>
bool issue(Tx &tx, const Statement &statement, const Key &key, const NewAccountLink &link)
{
    exec(tx, kQuickCommit);
    const auto result = exec(tx,
                             statement,
                             key,
                             str(link.purpose),
                             bytes(link.tokenHash),
                             double(link.ttlSeconds),
                             double(link.cooldownSeconds),
                             str(link.token));
    return !result.empty();
}

} // namespace

bool AccountLinkRepository::issueByEmail(Tx &tx, const QString &email, const NewAccountLink &link)
{
    return issue(tx, kIssueByEmail, str(email), link);
}

bool AccountLinkRepository::issueForUser(Tx &tx, qint64 userId, const NewAccountLink &link)
{
    return issue(tx, kIssueForUser, userId, link);
}

std::optional<AccountLinkState> AccountLinkRepository::state(Tx &tx,
                                                             const QString &purpose,
                                                             const QByteArray &tokenHash)
{
    const auto result = exec(tx, kState, str(purpose), bytes(tokenHash));
    if (result.empty())
        return std::nullopt;
    return AccountLinkState{result[0][0].as<qint64>(), qstr(result[0][1]), qstr(result[0][2])};
}

std::optional<qint64> AccountLinkRepository::consume(Tx &tx,
                                                     const QString &purpose,
                                                     const QByteArray &tokenHash)
{
    const auto result = exec(tx, kConsume, str(purpose), bytes(tokenHash));
    if (result.empty())
        return std::nullopt;
    return result[0][0].as<qint64>();
}

} // namespace boxoffice::server::db
