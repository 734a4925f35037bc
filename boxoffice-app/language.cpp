#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace boxoffice::app {

bool installLanguage(const QString &language)
{
    // Owned by the application: translators must live as long as it does.
    static QTranslator app;
    static QTranslator qt;
    QCoreApplication::removeTranslator(&app);
    QCoreApplication::removeTranslator(&qt);
    if (language.isEmpty() || language == u"en")
        return true;
    if (!app.load(QStringLiteral(":/i18n/boxoffice-app_") + language))
        return false;
    QCoreApplication::installTranslator(&app);
    if (qt.load(QStringLiteral("qtbase_") + language,
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
    return true;
}

} // namespace boxoffice::app
