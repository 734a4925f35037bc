// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"
#include "mainwindow.h"
#include <core/uilanguage.h>

#include <core/commandline.h>
#include <core/version.h>

#include <QApplication>
#include <QSettings>

#include <memory>

namespace {

/// The language from --lang, else the saved choice, else the system's.
QString chosenLanguage(const QStringList &arguments)
{
    const qsizetype index = arguments.indexOf(QStringLiteral("--lang"));
    if (index >= 0 && index + 1 < arguments.size())
        return arguments.at(index + 1);
    for (const QString &argument : arguments) {
        if (argument.startsWith(u"--lang="))
            return argument.mid(7);
    }
    const QString saved = QSettings().value(QStringLiteral("language")).toString();
    return saved.isEmpty() ? QLocale().name().left(2) : saved;
}

} // namespace

int main(int argc, char *argv[])
{
    // Console commands (--help, --validate, --generate, ...) must work without a display.
    std::unique_ptr<QCoreApplication> app;
    const bool console = boxoffice::core::isConsoleInvocation(argc,
                                                              argv,
                                                              boxoffice::editor::consoleFlags());
    if (console)
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("venue-editor"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));

    // Console output stays English (scripts parse it); the GUI follows the chosen language.
    if (!console)
        boxoffice::core::installLanguage(QStringLiteral("venue-editor"),
                                         chosenLanguage(app->arguments()));

    const int code = boxoffice::editor::runCommandLine(app->arguments());
    if (code >= 0 || console)
        return qMax(code, 0);

    boxoffice::editor::MainWindow window;
    const QStringList files = app->arguments().mid(1).filter(QStringLiteral(".json"));
    window.show();
    if (!files.isEmpty())
        window.openFile(files.first());
    else
        window.offerRecovery();
    return app->exec();
}
