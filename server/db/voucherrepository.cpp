// SPDX-License-Identifier: GPL-3.0-or-later
#include "voucherrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

#define VOUCHER_COLUMNS \
    "v.code, v.event_ids::text[], v.categories, v.type_ids, v.kind, v.value_cents," \
    " v.percent_bp, v.max_uses, v.max_per_fan," \
    " to_char(v.valid_from AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')," \
    " to_char(v.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')," \
    " v.disabled, v.version, coalesce(v.allocation, '')"

// One use: the order waits for payment or is paid, or failed while its hold lives (a late
// payment may still make it paid).
#define COUNTS_AS_USE \
    "(o.status IN ('pending', 'paid') OR (o.status = 'failed' AND EXISTS (" \
    " SELECT 1 FROM holds h WHERE h.id = o.hold_id AND h.status = 'active')))"

const Statement kFind{"voucher_find",
                      "SELECT " VOUCHER_COLUMNS " FROM vouchers v WHERE v.code_key = lower($1)"};
const Statement kFindLocked{"voucher_find_locked",
                            "SELECT " VOUCHER_COLUMNS
                            " FROM vouchers v WHERE v.code_key = lower($1) FOR UPDATE"};
const Statement kForEvent{"voucher_for_event",
                          "SELECT " VOUCHER_COLUMNS ", (SELECT count(*) FROM orders o"
                          " WHERE o.voucher = v.code_key AND " COUNTS_AS_USE ")"
                          " FROM vouchers v WHERE v.event_ids @> ARRAY[$1::uuid]"
                          " ORDER BY v.code_key"};
const Statement kUses{"voucher_uses",
                      "SELECT count(*), count(*) FILTER (WHERE o.owner = $2) FROM orders o"
                      " WHERE o.voucher = lower($1) AND o.hold_id <> $3::uuid AND " COUNTS_AS_USE};
const Statement kInsert{
    "voucher_insert",
    "INSERT INTO vouchers (code, event_ids, categories, type_ids, kind, value_cents, percent_bp,"
    " max_uses, max_per_fan, valid_from, valid_until, disabled, created_by, allocation)"
    " VALUES ($1, $2::uuid[], $3::text[], $4::text[], $5, $6, $7, $8, $9,"
    " NULLIF($10, '')::timestamptz, NULLIF($11, '')::timestamptz, $12, $14, NULLIF($13, ''))"
    " ON CONFLICT (code_key) DO NOTHING"};
const Statement kUpdate{
    "voucher_update",
    "UPDATE vouchers SET event_ids = $2::uuid[], categories = $3::text[], type_ids = $4::text[],"
    " kind = $5, value_cents = $6, percent_bp = $7, max_uses = $8, max_per_fan = $9,"
    " valid_from = NULLIF($10, '')::timestamptz, valid_until = NULLIF($11, '')::timestamptz,"
    " disabled = $12, allocation = NULLIF($13, ''), version = version + 1"
    " WHERE code_key = lower($1) RETURNING version"};
const Statement kRemoveUnused{"voucher_remove_unused",
                              "DELETE FROM vouchers v WHERE v.code_key = lower($1)"
                              " AND NOT EXISTS (SELECT 1 FROM orders o"
                              " WHERE o.voucher = v.code_key)"};
const Statement kSetOnHold{"voucher_set_on_hold",
                           "INSERT INTO hold_vouchers (hold_id, code_key, unlocks_allocation)"
                           " VALUES ($1::uuid, lower($2), $3)"
                           " ON CONFLICT (hold_id) DO UPDATE SET code_key = EXCLUDED.code_key"};
const Statement kUnlocksAllocation{"voucher_unlocks_allocation",
                                   "SELECT unlocks_allocation FROM hold_vouchers"
                                   " WHERE hold_id = $1::uuid"};
const Statement kClearOnHold{"voucher_clear_on_hold",
                             "DELETE FROM hold_vouchers WHERE hold_id = $1::uuid"};
const Statement kOnHold{"voucher_on_hold",
                        "SELECT code_key FROM hold_vouchers WHERE hold_id = $1::uuid"};

const Statement kKnownEvents{"voucher_known_events",
                             "SELECT id::text FROM events WHERE id = ANY($1::uuid[])"};
const Statement kKnownCategories{"voucher_known_categories",
                                 "SELECT DISTINCT category_id FROM price_categories"
                                 " WHERE event_id = ANY($1::uuid[])"
                                 " AND category_id = ANY($2::text[])"};
const Statement kKnownTypes{"voucher_known_types",
                            "SELECT DISTINCT type_id FROM ticket_types"
                            " WHERE event_id = ANY($1::uuid[]) AND type_id = ANY($2::text[])"};

QStringList column(const pqxx::result &rows)
{
    QStringList out;
    for (const auto &row : rows)
        out.append(qstr(row[0]));
    return out;
}

std::optional<int> optionalInt(const pqxx::field &field)
{
    return field.is_null() ? std::nullopt : std::optional<int>(field.as<int>());
}

QDateTime optionalTime(const pqxx::field &field)
{
    return field.is_null() ? QDateTime() : QDateTime::fromString(qstr(field), Qt::ISODate);
}

std::string timeText(const QDateTime &time)
{
    return time.isValid() ? str(time.toUTC().toString(Qt::ISODate)) : std::string();
}

Voucher voucherOf(const pqxx::row &row)
{
    Voucher voucher;
    voucher.code = qstr(row[0]);
    voucher.eventIds = parseTextArray(row[1]);
    voucher.categories = parseTextArray(row[2]);
    voucher.typeIds = parseTextArray(row[3]);
    voucher.kind = qstr(row[4]);
    if (!row[5].is_null())
        voucher.valueCents = row[5].as<qint64>();
    voucher.percentBp = optionalInt(row[6]);
    voucher.maxUses = optionalInt(row[7]);
    voucher.maxPerFan = optionalInt(row[8]);
    voucher.validFrom = optionalTime(row[9]);
    voucher.validUntil = optionalTime(row[10]);
    voucher.disabled = row[11].as<bool>();
    voucher.version = row[12].as<int>();
    voucher.allocation = qstr(row[13]);
    return voucher;
}

// A voucher's own columns are $1 to $13 of both the insert and the update; `more` follow.
template<typename... More>
pqxx::result execWithVoucher(Tx &tx,
                             const Statement &statement,
                             const Voucher &voucher,
                             More &&...more)
{
    return exec(tx,
                statement,
                str(voucher.code),
                textArray(voucher.eventIds),
                textArray(voucher.categories),
                textArray(voucher.typeIds),
                str(voucher.kind),
                voucher.valueCents,
                voucher.percentBp,
                voucher.maxUses,
                voucher.maxPerFan,
                timeText(voucher.validFrom),
                timeText(voucher.validUntil),
                voucher.disabled,
                str(voucher.allocation),
                std::forward<More>(more)...);
}

} // namespace

std::optional<Voucher> VoucherRepository::find(Tx &tx, const QString &code, bool lock)
{
    const auto rows = exec(tx, lock ? kFindLocked : kFind, str(code));
    if (rows.empty())
        return std::nullopt;
    Voucher voucher = voucherOf(rows[0]);
    voucher.uses = uses(tx, code, {}, {}).total;
    return voucher;
}

QList<Voucher> VoucherRepository::forEvent(Tx &tx, const QString &eventId)
{
    QList<Voucher> out;
    for (const auto &row : exec(tx, kForEvent, str(eventId))) {
        Voucher voucher = voucherOf(row);
        voucher.uses = row[14].as<int>();
        out.append(std::move(voucher));
    }
    return out;
}

bool VoucherRepository::insert(Tx &tx, const Voucher &voucher, const QString &actor)
{
    return execWithVoucher(tx, kInsert, voucher, str(actor)).affected_rows() == 1;
}

int VoucherRepository::update(Tx &tx, const Voucher &voucher)
{
    const auto rows = execWithVoucher(tx, kUpdate, voucher);
    return rows.empty() ? 0 : rows[0][0].as<int>();
}

bool VoucherRepository::removeUnused(Tx &tx, const QString &code)
{
    return exec(tx, kRemoveUnused, str(code)).affected_rows() == 1;
}

VoucherUses VoucherRepository::uses(Tx &tx,
                                    const QString &code,
                                    const QString &owner,
                                    const QString &exceptHoldId)
{
    static const QString noHold = QStringLiteral("00000000-0000-0000-0000-000000000000");
    const auto row = exec(tx,
                          kUses,
                          str(code),
                          str(owner),
                          str(exceptHoldId.isEmpty() ? noHold : exceptHoldId))[0];
    return VoucherUses{row[0].as<int>(), row[1].as<int>()};
}

QStringList VoucherRepository::knownEvents(Tx &tx, const QStringList &eventIds)
{
    return column(exec(tx, kKnownEvents, textArray(eventIds)));
}

QStringList VoucherRepository::knownCategories(Tx &tx,
                                               const QStringList &eventIds,
                                               const QStringList &categories)
{
    return column(exec(tx, kKnownCategories, textArray(eventIds), textArray(categories)));
}

QStringList VoucherRepository::knownTypes(Tx &tx,
                                          const QStringList &eventIds,
                                          const QStringList &typeIds)
{
    return column(exec(tx, kKnownTypes, textArray(eventIds), textArray(typeIds)));
}

void VoucherRepository::setOnHold(Tx &tx,
                                  const QString &holdId,
                                  const QString &code,
                                  bool unlocksAllocation)
{
    exec(tx, kSetOnHold, str(holdId), str(code), unlocksAllocation);
}

bool VoucherRepository::unlocksAllocation(Tx &tx, const QString &holdId)
{
    const auto rows = exec(tx, kUnlocksAllocation, str(holdId));
    return !rows.empty() && rows[0][0].as<bool>();
}

void VoucherRepository::clearOnHold(Tx &tx, const QString &holdId)
{
    exec(tx, kClearOnHold, str(holdId));
}

QString VoucherRepository::onHold(Tx &tx, const QString &holdId)
{
    const auto rows = exec(tx, kOnHold, str(holdId));
    return rows.empty() ? QString() : qstr(rows[0][0]);
}

} // namespace boxoffice::server::db
