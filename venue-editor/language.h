#pragma once

#include <QString>

namespace boxoffice::editor {

/// Installs the editor's translation for `language` ("es"; "en" = none) and Qt's own; false when
/// there is no translation for it.
bool installLanguage(const QString &language);

} // namespace boxoffice::editor
