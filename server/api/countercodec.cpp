// SPDX-License-Identifier: GPL-3.0-or-later
#include "countercodec.h"

#include "ordercodec.h"
#include "orderreader.h"
#include "storedanswer.h"

#include "domain/error.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;

namespace {

void onlyFields(const QJsonObject &body, const QStringList &known)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            throw Error(ErrorCode::BadRequest, QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

} // namespace

domain::SaleContact parseSaleContact(const QJsonObject &body)
{
    domain::SaleContact contact;
    const QJsonValue email = body.value(u"email");
    const QJsonValue locale = body.value(u"locale");
    if (!email.isUndefined() && !email.isNull()) {
        const QString text = email.toString().trimmed();
        // One address, no display name, no header smuggling: local@domain.
        const qsizetype at = text.indexOf(u'@');
        if (!email.isString() || text.size() < 3 || text.size() > 254 || at < 1
            || at != text.lastIndexOf(u'@') || at == text.size() - 1
            || text.contains(QRegularExpression(QStringLiteral("[\\s<>,;\"()\\[\\]\\\\]"))))
            throw Error(ErrorCode::BadRequest, QStringLiteral("`email` must be one e-mail address"));
        contact.email = text;
    }
    if (!locale.isUndefined() && !locale.isNull()) {
        if (!locale.isString()
            || !QRegularExpression(QStringLiteral("^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$"))
                    .match(locale.toString())
                    .hasMatch())
            throw Error(ErrorCode::BadRequest,
                        QStringLiteral("`locale` must be a language tag such as es or en-GB"));
        contact.locale = locale.toString();
    }
    return contact;
}

domain::SaleContact parseMailAgain(const QJsonObject &body)
{
    onlyFields(body, {QStringLiteral("email"), QStringLiteral("locale")});
    return parseSaleContact(body);
}

domain::PrintRequest parsePrintRequest(const QJsonObject &body)
{
    onlyFields(body, {QStringLiteral("ticket_ids"), QStringLiteral("printer")});
    const QJsonValue ids = body.value(u"ticket_ids");
    if (!ids.isArray() || ids.toArray().isEmpty() || ids.toArray().size() > 1000)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("`ticket_ids` must be a non-empty array of ticket ids"));
    const QJsonValue printer = body.value(u"printer");
    if (!printer.isUndefined() && (!printer.isString() || printer.toString().size() > 200))
        throw Error(ErrorCode::BadRequest, QStringLiteral("`printer` must be a short string"));
    domain::PrintRequest request;
    for (const QJsonValue &id : ids.toArray())
        request.ticketIds.append(id.toString().toLower()); // not a string: "", not in the order
    request.printer = printer.toString();
    return request;
}

domain::AnswerCodec<domain::PlacedOrder> counterSaleCodec()
{
    return {
        [](const domain::PlacedOrder &sold) {
            return storedJson(sold.created ? 201 : 200, orderJson(sold.order));
        },
        [](const domain::StoredAnswerText &stored) {
            return domain::PlacedOrder{orderFromJson(storedObject(stored)), stored.status == 201};
        },
        storedProblem,
        storedError};
}

QJsonObject mailQueuedJson(const domain::MailQueued &queued)
{
    return {{QStringLiteral("order_id"), queued.orderId},
            {QStringLiteral("mail_id"), queued.mailId},
            {QStringLiteral("to"), queued.to},
            {QStringLiteral("locale"), queued.locale},
            {QStringLiteral("status"), QStringLiteral("queued")}};
}

domain::AnswerCodec<domain::MailQueued> mailQueuedCodec()
{
    return jsonAnswerCodec<domain::MailQueued>(202, mailQueuedJson, [](const QJsonObject &body) {
        return domain::MailQueued{body.value(u"order_id").toString(),
                                  body.value(u"mail_id").toInteger(),
                                  body.value(u"to").toString(),
                                  body.value(u"locale").toString()};
    });
}

QJsonObject counterOrdersJson(const QList<domain::CounterOrder> &orders)
{
    auto orNull = [](const std::optional<QString> &text) {
        return text ? QJsonValue(*text) : QJsonValue(QJsonValue::Null);
    };
    QJsonArray items;
    for (const domain::CounterOrder &found : orders) {
        QJsonObject item = orderJson(found.order);
        if (const auto &context = found.context) {
            item.insert(u"customer",
                        QJsonObject{{QStringLiteral("username"), context->username},
                                    {QStringLiteral("email"), orNull(context->email)},
                                    {QStringLiteral("name"), orNull(context->name)}});
            item.insert(u"event",
                        QJsonObject{{QStringLiteral("id"), context->eventId},
                                    {QStringLiteral("title"), context->eventTitle},
                                    {QStringLiteral("starts_at"), context->startsAt},
                                    {QStringLiteral("time_zone"), context->timeZone},
                                    {QStringLiteral("venue"), context->venue}});
        }
        items.append(item);
    }
    return {{QStringLiteral("items"), items}};
}

QJsonObject printedTicketsJson(const domain::PrintedTickets &printed)
{
    return {{QStringLiteral("order_id"), printed.orderId},
            {QStringLiteral("printed"), printed.count}};
}

} // namespace boxoffice::server::api
