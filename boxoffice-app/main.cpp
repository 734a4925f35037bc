#include <core/commandline.h>
#include <core/version.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QLabel>

#include <memory>

int main(int argc, char *argv[])
{
    // --help and --version must work without a display, so they get a console-only application.
    std::unique_ptr<QCoreApplication> app;
    if (boxoffice::core::isConsoleInvocation(argc, argv))
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-app"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Walk-up ticket sales on a live seat map."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(*app);

    QLabel window(QStringLiteral("Box Office"));
    window.setWindowTitle(QStringLiteral("Box Office"));
    window.resize(800, 600);
    window.show();
    return app->exec();
}
