#include <core/version.h>

#include <QCommandLineParser>
#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("payment-sandbox"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A card-payment provider for tests and demos."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);
    return 0;
}
