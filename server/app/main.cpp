// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include <core/version.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

using namespace boxoffice::server;

// boxoffice-server SUBCOMMAND [options]
int main(int argc, char *argv[])
{
    // Qt's GLib event dispatcher walks a list of every socket notifier whenever one is switched
    // on or off, which a socket does on every write: with thousands of WebSocket subscribers a
    // seat-map fan-out became quadratic (5,000 subscribers: ~0.35 ms per frame, 1.5-3 s p99).
    // The UNIX dispatcher keeps notifiers in a hash. Must be chosen before the application.
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-server"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral(
            "Box-office server: catalog, holds, orders, payments and queue.\n\n"
            "Subcommands:\n"
            "  serve        answer HTTP until SIGTERM/SIGINT (migrates first)\n"
            "  migrate      apply pending database migrations (advisory-locked: safe\n"
            "               while other instances run or migrate)\n"
            "  check-config explain every problem of the configuration serve would use\n"
            "  create-user  --username U (--password P | --password-stdin) --role R\n"
            "  issue-token  --sub U --role R [--ttl S]: print a signed access token\n"
            "  rotate-ticket-key  a new ticket signing key (old ones stay published)\n"
            "  reconcile    --event ID: check that tickets, seats, orders, payments and\n"
            "               the transaction log agree (exit 1 listing each difference)\n"
            "  seed-demo    demo venue, two events, staff manager/manager-demo and\n"
            "               clerk/clerk-demo\n\n")
        + Config::environmentHelp());
    Config::addOptions(parser);
    parser.addOptions({
        {QStringLiteral("username"),
         QStringLiteral("create-user: the staff account name."),
         QStringLiteral("name")},
        {QStringLiteral("password"),
         QStringLiteral("create-user: the password (prefer --password-stdin)."),
         QStringLiteral("password")},
        {QStringLiteral("password-stdin"),
         QStringLiteral("create-user: read the password from the first line of stdin.")},
        {QStringLiteral("role"),
         QStringLiteral("create-user/issue-token: fan, door, clerk, manager or admin."),
         QStringLiteral("role")},
        {QStringLiteral("sub"),
         QStringLiteral("issue-token: the token's subject."),
         QStringLiteral("subject")},
        {QStringLiteral("event"),
         QStringLiteral("reconcile: the event to check."),
         QStringLiteral("id")},
        {QStringLiteral("ttl"),
         QStringLiteral("issue-token: lifetime in seconds (default 3600)."),
         QStringLiteral("seconds")},
    });
    parser.addPositionalArgument(
        QStringLiteral("subcommand"),
        QStringLiteral("serve, migrate, check-config, create-user, issue-token, rotate-ticket-key, "
                       "reconcile or seed-demo."));
    parser.process(app);

    QString error;
    Config config = Config::load(parser, &error);
    const QString command = parser.positionalArguments().value(0);
    if (command == u"check-config")
        return runCheckConfig(config, parser.helpText(), error);
    if (!error.isEmpty()) {
        for (const QString &problem : error.split(u'\n'))
            QTextStream(stderr) << "boxoffice-server: " << problem << "\n";
        QTextStream(stderr) << "boxoffice-server: `boxoffice-server check-config` explains\n";
        return 2;
    }
    if (command == u"serve")
        return runServe(config);
    if (command == u"migrate")
        return runMigrate(config);
    if (command == u"create-user")
        return runCreateUser(config, parser);
    if (command == u"seed-demo")
        return runSeedDemo(config);
    if (command == u"issue-token")
        return runIssueToken(config, parser);
    if (command == u"reconcile")
        return runReconcile(config, parser);
    if (command == u"rotate-ticket-key")
        return runRotateTicketKey(config);
    QTextStream(stderr) << "boxoffice-server: "
                        << (command.isEmpty() ? QStringLiteral("no subcommand given")
                                              : QStringLiteral("unknown subcommand ") + command)
                        << "; see --help\n";
    return 2;
}
