// SPDX-License-Identifier: GPL-3.0-or-later
#include "loginguard.h"

#include "error.h"
#include "metrics/registry.h"
#include "redis/redispool.h"

namespace boxoffice::server::domain {

namespace {

// KEYS: failures, lock. ARGV: window ms, failures that lock, lock ms. 1 when this failure
// locked the account.
const redis::Script kFailed(QByteArrayLiteral(
    "local n = redis.call('INCR', KEYS[1]) "
    "if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end "
    "if n >= tonumber(ARGV[2]) then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) "
    "  redis.call('DEL', KEYS[1]) return 1 end return 0"));

QByteArray accountKey(const char *kind, const QString &account)
{
    // Case does not make another account (e-mail addresses are logins).
    return QByteArrayLiteral("login:") + kind + ":{" + account.toLower().toUtf8() + '}';
}

int envInt(const char *name, int fallback, int min)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value >= min ? value : fallback;
}

Error tooMany(qint64 waitMs, const QString &detail)
{
    return Error(ErrorCode::RateLimited,
                 detail,
                 ErrorDetails{.retryAfterSeconds = int((waitMs + 999) / 1000)});
}

metrics::Counter &lockoutCounter()
{
    static metrics::Counter &counter = metrics::Registry::instance().counter(
        QStringLiteral("boxoffice_login_lockouts_total"),
        QStringLiteral("Accounts locked after repeated failed sign-ins."));
    return counter;
}

metrics::Counter &refusedCounter()
{
    static metrics::Counter &counter = metrics::Registry::instance().counter(
        QStringLiteral("boxoffice_login_refused_total"),
        QStringLiteral("Sign-ins refused by the rate limits or a lockout."));
    return counter;
}

} // namespace

LoginGuard::Options LoginGuard::Options::fromEnvironment()
{
    Options o;
    o.perAddress.perMinute = envInt("BOXOFFICE_LOGIN_IP_PER_MINUTE", o.perAddress.perMinute, 0);
    o.perAddress.burst = envInt("BOXOFFICE_LOGIN_IP_BURST", o.perAddress.burst, 1);
    o.perAccount.perMinute = envInt("BOXOFFICE_LOGIN_ACCOUNT_PER_MINUTE", o.perAccount.perMinute, 0);
    o.perAccount.burst = envInt("BOXOFFICE_LOGIN_ACCOUNT_BURST", o.perAccount.burst, 1);
    o.lockoutFailures = envInt("BOXOFFICE_LOGIN_LOCKOUT_FAILURES", o.lockoutFailures, 1);
    o.failureWindowSeconds = envInt("BOXOFFICE_LOGIN_FAILURE_WINDOW_SECONDS",
                                    o.failureWindowSeconds,
                                    1);
    o.lockoutSeconds = envInt("BOXOFFICE_LOGIN_LOCKOUT_SECONDS", o.lockoutSeconds, 1);
    return o;
}

LoginGuard::LoginGuard(redis::RedisPool &redis, Options options)
    : m_redis(redis)
    , m_limiter(redis)
    , m_options(options)
{}

void LoginGuard::admit(const QByteArray &scope, const QString &address, const QString &account)
{
    if (!m_redis.isUp())
        return;
    const auto locked = m_redis.command({QByteArrayLiteral("PTTL"), accountKey("lock", account)});
    if (locked && locked->type == redis::Reply::Type::Integer && locked->integer > 0) {
        m_refused.fetch_add(1);
        refusedCounter().add();
        throw tooMany(locked->integer,
                      QStringLiteral("too many failed sign-ins: this account is locked for now"));
    }
    const auto waitMs = m_limiter.check(scope,
                                        account.toLower(),
                                        m_options.perAccount,
                                        address,
                                        address.isEmpty() ? redis::RateLimit{}
                                                          : m_options.perAddress);
    if (waitMs && *waitMs > 0) {
        m_refused.fetch_add(1);
        refusedCounter().add();
        throw tooMany(*waitMs, QStringLiteral("too many sign-in attempts; slow down"));
    }
}

void LoginGuard::failed(const QString &account)
{
    if (!m_redis.isUp())
        return;
    const auto reply = m_redis.eval(kFailed,
                                    {accountKey("failures", account), accountKey("lock", account)},
                                    {QByteArray::number(qint64(m_options.failureWindowSeconds)
                                                        * 1000),
                                     QByteArray::number(m_options.lockoutFailures),
                                     QByteArray::number(qint64(m_options.lockoutSeconds) * 1000)});
    if (reply && reply->type == redis::Reply::Type::Integer && reply->integer == 1) {
        m_lockouts.fetch_add(1);
        lockoutCounter().add();
    }
}

void LoginGuard::succeeded(const QString &account)
{
    if (m_redis.isUp())
        m_redis.command({QByteArrayLiteral("DEL"), accountKey("failures", account)});
}

void LoginGuard::registerMetrics()
{
    lockoutCounter();
    refusedCounter();
}

} // namespace boxoffice::server::domain
