// SPDX-License-Identifier: GPL-3.0-or-later
#include "ifmatch.h"

#include "domain/error.h"

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

std::optional<int> ifMatchVersion(const Request &request)
{
    QByteArray value = request.header("if-match").trimmed();
    if (value.isEmpty())
        return std::nullopt;
    if (value.startsWith("W/"))
        value = value.mid(2);
    if (value.size() >= 2 && value.startsWith('"') && value.endsWith('"'))
        value = value.mid(1, value.size() - 2);
    bool ok = false;
    const int version = value.toInt(&ok);
    if (!ok || version < 1)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("If-Match must name a version, e.g. \"3\""));
    return version;
}

int requiredIfMatch(const Request &request)
{
    const auto version = ifMatchVersion(request);
    if (!version)
        throw Error(ErrorCode::PreconditionRequired,
                    QStringLiteral("send If-Match with the version you read (the ETag), so two "
                                   "people editing at once never overwrite each other"));
    return *version;
}

QByteArray versionTag(int version)
{
    return '"' + QByteArray::number(version) + '"';
}

} // namespace boxoffice::server::http
