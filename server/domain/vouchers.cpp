// SPDX-License-Identifier: GPL-3.0-or-later
#include "vouchers.h"

#include "error.h"
#include "ids.h"
#include "orderpricing.h"

#include "auth/role.h"
#include "db/allocationholdrepository.h"
#include "db/auditrepository.h"
#include "db/database.h"
#include "db/voucherrepository.h"

namespace boxoffice::server::domain {

using db::VoucherRepository;

namespace {

Error unknownCode(const QString &code)
{
    return Error(ErrorCode::VoucherUnknown, QStringLiteral("there is no code %1").arg(code));
}

QVariantMap summary(const db::Voucher &voucher)
{
    QVariantMap out{{QStringLiteral("code"), voucher.code},
                    {QStringLiteral("events"), voucher.eventIds},
                    {QStringLiteral("kind"), voucher.kind},
                    {QStringLiteral("disabled"), voucher.disabled}};
    if (voucher.valueCents)
        out.insert(QStringLiteral("value_cents"), *voucher.valueCents);
    if (voucher.percentBp)
        out.insert(QStringLiteral("percent_bp"), *voucher.percentBp);
    if (voucher.maxUses)
        out.insert(QStringLiteral("max_uses"), *voucher.maxUses);
    return out;
}

// What the voucher names must exist: its events, and its categories and types in one of them.
void checkNames(db::Tx &tx, const db::Voucher &voucher)
{
    const QStringList events = VoucherRepository::knownEvents(tx, voucher.eventIds);
    for (qsizetype i = 0; i < voucher.eventIds.size(); ++i) {
        if (!events.contains(voucher.eventIds[i], Qt::CaseInsensitive))
            throw Error::invalidField(QStringLiteral("events[%1]").arg(i),
                                      QStringLiteral("there is no event %1")
                                          .arg(voucher.eventIds[i]));
    }
    const QStringList categories = VoucherRepository::knownCategories(tx,
                                                                      voucher.eventIds,
                                                                      voucher.categories);
    for (qsizetype i = 0; i < voucher.categories.size(); ++i) {
        if (!categories.contains(voucher.categories[i]))
            throw Error::invalidField(QStringLiteral("categories[%1]").arg(i),
                                      QStringLiteral("none of its events has the category %1")
                                          .arg(voucher.categories[i]));
    }
    const QStringList types = VoucherRepository::knownTypes(tx, voucher.eventIds, voucher.typeIds);
    for (qsizetype i = 0; i < voucher.typeIds.size(); ++i) {
        if (!types.contains(voucher.typeIds[i]))
            throw Error::invalidField(QStringLiteral("ticket_types[%1]").arg(i),
                                      QStringLiteral("none of its events has the ticket type %1")
                                          .arg(voucher.typeIds[i]));
    }
}

void audit(db::Tx &tx,
           const Principal &manager,
           const QString &action,
           const QString &code,
           const QString &eventId,
           QVariantMap before,
           QVariantMap after)
{
    db::AuditRepository::record(tx,
                                db::AuditEntry{.actor = manager.subject,
                                               .action = action,
                                               .eventId = eventId,
                                               .subject = code,
                                               .before = std::move(before),
                                               .after = std::move(after)});
}

// A hold whose seats its code opened keeps that code (without it they could not be sold).
void keepsItsCode(db::Tx &tx, const db::Hold &hold)
{
    if (VoucherRepository::unlocksAllocation(tx, hold.id))
        throw Error(ErrorCode::InvalidState,
                    QStringLiteral("these seats were opened by the code on this hold: it stays"));
}

} // namespace

namespace {

// The checks of a code for `owner` on `eventId`: the event, the window, its uses in all and
// (online) by the owner, but those of the order of `holdId`.
void checkUsable(db::Tx &tx,
                 db::Voucher &voucher,
                 const QString &eventId,
                 const QString &owner,
                 const QString &channel,
                 const QString &holdId)
{
    if (!voucher.eventIds.contains(eventId, Qt::CaseInsensitive))
        throw Error(ErrorCode::VoucherNotApplicable,
                    QStringLiteral("code %1 is not for this event").arg(voucher.code));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if ((voucher.validFrom.isValid() && now < voucher.validFrom)
        || (voucher.validUntil.isValid() && now >= voucher.validUntil))
        throw Error(ErrorCode::VoucherExpired,
                    QStringLiteral("code %1 is not valid now").arg(voucher.code));
    // After the lock: a statement of its own sees every order committed before it.
    const db::VoucherUses uses = VoucherRepository::uses(tx, voucher.code, owner, holdId);
    if (voucher.maxUses && uses.total >= *voucher.maxUses)
        throw Error(ErrorCode::VoucherUsedUp,
                    QStringLiteral("code %1 has been used up").arg(voucher.code),
                    ErrorDetails{.limit = *voucher.maxUses,
                                 .current = uses.total,
                                 .limitName = QStringLiteral("max_uses")});
    // At the counter the buyer is not signed in: the limit per fan is the shop's.
    if (channel == u"online" && voucher.maxPerFan && uses.byOwner >= *voucher.maxPerFan)
        throw Error(ErrorCode::VoucherUsedUp,
                    QStringLiteral("you have used code %1 as often as it allows").arg(voucher.code),
                    ErrorDetails{.limit = *voucher.maxPerFan,
                                 .current = uses.byOwner,
                                 .limitName = QStringLiteral("max_per_fan")});
    voucher.uses = uses.total;
}

} // namespace

std::optional<db::Voucher> usableVoucher(
    db::Tx &tx, const db::Hold &hold, const QString &owner, const QString &channel, bool lock)
{
    const QString code = VoucherRepository::onHold(tx, hold.id);
    if (code.isEmpty())
        return std::nullopt;
    auto voucher = VoucherRepository::find(tx, code, lock);
    if (!voucher || voucher->disabled)
        throw unknownCode(code);
    checkUsable(tx, *voucher, hold.eventId, owner, channel, hold.id);
    return voucher;
}

Vouchers::Vouchers(db::Database &database)
    : m_database(database)
{}

Result<QList<db::Voucher>> Vouchers::forEvent(const QString &eventId)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
        QList<db::Voucher> out;
        m_database.transact([&](db::Tx &tx) { out = VoucherRepository::forEvent(tx, eventId); });
        return out;
    });
}

Result<db::Voucher> Vouchers::find(const QString &code)
{
    return resultOf([&] {
        std::optional<db::Voucher> voucher;
        m_database.transact([&](db::Tx &tx) { voucher = VoucherRepository::find(tx, code); });
        if (!voucher)
            throw Error(ErrorCode::NotFound, QStringLiteral("no voucher %1").arg(code));
        return *voucher;
    });
}

Result<db::Voucher> Vouchers::create(const Principal &manager, const db::Voucher &voucher)
{
    return resultOf([&] {
        db::Voucher out;
        m_database.transact([&](db::Tx &tx) {
            checkNames(tx, voucher);
            if (!VoucherRepository::insert(tx, voucher, manager.subject))
                throw Error(ErrorCode::VoucherCodeTaken,
                            QStringLiteral("another voucher has the code %1 already")
                                .arg(voucher.code),
                            ErrorDetails{.field = QStringLiteral("code")});
            out = *VoucherRepository::find(tx, voucher.code);
            audit(tx,
                  manager,
                  QStringLiteral("voucher.create"),
                  out.code,
                  out.eventIds[0],
                  {},
                  summary(out));
        });
        return out;
    });
}

Result<db::Voucher> Vouchers::replace(const Principal &manager,
                                      const QString &code,
                                      int expectedVersion,
                                      const db::Voucher &voucher)
{
    return resultOf([&] {
        db::Voucher out;
        m_database.transact([&](db::Tx &tx) {
            const auto before = VoucherRepository::find(tx, code, true);
            if (!before)
                throw Error(ErrorCode::NotFound, QStringLiteral("no voucher %1").arg(code));
            if (before->version != expectedVersion)
                throw Error(ErrorCode::PreconditionFailed,
                            QStringLiteral("someone else changed this voucher meanwhile (now "
                                           "version %1): reload it and make your change again")
                                .arg(before->version));
            checkNames(tx, voucher);
            db::Voucher changed = voucher;
            changed.code = before->code;
            VoucherRepository::update(tx, changed);
            out = *VoucherRepository::find(tx, code);
            audit(tx,
                  manager,
                  QStringLiteral("voucher.update"),
                  out.code,
                  out.eventIds[0],
                  summary(*before),
                  summary(out));
        });
        return out;
    });
}

Result<db::Voucher> Vouchers::remove(const Principal &manager, const QString &code)
{
    return resultOf([&] {
        db::Voucher out;
        m_database.transact([&](db::Tx &tx) {
            const auto before = VoucherRepository::find(tx, code, true);
            if (!before)
                throw Error(ErrorCode::NotFound, QStringLiteral("no voucher %1").arg(code));
            if (!VoucherRepository::removeUnused(tx, code))
                throw Error(ErrorCode::InvalidState,
                            QStringLiteral("orders used code %1: switch it off instead of "
                                           "deleting it")
                                .arg(before->code));
            audit(tx,
                  manager,
                  QStringLiteral("voucher.delete"),
                  before->code,
                  before->eventIds[0],
                  summary(*before),
                  {});
            out = *before;
        });
        return out;
    });
}

Result<Quote> Vouchers::enter(const Principal &caller,
                              const QString &holdId,
                              const QString &code,
                              const QString &channel)
{
    return resultOf([&] {
        Quote quote;
        m_database.transact([&](db::Tx &tx) {
            const db::Hold hold = liveHold(tx, caller, holdId);
            if (!VoucherRepository::find(tx, code))
                throw unknownCode(code);
            keepsItsCode(tx, hold);
            VoucherRepository::setOnHold(tx, hold.id, code);
            // Checked now, so the buyer hears why before paying; a refusal keeps nothing.
            quote = quoteHold(tx, hold, caller.subject, channel);
        });
        return quote;
    });
}

Result<Quote> Vouchers::clear(const Principal &caller, const QString &holdId, const QString &channel)
{
    return resultOf([&] {
        Quote quote;
        m_database.transact([&](db::Tx &tx) {
            const db::Hold hold = liveHold(tx, caller, holdId);
            keepsItsCode(tx, hold);
            VoucherRepository::clearOnHold(tx, hold.id);
            quote = quoteHold(tx, hold, caller.subject, channel);
        });
        return quote;
    });
}

Result<UnlockedSeats> Vouchers::unlock(const Principal &caller,
                                       const QString &eventId,
                                       const QString &code)
{
    return resultOf([&] {
        UnlockedSeats out;
        m_database.transact([&](db::Tx &tx) {
            auto voucher = VoucherRepository::find(tx, code);
            if (!voucher || voucher->disabled)
                throw unknownCode(code);
            const QString channel = auth::hasRole(caller.role, auth::Role::Clerk)
                                        ? QStringLiteral("box_office")
                                        : QStringLiteral("online");
            checkUsable(tx, *voucher, eventId, caller.subject, channel, QString());
            if (voucher->allocation.isEmpty())
                throw Error(ErrorCode::VoucherNotApplicable,
                            QStringLiteral("code %1 opens no seats").arg(voucher->code));
            out.code = voucher->code;
            out.allocation = voucher->allocation;
            out.seats = db::AllocationHoldRepository::heldBackSeats(tx,
                                                                    eventId,
                                                                    voucher->allocation);
        });
        return out;
    });
}

} // namespace boxoffice::server::domain
