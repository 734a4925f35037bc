#include "seatleases.h"

namespace boxoffice::server::redis {

namespace {

// KEYS: seat keys. ARGV: owner, ttl ms, own prefix. All or nothing; returns the indexes of the
// seats others own.
const Script kAcquire(QByteArrayLiteral(
    "local taken = {} "
    "for i, k in ipairs(KEYS) do local v = redis.call('GET', k) "
    "  if v and v ~= ARGV[1] and string.sub(v, 1, #ARGV[3]) ~= ARGV[3] then "
    "    taken[#taken + 1] = i end end "
    "if #taken > 0 then return taken end "
    "for i, k in ipairs(KEYS) do redis.call('SET', k, ARGV[1], 'PX', ARGV[2], 'NX') end "
    "return {}"));

// KEYS: seat keys. ARGV: from, to, ttl ms.
const Script kTransfer(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[1] then redis.call('SET', k, ARGV[2], 'PX', ARGV[3]) "
    "    n = n + 1 end end return n"));

// KEYS: seat keys. ARGV: from, to, ttl ms, then one flag per key ("1": hand over, else delete).
// Only leases still owned by `from` are touched (compare-and-set / compare-and-delete).
const Script kSettle(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[1] then "
    "    if ARGV[3 + i] == '1' then redis.call('SET', k, ARGV[2], 'PX', ARGV[3]) n = n + 1 "
    "    else redis.call('DEL', k) end end end return n"));

// KEYS: seat keys. ARGV: owner. Compare-and-delete.
const Script kRelease(QByteArrayLiteral(
    "local n = 0 for i, k in ipairs(KEYS) do "
    "  if redis.call('GET', k) == ARGV[1] then n = n + redis.call('DEL', k) end end return n"));

QList<QByteArray> keys(const QString &eventId, const QStringList &seats)
{
    QList<QByteArray> out;
    for (const QString &seat : seats)
        out.append(SeatLeases::key(eventId, seat));
    return out;
}

} // namespace

QByteArray SeatLeases::key(const QString &eventId, const QString &seat)
{
    return QByteArrayLiteral("hold:{") + eventId.toUtf8() + QByteArrayLiteral("}:") + seat.toUtf8();
}

std::optional<QStringList> SeatLeases::acquire(const QString &eventId,
                                               const QStringList &seats,
                                               const QByteArray &owner,
                                               const QByteArray &ownPrefix,
                                               qint64 ttlMs)
{
    if (seats.isEmpty())
        return QStringList();
    const auto reply = m_pool.eval(kAcquire,
                                   keys(eventId, seats),
                                   {owner,
                                    QByteArray::number(std::max<qint64>(1, ttlMs)),
                                    ownPrefix});
    if (!reply || reply->type != Reply::Type::Array)
        return std::nullopt;
    QStringList taken;
    for (const Reply &index : reply->elements) {
        const qint64 i = index.integer - 1;
        if (i >= 0 && i < seats.size())
            taken.append(seats.at(i));
    }
    return taken;
}

bool SeatLeases::transfer(const QString &eventId,
                          const QStringList &seats,
                          const QByteArray &from,
                          const QByteArray &to,
                          qint64 ttlMs)
{
    if (seats.isEmpty())
        return true;
    const auto reply = m_pool.eval(kTransfer,
                                   keys(eventId, seats),
                                   {from, to, QByteArray::number(std::max<qint64>(1, ttlMs))});
    return reply && reply->type == Reply::Type::Integer;
}

bool SeatLeases::settle(const QString &eventId,
                        const QStringList &seats,
                        const QStringList &handed,
                        const QByteArray &from,
                        const QByteArray &to,
                        qint64 ttlMs)
{
    if (seats.isEmpty())
        return true;
    QList<QByteArray> args{from, to, QByteArray::number(std::max<qint64>(1, ttlMs))};
    for (const QString &seat : seats)
        args.append(handed.contains(seat) ? QByteArrayLiteral("1") : QByteArrayLiteral("0"));
    const auto reply = m_pool.eval(kSettle, keys(eventId, seats), args);
    return reply && reply->type == Reply::Type::Integer;
}

int SeatLeases::release(const QString &eventId, const QStringList &seats, const QByteArray &owner)
{
    if (seats.isEmpty())
        return 0;
    const auto reply = m_pool.eval(kRelease, keys(eventId, seats), {owner});
    return reply && reply->type == Reply::Type::Integer ? int(reply->integer) : 0;
}

void SeatLeases::forget(const QString &eventId, const QStringList &seats)
{
    if (seats.isEmpty())
        return;
    m_pool.command(QList<QByteArray>{"DEL"} + keys(eventId, seats));
}

} // namespace boxoffice::server::redis
