// SPDX-License-Identifier: GPL-3.0-or-later
#include "storedanswer.h"

#include "problem.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;
using domain::StoredAnswerText;

namespace {

ErrorCode codeNamed(const QString &name)
{
    for (int i = 0; i <= int(ErrorCode::Unavailable); ++i) { // Unavailable: the last code
        if (domain::errorCodeName(ErrorCode(i)) == name)
            return ErrorCode(i);
    }
    return ErrorCode::Unavailable;
}

// Present members only: a text member that is "" stays a non-null, empty QString (it is sent).
QString text(const QJsonObject &problem, QStringView name)
{
    const QJsonValue value = problem.value(name);
    if (!value.isString())
        return {};
    const QString read = value.toString();
    return read.isNull() ? QStringLiteral("") : read;
}

std::optional<qint64> number(const QJsonObject &problem, QStringView name)
{
    const QJsonValue value = problem.value(name);
    return value.isDouble() ? std::optional<qint64>(value.toInteger()) : std::nullopt;
}

QStringList list(const QJsonObject &problem, QStringView name)
{
    QStringList out;
    for (const QJsonValue &value : problem.value(name).toArray())
        out.append(value.toString());
    return out;
}

} // namespace

StoredAnswerText storedJson(int status, const QJsonObject &body)
{
    return {status, QJsonDocument(body).toJson(QJsonDocument::Compact)};
}

QJsonObject storedObject(const StoredAnswerText &stored)
{
    return QJsonDocument::fromJson(stored.body).object();
}

StoredAnswerText storedProblem(const Error &error)
{
    const Answer answer = problem(error);
    return storedJson(answer.status, answer.body);
}

Error storedError(const StoredAnswerText &stored)
{
    const QJsonObject problem = storedObject(stored);
    ErrorDetails details{.seats = list(problem, u"seats"),
                         .tickets = list(problem, u"tickets"),
                         .limit = number(problem, u"limit"),
                         .current = number(problem, u"current"),
                         .limitName = text(problem, u"limit_name"),
                         .retryAfterSeconds = {},
                         .onSaleAt = text(problem, u"on_sale_at"),
                         .firstUsedAt = text(problem, u"first_used_at"),
                         .usedAt = text(problem, u"used_at"),
                         .drawer = text(problem, u"drawer"),
                         .clerk = text(problem, u"clerk"),
                         .shiftId = text(problem, u"shift_id"),
                         .openedAt = text(problem, u"opened_at"),
                         .amountCents = number(problem, u"amount_cents"),
                         .tenderedCents = number(problem, u"tendered_cents"),
                         .partsCents = number(problem, u"parts_cents"),
                         .differenceCents = number(problem, u"difference_cents"),
                         .issues = {}};
    if (const auto retryAfter = number(problem, u"retry_after"))
        details.retryAfterSeconds = int(*retryAfter);
    for (const QJsonValue &value : problem.value(u"errors").toArray()) {
        const QJsonObject issue = value.toObject();
        details.issues.append({issue.value(u"path").toString(), issue.value(u"message").toString()});
    }
    return Error(codeNamed(problem.value(u"code").toString()),
                 problem.value(u"detail").toString(),
                 std::move(details));
}

} // namespace boxoffice::server::api
