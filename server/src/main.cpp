#include <core/version.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

// boxoffice-server SUBCOMMAND [options]. Subcommands are filled in by the server issues.
int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-server"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Box-office server: catalog, holds, orders, payments and queue.\n\n"
                       "Subcommands: serve, migrate, seed-demo, create-user, issue-token"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("subcommand"), QStringLiteral("What to do."));
    parser.process(app);

    QTextStream(stderr) << "boxoffice-server: no subcommand given; see --help\n";
    return 2;
}
