// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::core {

/// Switches the UI language of an app: installs the app's catalogue `:/i18n/<app>_<language>`
/// and Qt's own (qtbase) for `language` ("es"; "en" or "" = the source texts); false when the
/// app has no translation for it. Widgets retranslate on the LanguageChange event.
bool installLanguage(const QString &app, const QString &language);

} // namespace boxoffice::core
