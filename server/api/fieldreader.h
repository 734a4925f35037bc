// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading one member of a JSON request body: a wrong type or range is a 400 bad_request whose
// problem names the field (`field`), for the codecs of the catalog and the back office.

#include <QDateTime>
#include <QJsonObject>

#include <optional>

namespace boxoffice::server::api {

/// An RFC 3339 time; invalid when absent and not `required`.
QDateTime readTime(const QJsonObject &body, const QString &name, bool required);
/// An integer in [min, max]; `fallback` when absent or null.
int readBoundedInt(const QJsonObject &body, const QString &name, int min, int max, int fallback);
/// A non-empty string of at most `maxLength` characters; null when absent and not `required`.
QString readText(const QJsonObject &body, const QString &name, bool required, int maxLength = 500);
/// A boolean; nullopt when absent.
std::optional<bool> readBool(const QJsonObject &body, const QString &name);
/// An integer in [min, max] (422 invalid_field outside, naming `field`); nullopt when absent.
std::optional<qint64> readRangedInt(
    const QJsonObject &object, const QString &name, const QString &field, qint64 min, qint64 max);
/// A percentage 0-100 with at most two decimals, as hundredths of a percent (0 when absent).
int readPercentBp(const QJsonObject &object, const QString &name, const QString &field);
/// Refuses members not in `known` (400 naming the first).
void refuseUnknown(const QJsonObject &body, const QStringList &known);

} // namespace boxoffice::server::api
