// SPDX-License-Identifier: GPL-3.0-or-later
#include "uilanguage.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace boxoffice::core {

bool installLanguage(const QString &app, const QString &language)
{
    // Owned by the application: translators must live as long as it does. One process runs one
    // app, so one pair serves both (tests switch back and forth in one process).
    static QTranslator catalogue;
    static QTranslator qt;
    QCoreApplication::removeTranslator(&catalogue);
    QCoreApplication::removeTranslator(&qt);
    if (language.isEmpty() || language == u"en")
        return true;
    if (!catalogue.load(u":/i18n/" + app + u'_' + language))
        return false;
    QCoreApplication::installTranslator(&catalogue);
    if (qt.load(QStringLiteral("qtbase_") + language,
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
    return true;
}

} // namespace boxoffice::core
