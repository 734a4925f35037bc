// SPDX-License-Identifier: GPL-3.0-or-later
#include "queryfield.h"

#include <QRegularExpression>

namespace boxoffice::server::api {

using domain::ErrorCode;

void refuseField(ErrorCode code, const QString &field, const QString &detail)
{
    domain::ErrorDetails details;
    details.field = field;
    throw domain::Error(code, detail, std::move(details));
}

QString boundedName(const QString &field, const QString &text)
{
    if (text.isEmpty() || text.size() > 255)
        refuseField(ErrorCode::InvalidField,
                    field,
                    QStringLiteral("`%1` must be 1 to 255 characters").arg(field));
    return text;
}

QDateTime rfc3339(const QString &field, const QString &text)
{
    static const QRegularExpression withOffset(QStringLiteral("(Z|[+-]\\d\\d:\\d\\d)$"));
    const QDateTime at = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!at.isValid() || !withOffset.match(text).hasMatch())
        refuseField(ErrorCode::InvalidField,
                    field,
                    QStringLiteral("`%1` must be an RFC 3339 time, e.g. 2026-05-01T18:00:00Z")
                        .arg(field));
    return at;
}

} // namespace boxoffice::server::api
