// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/auditlog.h"

#include <QJsonObject>
#include <QUrlQuery>

namespace boxoffice::server::api {

/// GET /audit's parameters: `event_id` (uuid), `since` (RFC 3339 with an offset), `before` (an
/// audit id), `limit` (1-200, default 50). A bad value: 422 `invalid_field` naming it; an
/// unknown or repeated parameter: 400 `bad_request` naming it.
db::AuditQuery parseAuditQuery(const QUrlQuery &query);

/// `{"items":[{"id","at","actor","action","event_id","subject","before","after"}],
/// "next_before"}`; `event_id`, `before`, `after` and `next_before` null when there is none.
QJsonObject auditPageJson(const domain::AuditPage &page);

} // namespace boxoffice::server::api
