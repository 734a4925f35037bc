#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace boxoffice::editor {

bool installLanguage(const QString &language)
{
    // Owned by the application: translators must live as long as it does.
    static QTranslator editor;
    static QTranslator qt;
    QCoreApplication::removeTranslator(&editor);
    QCoreApplication::removeTranslator(&qt);
    if (language.isEmpty() || language == u"en")
        return true;
    if (!editor.load(QStringLiteral(":/i18n/venue-editor_") + language))
        return false;
    QCoreApplication::installTranslator(&editor);
    if (qt.load(QStringLiteral("qtbase_") + language,
                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
    return true;
}

} // namespace boxoffice::editor
