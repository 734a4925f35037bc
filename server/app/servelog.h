// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLoggingCategory>

namespace boxoffice::server {

/// The `serve` command's own messages (startup, Redis, the periodic jobs): one category, so
/// `QT_LOGGING_RULES=boxoffice.serve.debug=true` reaches all of them.
Q_DECLARE_LOGGING_CATEGORY(lcServe)

} // namespace boxoffice::server
