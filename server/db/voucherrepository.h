// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/pricing.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// Vouchers and promo codes, the code entered on a hold, and how often each was used
/// (domain/vouchers decides; docs/pricing.md). Codes are found case-insensitively.
class VoucherRepository
{
public:
    /// The voucher of `code` in any case, with its uses; locked until the transaction ends when
    /// `lock` (every order with it waits for the one before: its uses are then counted exactly).
    static std::optional<Voucher> find(Tx &tx, const QString &code, bool lock = false);
    /// The vouchers valid for `eventId`, by code, with their uses.
    static QList<Voucher> forEvent(Tx &tx, const QString &eventId);
    /// False when another voucher has the code in any case (nothing written).
    static bool insert(Tx &tx, const Voucher &voucher, const QString &actor);
    /// Replaces what the manager may change (not the code); the new version.
    static int update(Tx &tx, const Voucher &voucher);
    /// Deletes a voucher no order ever used; false when one did.
    static bool removeUnused(Tx &tx, const QString &code);

    /// Its uses: orders waiting for payment or paid, or failed while their hold is live (they
    /// may still be paid), but the order of `exceptHoldId` (a hold asking again for its quote).
    /// Counted in a statement of its own, after find(lock) took the row.
    static VoucherUses uses(Tx &tx,
                            const QString &code,
                            const QString &owner,
                            const QString &exceptHoldId);

    /// Of the names given, those that exist: events; categories and ticket types of any of
    /// `eventIds` (a voucher may name what only some of its events have).
    static QStringList knownEvents(Tx &tx, const QStringList &eventIds);
    static QStringList knownCategories(Tx &tx,
                                       const QStringList &eventIds,
                                       const QStringList &categories);
    static QStringList knownTypes(Tx &tx, const QStringList &eventIds, const QStringList &typeIds);

    /// Enters the code on the hold; `unlocksAllocation`: the hold's seats came from the
    /// allocation the code opens (the code then stays: clearOnHold is not for such a hold).
    static void setOnHold(Tx &tx,
                          const QString &holdId,
                          const QString &code,
                          bool unlocksAllocation = false);
    /// Whether the hold's seats depend on its code (migration 0141).
    static bool unlocksAllocation(Tx &tx, const QString &holdId);
    static void clearOnHold(Tx &tx, const QString &holdId);
    /// The code entered on the hold, if any.
    static QString onHold(Tx &tx, const QString &holdId);
};

} // namespace boxoffice::server::db
