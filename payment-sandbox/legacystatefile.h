// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::sandbox {

/// Turns a JSON state file of sandboxes before the SQLite store into a state database at the
/// same path. The database is built beside it and renamed over it, so a crash midway leaves the
/// JSON file as it was (and the next start migrates again); the JSON is kept as `<path>.v1.json`.
bool migrateLegacyStateFile(const QString &path, QString *error);

} // namespace boxoffice::sandbox
