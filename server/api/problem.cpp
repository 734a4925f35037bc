// SPDX-License-Identifier: GPL-3.0-or-later
#include "problem.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorDetails;
using domain::ErrorIssue;

namespace {

void insertText(QJsonObject &problem, QStringView name, const QString &value)
{
    if (!value.isNull())
        problem.insert(name, value);
}

void insertNumber(QJsonObject &problem, QStringView name, const std::optional<qint64> &value)
{
    if (value)
        problem.insert(name, *value);
}

void insertList(QJsonObject &problem, QStringView name, const QStringList &value)
{
    if (!value.isEmpty())
        problem.insert(name, QJsonArray::fromStringList(value));
}

void insertDetails(QJsonObject &problem, const ErrorDetails &details)
{
    insertList(problem, u"seats", details.seats);
    insertList(problem, u"tickets", details.tickets);
    insertNumber(problem, u"limit", details.limit);
    insertNumber(problem, u"current", details.current);
    insertText(problem, u"limit_name", details.limitName);
    if (details.retryAfterSeconds)
        problem.insert(u"retry_after", *details.retryAfterSeconds);
    insertText(problem, u"on_sale_at", details.onSaleAt);
    insertText(problem, u"first_used_at", details.firstUsedAt);
    insertText(problem, u"used_at", details.usedAt);
    insertText(problem, u"drawer", details.drawer);
    insertText(problem, u"clerk", details.clerk);
    insertText(problem, u"shift_id", details.shiftId);
    insertText(problem, u"opened_at", details.openedAt);
    insertNumber(problem, u"amount_cents", details.amountCents);
    insertNumber(problem, u"tendered_cents", details.tenderedCents);
    insertNumber(problem, u"parts_cents", details.partsCents);
    insertNumber(problem, u"difference_cents", details.differenceCents);
    insertText(problem, u"field", details.field);
    if (!details.issues.isEmpty()) {
        QJsonArray issues;
        for (const ErrorIssue &issue : details.issues)
            issues.append(QJsonObject{{QStringLiteral("path"), issue.path},
                                      {QStringLiteral("message"), issue.message}});
        problem.insert(u"errors", issues);
    }
}

} // namespace

Answer problem(const Error &error)
{
    return {domain::errorStatus(error.code()), problemJson(error)};
}

QJsonObject problemJson(const Error &error)
{
    QJsonObject problem;
    insertDetails(problem, error.details());
    problem.insert(u"type", QStringLiteral("about:blank"));
    problem.insert(u"title", domain::errorTitle(error.code()));
    problem.insert(u"status", domain::errorStatus(error.code()));
    problem.insert(u"code", domain::errorCodeName(error.code()));
    if (!error.detail().isEmpty())
        problem.insert(u"detail", error.detail());
    return problem;
}

} // namespace boxoffice::server::api
