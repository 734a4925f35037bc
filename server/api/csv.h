// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// RFC 4180 CSV, as every export writes it: UTF-8, CRLF line ends, a field with a comma, quote,
// CR or LF quoted and its quotes doubled.

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace boxoffice::server::api {

/// One field as RFC 4180 wants it.
QByteArray csvField(const QString &value);
/// One line of fields, CRLF included.
QByteArray csvLine(const QStringList &fields);
/// Lines of fields.
QByteArray csvLines(const QList<QStringList> &rows);

} // namespace boxoffice::server::api
