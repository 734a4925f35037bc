// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading one query parameter of a GET (/audit, /transactions, the reports): what is wrong is
// a problem whose `field` names the parameter.

#include "domain/error.h"

#include <QDateTime>
#include <QString>

namespace boxoffice::server::api {

/// Throws `code` with `detail`, the problem's `field` naming `field`.
[[noreturn]] void refuseField(domain::ErrorCode code, const QString &field, const QString &detail);
/// `text` if it is 1 to 255 characters; else 422 `invalid_field`.
QString boundedName(const QString &field, const QString &text);
/// An RFC 3339 time with its offset (without one it would mean the server's local time); else
/// 422 `invalid_field`.
QDateTime rfc3339(const QString &field, const QString &text);

} // namespace boxoffice::server::api
