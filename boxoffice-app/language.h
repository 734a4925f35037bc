#pragma once

#include <QString>

namespace boxoffice::app {

/// Installs the app's translation for `language` ("es"; "en" = none) and Qt's own; false when
/// there is no translation for it. Widgets retranslate on the LanguageChange event.
bool installLanguage(const QString &language);

} // namespace boxoffice::app
