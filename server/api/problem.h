// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/error.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// An Error as REST and WebSocket answer it: RFC 9457 problem+json and its HTTP status.
struct Problem
{
    int status = 500;
    QJsonObject body; ///< type, title, status, code, detail and the error's details' members
};

/// The problem answer of `error` (API.md "Errors"): the same object for REST and WebSocket.
Problem problem(const domain::Error &error);
/// Just the problem object of `error`.
QJsonObject problemJson(const domain::Error &error);

} // namespace boxoffice::server::api
