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
    QCoreApplication::setApplicationName(QStringLiteral("venue-editor"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Draw sections, rows, seats and general-admission areas."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(*app);

    QLabel window(QStringLiteral("Venue Editor"));
    window.setWindowTitle(QStringLiteral("Venue Editor"));
    window.resize(800, 600);
    window.show();
    return app->exec();
}
