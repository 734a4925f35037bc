// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace boxoffice::server::domain {

/// The one spelling of an id inside the server. A UUID in any form PostgreSQL's uuid type
/// accepts (any case, with or without braces or hyphens) becomes its canonical lower-case
/// 8-4-4-4-12 text; anything else is returned unchanged (seat ids, venue slugs, garbage, which
/// the services answer as before). Every id from a path, body, query or WebSocket op goes
/// through here before it names a Redis key, an advisory lock, a cache entry or a queue, so
/// that one event is one event however its id was typed.
QString canonicalId(const QString &text);
/// canonicalId() of each.
QStringList canonicalIds(const QStringList &texts);
/// True for the 36-character 8-4-4-4-12 text of a UUID (any case): what a row id must look like
/// before it reaches a uuid column (anything else is answered 404, never a database error).
bool isUuid(const QString &text);
/// `text` in canonical form when it is a uuid of 36 characters (any case); empty otherwise.
QString uuidOrEmpty(const QString &text);

} // namespace boxoffice::server::domain
