// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QColor>
#include <QStringView>

namespace boxoffice::core {

/// Deterministic JSON text pieces for the writers: the same value always gives the same bytes.
namespace jsonwriter {

/// A JSON string literal (quoted, UTF-8, escaped as QJsonDocument escapes).
QByteArray string(QStringView text);
/// The shortest text that reads back as exactly `value`; whole numbers without a fraction,
/// -0 as 0. `value` must be finite.
QByteArray number(double value);
/// "#rrggbb", or "#aarrggbb" when not opaque; a quoted JSON string.
QByteArray colour(const QColor &colour);

} // namespace jsonwriter
} // namespace boxoffice::core
