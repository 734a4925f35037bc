// SPDX-License-Identifier: GPL-3.0-or-later
#include "salesession.h"

#include "counterpricing.h"

#include <client/salesclient.h>

#include <QJsonArray>
#include <QSet>
#include <QUuid>

#include <algorithm>
#include <tuple>

namespace boxoffice::app {

namespace {
QString newKey()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}
} // namespace

SaleSession::SaleSession(client::SalesClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_pricing(new CounterPricing(client, this))
{
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &SaleSession::tick);
}

void SaleSession::setEvent(const EventInfo &event, const core::Venue &venue)
{
    if (!m_holdId.isEmpty())
        clear();
    m_event = event;
    m_venue = venue;
    m_venue.rebuildSeatIndex();
    m_status.clear();
    m_gaAvailable.clear();
    resetBasket();
    m_pricing->loadRules(event.id);
}

void SaleSession::applyStatuses(const QHash<QString, QString> &statuses, bool snapshot)
{
    if (snapshot)
        m_status = statuses;
    else
        for (auto it = statuses.cbegin(); it != statuses.cend(); ++it)
            m_status.insert(it.key(), it.value());
    // A seat of our basket that the server now reports sold was not sold by us: drop it.
    QStringList lost;
    for (const BasketLine &line : std::as_const(m_lines))
        if (!line.seatId.isEmpty() && statuses.value(line.seatId) == u"sold" && !m_busy)
            lost.append(line.seatId);
    Q_EMIT statusesChanged(snapshot ? QStringList() : statuses.keys(), snapshot);
    if (!lost.isEmpty()) {
        markTaken(lost);
        removeSeats(lost);
    }
}

void SaleSession::setGaAvailable(const QString &gaId, int available)
{
    m_gaAvailable.insert(gaId, available);
    Q_EMIT gaChanged();
}

QStringList SaleSession::basketSeats() const
{
    QStringList out;
    for (const BasketLine &line : m_lines)
        if (!line.seatId.isEmpty())
            out.append(line.seatId);
    return out;
}

qint64 SaleSession::totalCents() const
{
    if (const auto quoted = m_pricing->totalCents())
        return *quoted;
    qint64 total = 0;
    for (const BasketLine &line : m_lines)
        total += line.priceCents * line.quantity;
    return total;
}

int SaleSession::secondsLeft() const
{
    if (m_holdId.isEmpty() || !m_expiresAt.isValid())
        return 0;
    return int(qMax<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(m_expiresAt)));
}

QString SaleSession::seatLabel(const QString &seatId) const
{
    const auto ref = m_venue.findSeat(seatId);
    if (!ref)
        return seatId;
    const core::Section &section = m_venue.sections.at(ref->section);
    return tr("%1 · Row %2 · Seat %3")
        .arg(section.name.isEmpty() ? section.id : section.name,
             section.rows.at(ref->row).label,
             m_venue.seat(*ref).number);
}

qint64 SaleSession::seatPrice(const QString &seatId) const
{
    const auto ref = m_venue.findSeat(seatId);
    if (!ref)
        return 0;
    const PriceCategory *category = m_event.category(m_venue.seat(*ref).categoryId);
    return category ? category->priceCents : 0;
}

void SaleSession::setCounterAllocations(const QHash<QString, QString> &seatAllocations)
{
    m_counterAllocations = seatAllocations;
}

QString SaleSession::sellableAllocation(const QString &seatId) const
{
    return m_status.value(seatId) == u"blocked" ? m_counterAllocations.value(seatId) : QString();
}

QJsonObject SaleSession::seatsBody(const QStringList &seats, const QString &allocation) const
{
    QJsonObject body{{QStringLiteral("event_id"), m_event.id},
                     {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}};
    if (!allocation.isEmpty())
        body.insert(QStringLiteral("allocation"), allocation);
    return body;
}

QString SaleSession::freedStatus() const
{
    return m_allocation.isEmpty() ? QStringLiteral("available") : QStringLiteral("blocked");
}

void SaleSession::toggleSeats(const QStringList &seatIds)
{
    const QStringList current = basketSeats();
    QStringList add;
    QStringList remove;
    for (const QString &id : seatIds)
        (current.contains(id) ? remove : add).append(id);
    QStringList wanted = current;
    for (const QString &id : remove)
        wanted.removeAll(id);
    extend(wanted, add);
}

void SaleSession::addSeats(const QStringList &seatIds)
{
    QStringList add;
    for (const QString &id : seatIds)
        if (!basketSeats().contains(id))
            add.append(id);
    extend(basketSeats(), add);
}

void SaleSession::extend(QStringList wanted, const QStringList &add)
{
    // An allocation's seats are held (and sold) in a basket of their own: the server holds
    // them only from that allocation, all of them.
    QString allocation = wanted.isEmpty() ? QString() : m_allocation;
    bool chosen = !wanted.isEmpty();
    QStringList refused;
    QStringList mixed;
    for (const QString &id : add) {
        const QString from = sellableAllocation(id);
        if (from.isEmpty() && m_status.value(id, QStringLiteral("available")) != u"available") {
            refused.append(seatLabel(id));
            continue;
        }
        if (!chosen) {
            allocation = from;
            chosen = true;
        }
        if (from == allocation)
            wanted.append(id);
        else
            mixed.append(seatLabel(id));
    }
    if (!refused.isEmpty())
        Q_EMIT message(tr("Not available: %1").arg(refused.join(QStringLiteral("; "))), true);
    else if (!mixed.isEmpty())
        Q_EMIT message(allocation.isEmpty()
                           ? tr("Seats of an allocation are sold in a basket of their own: "
                                "sell or clear this basket first (%1).")
                                 .arg(mixed.join(QStringLiteral("; ")))
                           : tr("This basket sells seats of the allocation %1 only: sell or "
                                "clear it first (%2).")
                                 .arg(allocation, mixed.join(QStringLiteral("; "))),
                       true);
    if (wanted == basketSeats())
        return;
    if (wanted.isEmpty()) {
        clear();
        return;
    }
    requestHold(seatsBody(wanted, allocation), wanted);
}

void SaleSession::removeSeats(const QStringList &seatIds)
{
    QStringList wanted = basketSeats();
    for (const QString &id : seatIds)
        wanted.removeAll(id);
    if (wanted == basketSeats())
        return;
    if (wanted.isEmpty()) {
        clear();
        return;
    }
    requestHold(seatsBody(wanted, m_allocation), wanted);
}

void SaleSession::bestAvailable(const QString &sectionId, int quantity)
{
    requestHold({{QStringLiteral("event_id"), m_event.id},
                 {QStringLiteral("section"), sectionId},
                 {QStringLiteral("quantity"), quantity}},
                {});
}

void SaleSession::holdGa(const QString &gaId, int quantity)
{
    requestHold({{QStringLiteral("event_id"), m_event.id},
                 {QStringLiteral("ga"), gaId},
                 {QStringLiteral("quantity"), quantity}},
                {});
}

void SaleSession::clear()
{
    ++m_generation;
    if (!m_holdId.isEmpty())
        m_client->releaseHold(m_holdId, [](const client::ApiResult &) {});
    const QStringList seats = basketSeats();
    for (const QString &id : seats)
        m_status.insert(id, freedStatus());
    resetBasket();
    setBusy(false);
    if (!seats.isEmpty())
        Q_EMIT statusesChanged(seats, false);
}

void SaleSession::completed()
{
    const QStringList seats = basketSeats();
    for (const QString &id : seats)
        m_status.insert(id, QStringLiteral("sold"));
    resetBasket();
    if (!seats.isEmpty())
        Q_EMIT statusesChanged(seats, false);
}

void SaleSession::resetBasket()
{
    m_lines.clear();
    m_holdId.clear();
    m_allocation.clear();
    m_expiresAt = {};
    m_timer.stop();
    m_pricing->holdChanged({}, {});
    Q_EMIT basketChanged();
    Q_EMIT countdown(0);
}

void SaleSession::markTaken(const QStringList &seatIds)
{
    QStringList labels;
    for (const QString &id : seatIds) {
        if (m_status.value(id) != u"sold")
            m_status.insert(id, QStringLiteral("held"));
        labels.append(seatLabel(id));
    }
    Q_EMIT statusesChanged(seatIds, false);
    Q_EMIT message(tr("Taken by someone else and removed from the basket: %1")
                       .arg(labels.join(QStringLiteral("; "))),
                   true);
}

void SaleSession::requestHold(const QJsonObject &body, const QStringList &wantedSeats)
{
    const quint64 generation = ++m_generation;
    const QStringList previous = basketSeats();
    const QString previousAllocation = m_allocation;
    const QString oldHold = m_holdId;
    setBusy(true);
    auto create = [this, body, wantedSeats, previous, previousAllocation, generation] {
        m_client->createHold(body, newKey(), [=, this](const client::ApiResult &result) {
            if (generation != m_generation) {
                // Superseded: give back what we got so it does not block the seats.
                if (result.ok())
                    m_client->releaseHold(result.body.value(u"hold_id").toString(),
                                          [](const client::ApiResult &) {});
                return;
            }
            const protocol::Parsed<protocol::Hold> hold = result.ok()
                                                              ? protocol::Hold::fromJson(result.body)
                                                              : protocol::Hold();
            if (result.ok() && hold) {
                applyHold(*hold);
                setBusy(false);
                return;
            }
            for (const QString &id : previous)
                m_status.insert(id, freedStatus());
            resetBasket();
            if (result.code() == u"seat_unavailable") {
                QStringList taken;
                for (const QJsonValue &v : result.body.value(u"seats").toArray())
                    taken.append(v.toString());
                if (taken.isEmpty())
                    taken = wantedSeats;
                markTaken(taken);
                QStringList remaining = wantedSeats;
                for (const QString &id : taken)
                    remaining.removeAll(id);
                if (!wantedSeats.isEmpty() && !remaining.isEmpty()) {
                    requestHold(seatsBody(remaining, body.value(u"allocation").toString()),
                                remaining);
                    return;
                }
                if (wantedSeats.isEmpty())
                    Q_EMIT message(tr("Not enough seats available together."), true);
            } else if (result.ok()) {
                // Held, but not an answer this app can read: give the seats back at once.
                m_client->releaseHold(result.body.value(u"hold_id").toString(),
                                      [](const client::ApiResult &) {});
                Q_EMIT message(tr("The server's answer could not be read (%1).").arg(hold.error()),
                               true);
            } else {
                Q_EMIT message(result.status == 0
                                   ? tr("The server cannot be reached: %1").arg(result.error)
                                   : result.error,
                               true);
                // Put the previous basket back when a bigger one was refused (e.g. a limit).
                if (!previous.isEmpty() && previous != wantedSeats && result.status != 0) {
                    requestHold(seatsBody(previous, previousAllocation), previous);
                    return;
                }
            }
            setBusy(false);
        });
    };
    if (oldHold.isEmpty()) {
        create();
        return;
    }
    // One hold per basket: release the old one first, then hold the new set (our own hold would
    // otherwise conflict with itself).
    m_client->releaseHold(oldHold, [create](const client::ApiResult &) { create(); });
}

void SaleSession::applyHold(const protocol::Hold &hold)
{
    const QStringList before = basketSeats();
    const QString freed = freedStatus();
    m_lines.clear();
    m_holdId = hold.id;
    m_allocation = hold.allocation;
    m_expiresAt = hold.expiresAt;
    QStringList changed = before;
    QList<QPair<core::SeatRef, QString>> held;
    for (const QString &id : hold.seats)
        held.append({m_venue.findSeat(id).value_or(core::SeatRef{}), id});
    // Basket lines in venue order (section, row, seat), as the clerk reads the map.
    std::sort(held.begin(), held.end(), [](const auto &a, const auto &b) {
        return std::tie(a.first.section, a.first.row, a.first.seat)
               < std::tie(b.first.section, b.first.row, b.first.seat);
    });
    for (const auto &entry : std::as_const(held)) {
        const QString &id = entry.second;
        const auto ref = m_venue.findSeat(id);
        BasketLine line;
        line.seatId = id;
        line.label = seatLabel(id);
        line.categoryId = ref ? m_venue.seat(*ref).categoryId : QString();
        line.priceCents = seatPrice(id);
        m_lines.append(line);
        m_status.insert(id, QStringLiteral("held"));
        changed.append(id);
    }
    if (!hold.gaId.isEmpty()) {
        BasketLine line;
        line.gaId = hold.gaId;
        line.quantity = hold.gaQuantity;
        const core::GaArea *area = m_venue.findGaArea(line.gaId);
        line.label = area ? area->name : line.gaId;
        line.categoryId = area ? area->categoryId : QString();
        const PriceCategory *category = m_event.category(line.categoryId);
        line.priceCents = category ? category->priceCents : 0;
        m_lines.append(line);
    }
    const QStringList now = basketSeats();
    for (const QString &id : before)
        if (!now.contains(id))
            m_status.insert(id, freed);
    m_timer.start();
    m_pricing->holdChanged(m_holdId, now);
    Q_EMIT basketChanged();
    Q_EMIT statusesChanged(changed, false);
    Q_EMIT countdown(secondsLeft());
}

void SaleSession::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

void SaleSession::tick()
{
    const int left = secondsLeft();
    Q_EMIT countdown(left);
    if (left == 0 && !m_holdId.isEmpty()) {
        const QStringList seats = basketSeats();
        for (const QString &id : seats)
            m_status.insert(id, freedStatus());
        resetBasket();
        Q_EMIT statusesChanged(seats, false);
        Q_EMIT message(tr("The hold expired; the basket was emptied."), true);
    }
}

} // namespace boxoffice::app
