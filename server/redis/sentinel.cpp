// SPDX-License-Identifier: GPL-3.0-or-later
#include "sentinel.h"

#include "redisclient.h"

#include <QLoggingCategory>
#include <QThread>

namespace boxoffice::server::redis {

Q_LOGGING_CATEGORY(lcSentinel, "boxoffice.redis.sentinel")

namespace {

QUrl redisUrl(const QString &host, quint16 port)
{
    QUrl url;
    url.setScheme(QStringLiteral("redis"));
    url.setHost(host);
    url.setPort(port);
    return url;
}

QUrl sentinelUrl(const SentinelAddress &sentinel)
{
    return redisUrl(sentinel.host, sentinel.port);
}

std::optional<quint16> portOf(const QByteArray &text)
{
    bool ok = false;
    const uint port = text.toUInt(&ok);
    if (!ok || port == 0 || port > 65535)
        return std::nullopt;
    return quint16(port);
}

} // namespace

std::optional<QList<SentinelAddress>> parseSentinels(const QString &list, QString *error)
{
    QList<SentinelAddress> out;
    for (const QString &entry : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString trimmed = entry.trimmed();
        const qsizetype colon = trimmed.lastIndexOf(QLatin1Char(':'));
        const auto port = colon > 0 ? portOf(trimmed.mid(colon + 1).toLatin1()) : std::nullopt;
        if (!port) {
            if (error)
                *error = QStringLiteral("a Sentinel must be host:port, got \"%1\"").arg(trimmed);
            return std::nullopt;
        }
        out.append({trimmed.left(colon), *port});
    }
    if (out.isEmpty()) {
        if (error)
            *error = QStringLiteral("no Sentinel given");
        return std::nullopt;
    }
    return out;
}

SentinelWatcher::SentinelWatcher(QList<SentinelAddress> sentinels,
                                 QByteArray masterName,
                                 std::chrono::milliseconds timeout,
                                 std::chrono::milliseconds pollInterval)
    : m_sentinels(std::move(sentinels))
    , m_name(std::move(masterName))
    , m_timeout(timeout)
    , m_pollInterval(pollInterval)
{}

SentinelWatcher::~SentinelWatcher()
{
    stop();
}

QUrl SentinelWatcher::current() const
{
    QMutexLocker lock(&m_mutex);
    return m_current;
}

bool SentinelWatcher::isMaster(const QUrl &candidate)
{
    RedisClient client;
    if (!client.connect(candidate, m_timeout))
        return false;
    const auto role = client.command({QByteArrayLiteral("ROLE")});
    return role && role->type == Reply::Type::Array && !role->elements.isEmpty()
           && role->elements.first().string == "master";
}

std::optional<QUrl> SentinelWatcher::ask(const SentinelAddress &sentinel, QString *error)
{
    RedisClient client;
    if (!client.connect(sentinelUrl(sentinel), m_timeout)) {
        if (error)
            *error = client.lastError();
        return std::nullopt;
    }
    const auto reply = client.command(
        {QByteArrayLiteral("SENTINEL"), QByteArrayLiteral("get-master-addr-by-name"), m_name});
    if (!reply || reply->type != Reply::Type::Array || reply->elements.size() != 2) {
        if (error)
            *error = QStringLiteral("Sentinel %1:%2 knows no master \"%3\"")
                         .arg(sentinel.host)
                         .arg(sentinel.port)
                         .arg(QString::fromUtf8(m_name));
        return std::nullopt;
    }
    const auto port = portOf(reply->elements[1].string);
    if (!port)
        return std::nullopt;
    return redisUrl(QString::fromUtf8(reply->elements[0].string), *port);
}

std::optional<QUrl> SentinelWatcher::resolve(QString *error)
{
    for (const SentinelAddress &sentinel : m_sentinels) {
        const auto primary = ask(sentinel, error);
        if (!primary)
            continue;
        if (isMaster(*primary)) {
            adopt(*primary);
            return primary;
        }
        if (error)
            *error = QStringLiteral("%1 is not a master (yet)").arg(primary->toString());
    }
    return std::nullopt;
}

void SentinelWatcher::adopt(const QUrl &primary)
{
    // Named in current() only once `changed` returned: named first, it could be seen while the
    // pool still pointed at the old primary.
    QMutexLocker adopting(&m_adopting);
    const QUrl previous = current();
    if (previous == primary)
        return;
    if (!previous.isEmpty())
        qCWarning(lcSentinel) << "Redis primary moved from" << previous.toString() << "to"
                              << primary.toString();
    if (m_changed)
        m_changed(primary);
    QMutexLocker lock(&m_mutex);
    m_current = primary;
}

void SentinelWatcher::start(std::function<void(const QUrl &)> changed)
{
    m_changed = std::move(changed);
    m_stop = false;
    m_thread = std::thread([this] { run(); });
}

void SentinelWatcher::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

void SentinelWatcher::run()
{
    qsizetype next = 0;
    while (!m_stop) {
        // Stay with a Sentinel while it answers; move on to the next one when it does not.
        if (!follow(m_sentinels[next])) {
            next = (next + 1) % m_sentinels.size();
            if (next == 0)
                QThread::msleep(200);
        }
    }
}

bool SentinelWatcher::follow(const SentinelAddress &sentinel)
{
    if (const auto primary = ask(sentinel, nullptr); primary && isMaster(*primary))
        adopt(*primary);
    RedisClient client;
    if (!client.connect(sentinelUrl(sentinel), m_timeout))
        return false;
    const auto subscribed = client.command(
        {QByteArrayLiteral("SUBSCRIBE"), QByteArrayLiteral("+switch-master")});
    if (!subscribed || subscribed->isError())
        return false;
    // Reading times out after pollInterval: the link is then unusable (hiredis), so the loop
    // comes back here, asks again and subscribes anew.
    client.setReadTimeout(m_pollInterval);
    while (!m_stop) {
        const auto message = client.receive();
        if (!message)
            return true;
        // ["message", "+switch-master", "<name> <old ip> <old port> <new ip> <new port>"]
        if (message->type != Reply::Type::Array || message->elements.size() != 3)
            continue;
        const QList<QByteArray> fields = message->elements[2].string.split(' ');
        if (fields.size() == 5 && fields[0] == m_name) {
            if (const auto port = portOf(fields[4]))
                adopt(redisUrl(QString::fromUtf8(fields[3]), *port));
        }
    }
    return true;
}

} // namespace boxoffice::server::redis
