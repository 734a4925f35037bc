// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricingrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kEventTax{"pricing_event_tax",
                          "SELECT tax_name, tax_rate_bp, tax_included, refund_fees, version"
                          " FROM events WHERE id = $1::uuid"};
const Statement kTypes{"pricing_types",
                       "SELECT type_id, name, coalesce(category, ''), price_cents, delta_cents,"
                       " max_per_event, max_per_order, channels FROM ticket_types"
                       " WHERE event_id = $1::uuid ORDER BY position"};
const Statement kFees{"pricing_fees",
                      "SELECT channel, scope, fixed_cents, percent_bp FROM event_fees"
                      " WHERE event_id = $1::uuid ORDER BY channel, scope"};
const Statement kSetTax{"pricing_set_tax",
                        "UPDATE events SET tax_name = $2, tax_rate_bp = $3, tax_included = $4,"
                        " refund_fees = $5, version = version + 1"
                        " WHERE id = $1::uuid RETURNING version"};
const Statement kDeleteTypes{"pricing_delete_types",
                             "DELETE FROM ticket_types WHERE event_id = $1::uuid"};
const Statement kInsertType{"pricing_insert_type",
                            "INSERT INTO ticket_types (event_id, type_id, position, name, category,"
                            " price_cents, delta_cents, max_per_event, max_per_order, channels)"
                            " VALUES ($1::uuid, $2, $3, $4, NULLIF($5, ''), $6, $7, $8, $9,"
                            " $10::text[])"};
const Statement kDeleteFees{"pricing_delete_fees",
                            "DELETE FROM event_fees WHERE event_id = $1::uuid"};
const Statement kInsertFee{"pricing_insert_fee",
                           "INSERT INTO event_fees (event_id, channel, scope, fixed_cents,"
                           " percent_bp) VALUES ($1::uuid, $2, $3, $4, $5)"};
const Statement kKnownCategories{"pricing_known_categories",
                                 "SELECT category_id FROM price_categories"
                                 " WHERE event_id = $1::uuid AND category_id = ANY($2::text[])"};
const Statement kSeatBasket{
    "pricing_seat_basket",
    "SELECT s.seat_id, i.category, coalesce(p.price_cents, 0), coalesce(t.type_id, '')"
    " FROM unnest($2::text[]) WITH ORDINALITY s(seat_id, n)"
    " JOIN inventory i ON i.event_id = $1::uuid AND i.seat_id = s.seat_id"
    " LEFT JOIN price_categories p ON p.event_id = i.event_id AND p.category_id = i.category"
    " LEFT JOIN hold_ticket_types t ON t.hold_id = $3::uuid AND t.seat_id = s.seat_id"
    " ORDER BY s.n"};
const Statement kGaBasket{
    "pricing_ga_basket",
    "SELECT g.category, coalesce(p.price_cents, 0) FROM ga_zones g"
    " LEFT JOIN price_categories p ON p.event_id = g.event_id AND p.category_id = g.category"
    " WHERE g.event_id = $1::uuid AND g.ga_id = $2"};
const Statement kClearHoldTypes{"pricing_clear_hold_types",
                                "DELETE FROM hold_ticket_types WHERE hold_id = $1::uuid"};
const Statement kSetHoldTypes{"pricing_set_hold_types",
                              "INSERT INTO hold_ticket_types (hold_id, seat_id, type_id)"
                              " SELECT $1::uuid, s, t FROM unnest($2::text[], $3::text[]) x(s, t)"};
const Statement kLockTypes{"pricing_lock_types",
                           "SELECT type_id FROM ticket_types WHERE event_id = $1::uuid"
                           " AND type_id = ANY($2::text[]) ORDER BY type_id FOR UPDATE"};
const Statement kTypeSales{"pricing_type_sales",
                           "SELECT l.type_id, count(*) FROM order_lines l"
                           " JOIN orders o ON o.id = l.order_id"
                           " WHERE l.event_id = $1::uuid AND l.type_id = ANY($2::text[])"
                           " AND l.kind = 'ticket' AND NOT l.refunded"
                           " AND o.status IN ('pending', 'paid') GROUP BY l.type_id"};
const Statement kInsertLines{
    "pricing_insert_lines",
    "INSERT INTO order_lines (order_id, line_no, event_id, kind, reference, type_id, type_name,"
    " net_cents, tax_cents, total_cents, discount_cents)"
    " SELECT $1::uuid, n, $2::uuid, k, r, NULLIF(t, ''), tn, net, tax, total, d"
    " FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[],"
    " $9::bigint[], $10::bigint[]) WITH ORDINALITY x(k, r, t, tn, net, tax, total, d, n)"};
const Statement
    kLines{"pricing_lines",
           "SELECT kind, reference, coalesce(type_id, ''), type_name, net_cents,"
           " tax_cents, total_cents, discount_cents FROM order_lines WHERE order_id = $1::uuid"
           " ORDER BY line_no"};
// Per reference and kind, as many of its unrefunded lines as tickets of it were refunded.
const Statement kMarkRefunded{
    "pricing_mark_refunded",
    "UPDATE order_lines l SET refunded = true FROM ("
    "   SELECT line_no, row_number() OVER (PARTITION BY reference, kind ORDER BY line_no) AS n,"
    "   reference FROM order_lines WHERE order_id = $1::uuid"
    "   AND kind IN ('ticket', 'ticket_fee') AND NOT refunded) c"
    " JOIN (SELECT r, count(*) AS wanted FROM unnest($2::text[]) r GROUP BY r) w"
    "   ON w.r = c.reference"
    " WHERE l.order_id = $1::uuid AND l.line_no = c.line_no AND c.n <= w.wanted"};
const Statement kTicketTax{"pricing_ticket_tax",
                           "SELECT coalesce(sum(tax_cents), 0) FROM tickets"
                           " WHERE id = ANY($1::uuid[])"};

std::optional<int> optionalInt(const pqxx::field &field)
{
    return field.is_null() ? std::nullopt : std::optional<int>(field.as<int>());
}

std::optional<qint64> optionalCents(const pqxx::field &field)
{
    return field.is_null() ? std::nullopt : std::optional<qint64>(field.as<qint64>());
}

} // namespace

std::optional<PriceRules> PricingRepository::rules(Tx &tx, const QString &eventId)
{
    const auto event = exec(tx, kEventTax, str(eventId));
    if (event.empty())
        return std::nullopt;
    PriceRules rules;
    rules.tax = TaxRule{qstr(event[0][0]), event[0][1].as<int>(), event[0][2].as<bool>()};
    rules.refundFees = event[0][3].as<bool>();
    rules.version = event[0][4].as<int>();
    for (const auto &row : exec(tx, kTypes, str(eventId))) {
        rules.types.append(TicketType{qstr(row[0]),
                                      qstr(row[1]),
                                      qstr(row[2]),
                                      optionalCents(row[3]),
                                      optionalCents(row[4]),
                                      optionalInt(row[5]),
                                      optionalInt(row[6]),
                                      parseTextArray(row[7])});
    }
    for (const auto &row : exec(tx, kFees, str(eventId)))
        rules.fees.append(
            FeeRule{qstr(row[0]), qstr(row[1]), row[2].as<qint64>(), row[3].as<int>()});
    return rules;
}

int PricingRepository::replaceRules(Tx &tx, const QString &eventId, const PriceRules &rules)
{
    exec(tx, kDeleteTypes, str(eventId));
    int position = 0;
    for (const TicketType &type : rules.types)
        exec(tx,
             kInsertType,
             str(eventId),
             str(type.id),
             position++,
             str(type.name),
             str(type.category),
             type.priceCents,
             type.deltaCents,
             type.maxPerEvent,
             type.maxPerOrder,
             textArray(type.channels));
    exec(tx, kDeleteFees, str(eventId));
    for (const FeeRule &fee : rules.fees)
        exec(tx,
             kInsertFee,
             str(eventId),
             str(fee.channel),
             str(fee.scope),
             fee.fixedCents,
             fee.percentBp);
    return exec(tx,
                kSetTax,
                str(eventId),
                str(rules.tax.name),
                rules.tax.rateBp,
                rules.tax.included,
                rules.refundFees)[0][0]
        .as<int>();
}

QStringList PricingRepository::knownCategories(Tx &tx,
                                               const QString &eventId,
                                               const QStringList &categories)
{
    QStringList out;
    for (const auto &row : exec(tx, kKnownCategories, str(eventId), textArray(categories)))
        out.append(qstr(row[0]));
    return out;
}

QList<BasketPlace> PricingRepository::basket(Tx &tx, const Hold &hold)
{
    QList<BasketPlace> out;
    if (!hold.seats.isEmpty()) {
        for (const auto &row :
             exec(tx, kSeatBasket, str(hold.eventId), textArray(hold.seats), str(hold.id)))
            out.append(BasketPlace{qstr(row[0]), qstr(row[1]), row[2].as<qint64>(), qstr(row[3])});
    }
    if (!hold.gaId.isEmpty() && hold.gaQuantity > 0) {
        const auto zone = exec(tx, kGaBasket, str(hold.eventId), str(hold.gaId));
        for (int i = 0; i < hold.gaQuantity && !zone.empty(); ++i)
            out.append(BasketPlace{hold.gaId, qstr(zone[0][0]), zone[0][1].as<qint64>(), {}});
    }
    return out;
}

void PricingRepository::setHoldTypes(Tx &tx,
                                     const QString &holdId,
                                     const QMap<QString, QString> &types)
{
    exec(tx, kClearHoldTypes, str(holdId));
    exec(tx, kSetHoldTypes, str(holdId), textArray(types.keys()), textArray(types.values()));
}

QHash<QString, int> PricingRepository::lockTypeSales(Tx &tx,
                                                     const QString &eventId,
                                                     QStringList typeIds)
{
    typeIds.sort();
    exec(tx, kLockTypes, str(eventId), textArray(typeIds));
    QHash<QString, int> sold;
    for (const auto &row : exec(tx, kTypeSales, str(eventId), textArray(typeIds)))
        sold.insert(qstr(row[0]), row[1].as<int>());
    return sold;
}

void PricingRepository::insertLines(Tx &tx,
                                    const QString &orderId,
                                    const QString &eventId,
                                    const QList<PriceLine> &lines)
{
    QStringList kinds, references, types, names;
    QList<qint64> net, tax, total, discount;
    for (const PriceLine &line : lines) {
        kinds.append(line.kind);
        references.append(line.reference);
        types.append(line.typeId);
        names.append(line.typeName);
        net.append(line.netCents);
        tax.append(line.taxCents);
        total.append(line.totalCents);
        discount.append(line.discountCents);
    }
    exec(tx,
         kInsertLines,
         str(orderId),
         str(eventId),
         textArray(kinds),
         textArray(references),
         textArray(types),
         textArray(names),
         numberArray(net),
         numberArray(tax),
         numberArray(total),
         numberArray(discount));
}

QList<PriceLine> PricingRepository::lines(Tx &tx, const QString &orderId)
{
    QList<PriceLine> out;
    for (const auto &row : exec(tx, kLines, str(orderId)))
        out.append(PriceLine{qstr(row[0]),
                             qstr(row[1]),
                             qstr(row[2]),
                             qstr(row[3]),
                             row[4].as<qint64>(),
                             row[5].as<qint64>(),
                             row[6].as<qint64>(),
                             row[7].as<qint64>()});
    return out;
}

void PricingRepository::markRefunded(Tx &tx, const QString &orderId, const QStringList &references)
{
    exec(tx, kMarkRefunded, str(orderId), textArray(references));
}

qint64 PricingRepository::ticketTax(Tx &tx, const QStringList &ticketIds)
{
    return exec(tx, kTicketTax, textArray(ticketIds))[0][0].as<qint64>();
}

} // namespace boxoffice::server::db
