// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pricecalculator.h"
#include "principal.h"
#include "result.h"

namespace boxoffice::server::db {
class Database;
class Tx;
struct Hold;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// The seats a code opens on an event: those held back for its allocation now.
struct UnlockedSeats
{
    QString code; ///< as the manager typed it
    QString allocation;
    QStringList seats;
};

/// Vouchers and promo codes (issue 28 item 2, docs/pricing.md): managers set them up; a buyer
/// enters one on a hold and sees what it takes off; the order's transaction checks it again
/// under the voucher's row lock and counts its use, so 200 uses are 200 orders however many
/// buyers race for the last one.
class Vouchers
{
public:
    explicit Vouchers(db::Database &database);

    /// The event's vouchers with their uses (managers).
    Result<QList<db::Voucher>> forEvent(const QString &eventId);
    Result<db::Voucher> find(const QString &code);
    /// VoucherCodeTaken when another voucher has the code in any case; InvalidField for an
    /// event, category or type that does not exist. Audited as `voucher.create`.
    Result<db::Voucher> create(const Principal &manager, const db::Voucher &voucher);
    /// Replaces all but the code (`expectedVersion` from If-Match). Audited `voucher.update`.
    Result<db::Voucher> replace(const Principal &manager,
                                const QString &code,
                                int expectedVersion,
                                const db::Voucher &voucher);
    /// Deletes a voucher no order used (InvalidState otherwise: switch it off instead).
    Result<db::Voucher> remove(const Principal &manager, const QString &code);

    /// Enters `code` on the caller's live hold: the hold's quote with it, or why it does not
    /// apply (VoucherUnknown, VoucherExpired, VoucherUsedUp, VoucherNotApplicable; nothing kept).
    Result<Quote> enter(const Principal &caller,
                        const QString &holdId,
                        const QString &code,
                        const QString &channel);
    /// What `code` opens on the event for the caller (checked as for an order: the window, the
    /// uses in all and by this fan): VoucherUnknown, VoucherExpired, VoucherUsedUp, or
    /// VoucherNotApplicable for a code of another event or that opens no seats.
    Result<UnlockedSeats> unlock(const Principal &caller,
                                 const QString &eventId,
                                 const QString &code);
    /// Takes the code off the hold: its quote without it.
    Result<Quote> clear(const Principal &caller, const QString &holdId, const QString &channel);

private:
    db::Database &m_database;
};

/// The voucher entered on `hold` if any, checked for `owner` on `channel`: the window, the
/// event, its uses in all and (online) by the owner. With `lock` its row stays locked until the
/// transaction ends and the uses are counted after the lock (the order's transaction).
std::optional<db::Voucher> usableVoucher(
    db::Tx &tx, const db::Hold &hold, const QString &owner, const QString &channel, bool lock);

} // namespace boxoffice::server::domain
