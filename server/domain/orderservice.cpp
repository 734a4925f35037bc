// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderservice.h"

#include "events/saleevents.h"
#include "orderpricing.h"

#include "db/database.h"
#include "db/holdrepository.h"
#include "db/orderrepository.h"
#include "db/orderreturnurls.h"
#include "db/outboxrepository.h"
#include "db/paymentattemptrepository.h"
#include "db/requestfingerprintcodec.h"
#include "db/voucherrepository.h"
#include "payments/paymentprovider.h"

#include <QLoggingCategory>
#include <QUuid>

namespace boxoffice::server::domain {

Q_LOGGING_CATEGORY(lcOrders, "boxoffice.orders")

using db::HoldRepository;
using db::OrderRepository;
using db::OutboxRepository;
using db::PaymentAttemptRepository;
using db::VoucherRepository;

namespace {

bool isUuid(const QString &text)
{
    return text.size() == 36 && !QUuid::fromString(text).isNull();
}

Error notFound()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such order"));
}

} // namespace

OrderService::Limits OrderService::Limits::fromEnvironment()
{
    Limits limits;
    bool ok = false;
    const int attempts = qEnvironmentVariableIntValue("BOXOFFICE_MAX_PAYMENT_ATTEMPTS", &ok);
    if (ok && attempts >= 1)
        limits.maxAttempts = attempts;
    const int lifetime = qEnvironmentVariableIntValue("BOXOFFICE_HOLD_MAX_LIFETIME_SECONDS", &ok);
    if (ok && lifetime >= 1)
        limits.maxHoldLifetimeSeconds = lifetime;
    return limits;
}

OrderService::OrderService(db::Database &database,
                           payments::PaymentProvider &provider,
                           QString providerName,
                           int paymentWindowSeconds)
    : m_database(database)
    , m_provider(provider)
    , m_providerName(std::move(providerName))
    , m_paymentWindowSeconds(paymentWindowSeconds)
    , m_idempotency(database)
{}

Result<PlacedOrder> OrderService::create(const Principal &caller,
                                         const OrderRequest &request,
                                         const AnswerCodec<OrderClaim> &codec)
{
    if (request.idempotencyKey) {
        try {
            Idempotency::validateKey(*request.idempotencyKey);
        } catch (const Error &error) {
            return error;
        }
    }
    const auto claim = m_idempotency.run<OrderClaim>(
        caller.subject,
        QStringLiteral("order.create"),
        request.idempotencyKey,
        db::requestFingerprintBytes(db::OrderFingerprint{request.holdId, request.returnUrl}),
        codec,
        [&](db::Tx &tx) { return createInTx(tx, caller, request.holdId, request.returnUrl); });
    if (!claim)
        return claim.error();
    const QString orderId = claim->orderId;
    const auto order = load(orderId);
    if (!order)
        return Error(ErrorCode::Unavailable, QStringLiteral("the order could not be read back"));
    // The provider is asked outside any inventory transaction: a slow provider never holds locks.
    if (order->attempt
        && (order->attempt->status == u"created" || order->attempt->status == u"uncertain")
        && order->attempt->intentId.isEmpty())
        ensureIntent(order->attempt->id);
    auto fresh = load(orderId);
    return PlacedOrder{fresh ? std::move(*fresh) : *order, claim->created};
}

OrderClaim OrderService::createInTx(db::Tx &tx,
                                    const Principal &caller,
                                    const QString &holdId,
                                    const QString &returnUrl)
{
    if (!isUuid(holdId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    // The hold row lock serializes every order request for this hold, whatever its key.
    const auto hold = HoldRepository::findHold(tx, holdId, true);
    if (!hold || hold->owner != caller.subject)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    // A clerk's allocation seats are sold at the counter there and then; those a fan's code
    // opened may wait for a payment (the seats stay the hold's: never free to anyone else).
    if (!hold->allocation.isEmpty() && !VoucherRepository::unlocksAllocation(tx, holdId))
        throw Error(ErrorCode::AllocationNotForSale,
                    QStringLiteral("an allocation's seats are sold at the counter only"));
    const QString existing = OrderRepository::orderIdForHold(tx, holdId);
    if (!existing.isEmpty()) {
        auto order = OrderRepository::load(tx, existing, true);
        // A declined or abandoned payment may start again while the hold is live.
        if ((order->status == u"pending" || order->status == u"failed") && hold->status == u"active"
            && order->channel == u"online" && !PaymentAttemptRepository::hasOpen(tx, existing)) {
            // Each attempt extends the hold: without these caps, declined cards would keep the
            // seats from everyone else for as long as the fan cares to retry.
            if (PaymentAttemptRepository::count(tx, existing) >= m_limits.maxAttempts)
                throw Error(ErrorCode::PaymentAttemptsExceeded,
                            QStringLiteral("at most %1 payment attempts per order")
                                .arg(m_limits.maxAttempts),
                            ErrorDetails{.limit = m_limits.maxAttempts});
            if (OrderRepository::holdLifetimeOver(tx, holdId, m_limits.maxHoldLifetimeSeconds))
                throw Error(ErrorCode::HoldExpired,
                            QStringLiteral("the hold has reached its longest life (%1 s)")
                                .arg(m_limits.maxHoldLifetimeSeconds));
            PaymentAttemptRepository::insert(tx,
                                             existing,
                                             m_providerName,
                                             QStringLiteral("card"),
                                             order->amountCents,
                                             order->currency,
                                             QStringLiteral("created"));
            OrderRepository::extendHold(tx,
                                        holdId,
                                        m_paymentWindowSeconds,
                                        m_limits.maxHoldLifetimeSeconds);
            OrderRepository::setOrderStatus(tx, existing, QStringLiteral("pending"), {});
            if (!returnUrl.isEmpty()) // the new attempt's page sends the buyer here
                db::OrderReturnUrls::set(tx, existing, returnUrl);
        }
        return OrderClaim{existing, false};
    }
    if (hold->status != u"active")
        throw Error(ErrorCode::HoldExpired, QStringLiteral("the hold is no longer live"));
    const PricedOrder priced = priceOrder(tx, *hold, caller.subject, QStringLiteral("online"));
    const db::NewOrder &row = priced.row;
    QString orderId;
    try {
        orderId = OrderRepository::insertOrder(tx, row);
    } catch (const db::SaleRefused &) { // cancelled meanwhile (the orders trigger)
        throw Error(ErrorCode::EventCancelled, QStringLiteral("this event is cancelled"));
    }
    if (orderId.isEmpty()) // the unique constraint on orders(hold_id) is the backstop
        return OrderClaim{OrderRepository::orderIdForHold(tx, holdId), false};
    recordLines(tx, orderId, priced);
    PaymentAttemptRepository::insert(tx,
                                     orderId,
                                     m_providerName,
                                     QStringLiteral("card"),
                                     row.amountCents,
                                     row.currency,
                                     QStringLiteral("created"));
    OrderRepository::extendHold(tx, holdId, m_paymentWindowSeconds, m_limits.maxHoldLifetimeSeconds);
    if (!returnUrl.isEmpty())
        db::OrderReturnUrls::set(tx, orderId, returnUrl);
    OutboxRepository::record(tx, events::OrderCreated{hold->eventId, orderId, caller.subject});
    return OrderClaim{orderId, true};
}

void OrderService::ensureIntent(const QString &attemptId)
{
    std::optional<PaymentAttempt> attempt;
    QString returnUrl;
    m_database.transact([&](db::Tx &tx) {
        attempt = PaymentAttemptRepository::byId(tx, attemptId);
        if (attempt)
            returnUrl = db::OrderReturnUrls::get(tx, attempt->orderId);
    });
    if (!attempt || !attempt->intentId.isEmpty()
        || (attempt->status != u"created" && attempt->status != u"uncertain"))
        return;
    // Same key every time: a retry after a timeout finds the intent the first call created.
    const auto intent = m_provider.createIntent(attempt->orderId,
                                                attempt->amountCents,
                                                attempt->currency,
                                                attempt->idempotencyKey,
                                                returnUrl);
    m_database.transact([&](db::Tx &tx) {
        if (intent) {
            PaymentAttemptRepository::setIntent(tx,
                                                attemptId,
                                                intent.value().id,
                                                intent.value().clientSecret);
        } else if (intent.error().isUncertain()) {
            qCWarning(lcOrders) << "create intent uncertain for" << attemptId
                                << intent.error().code;
            PaymentAttemptRepository::setStatus(tx,
                                                attemptId,
                                                QStringLiteral("uncertain"),
                                                intent.error().code);
        } else {
            qCWarning(lcOrders) << "create intent refused for" << attemptId << intent.error().code;
            const auto current = PaymentAttemptRepository::byId(tx, attemptId);
            if (current && current->status != u"created" && current->status != u"uncertain")
                return;
            PaymentAttemptRepository::setStatus(tx,
                                                attemptId,
                                                QStringLiteral("failed"),
                                                intent.error().code);
            const auto order = OrderRepository::load(tx, attempt->orderId, true);
            if (order && order->status == u"pending")
                OrderRepository::setOrderStatus(tx,
                                                order->id,
                                                QStringLiteral("failed"),
                                                intent.error().code);
        }
    });
}

std::optional<Order> OrderService::load(const QString &orderId)
{
    std::optional<Order> order;
    m_database.transact([&](db::Tx &tx) {
        order = OrderRepository::load(tx, orderId);
        if (order)
            decorate(tx, *order);
    });
    return order;
}

void OrderService::decorate(db::Tx &tx, Order &order) const
{
    if (order.channel != u"online")
        return;
    order.returnUrl = db::OrderReturnUrls::get(tx, order.id);
    const auto &attempt = order.attempt;
    const bool open = attempt && !attempt->intentId.isEmpty() && !attempt->clientSecret.isEmpty()
                      && (attempt->status == u"created" || attempt->status == u"pending")
                      && order.status == u"pending";
    if (!open || m_paymentPage.isEmpty())
        return;
    auto encoded = [](const QString &text) {
        return QString::fromLatin1(QUrl::toPercentEncoding(text));
    };
    QString page = m_paymentPage.toString(QUrl::FullyEncoded | QUrl::StripTrailingSlash);
    page += u'/' + encoded(attempt->intentId) + QStringLiteral("?client_secret=")
            + encoded(attempt->clientSecret);
    if (!order.returnUrl.isEmpty())
        page += QStringLiteral("&return_url=") + encoded(order.returnUrl);
    order.paymentPageUrl = page;
}

Result<Order> OrderService::get(const Principal &caller, const QString &orderId)
{
    if (!isUuid(orderId))
        return notFound();
    auto order = load(orderId);
    const bool staff = auth::hasRole(caller.role, auth::Role::Clerk);
    if (!order || (order->owner != caller.subject && !staff))
        return notFound();
    // The client secret confirms the fan's payment: it is the fan's alone, not the staff's.
    if (order->owner != caller.subject && order->attempt)
        order->attempt->clientSecret.clear();
    return std::move(*order);
}

Result<QList<Order>> OrderService::list(const Principal &caller)
{
    QList<Order> orders;
    m_database.transact([&](db::Tx &tx) {
        for (const QString &id : OrderRepository::orderIdsOf(tx, caller.subject, 200)) {
            if (auto order = OrderRepository::load(tx, id)) {
                decorate(tx, *order);
                orders.append(std::move(*order));
            }
        }
    });
    return orders;
}

} // namespace boxoffice::server::domain
