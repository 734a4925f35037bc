// SPDX-License-Identifier: GPL-3.0-or-later
#include "door/doorwindow.h"
#include "mainwindow.h"
#include "signinpage.h"
#include <core/uilanguage.h>

#include <core/commandline.h>
#include <core/version.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

#include <memory>

namespace {

// The door mode's start: its own window and journal file, the same sign-in form.
int runDoor(const QCommandLineParser &parser,
            const QCommandLineOption &server,
            const QCommandLineOption &user,
            const QCommandLineOption &password,
            const QCommandLineOption &journal,
            const QCommandLineOption &event,
            const QCommandLineOption &gate)
{
    const QString journalPath = parser.isSet(journal)
                                    ? parser.value(journal) + QStringLiteral(".door")
                                    : QStandardPaths::writableLocation(
                                          QStandardPaths::AppDataLocation)
                                          + QStringLiteral("/door-journal.sqlite");
    QDir().mkpath(QFileInfo(journalPath).absolutePath());
    boxoffice::app::DoorWindow window(journalPath, parser.value(event), parser.value(gate));
    const QString url = parser.isSet(server) ? parser.value(server)
                                             : window.signInPage()->serverUrl();
    window.signInPage()->setServerUrl(url);
    if (parser.isSet(user))
        window.signInPage()->setUserName(parser.value(user));
    window.show();
    if (parser.isSet(user) && parser.isSet(password))
        Q_EMIT window.signInPage()->signInRequested(url, parser.value(user), parser.value(password));
    return QCoreApplication::exec();
}

} // namespace

int main(int argc, char *argv[])
{
    // --help and --version must work without a display, so they get a console-only application.
    std::unique_ptr<QCoreApplication> app;
    if (boxoffice::core::isConsoleInvocation(argc, argv))
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-app"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(boxoffice::core::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Walk-up ticket sales on a live seat map."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("Server URL (remembered)."),
                                    QStringLiteral("url"));
    const QCommandLineOption user(QStringLiteral("user"),
                                  QStringLiteral("Staff user name."),
                                  QStringLiteral("name"));
    const QCommandLineOption password(QStringLiteral("password"),
                                      QStringLiteral("Sign in at once with this password "
                                                     "(for demos; prefer the sign-in screen)."),
                                      QStringLiteral("password"));
    const QCommandLineOption journal(QStringLiteral("journal"),
                                     QStringLiteral("Path of the local SQLite journal."),
                                     QStringLiteral("file"));
    const QCommandLineOption language(QStringLiteral("language"),
                                      QStringLiteral("Interface language: en or es."),
                                      QStringLiteral("code"));
    const QCommandLineOption door(QStringLiteral("door"),
                                  QStringLiteral("Door mode: scan tickets at the entrance "
                                                 "(the event is picked after sign-in "
                                                 "unless --event names it)."));
    const QCommandLineOption event(QStringLiteral("event"),
                                   QStringLiteral("Door mode: the event this door admits to."),
                                   QStringLiteral("id"));
    const QCommandLineOption gate(QStringLiteral("gate"),
                                  QStringLiteral("Door mode: this gate's name (default A)."),
                                  QStringLiteral("name"),
                                  QStringLiteral("A"));
    parser.addOptions({server, user, password, journal, language, door, event, gate});
    parser.process(*app);

    const QString lang = parser.isSet(language)
                             ? parser.value(language)
                             : QSettings().value(QStringLiteral("ui/language")).toString();
    boxoffice::core::installLanguage(QStringLiteral("boxoffice-app"), lang);

    if (parser.isSet(door))
        return runDoor(parser, server, user, password, journal, event, gate);

    boxoffice::app::MainWindow window(parser.value(journal));
    if (parser.isSet(server))
        window.signInPage()->setServerUrl(parser.value(server));
    if (parser.isSet(user))
        window.signInPage()->setUserName(parser.value(user));
    if (parser.isSet(user) && parser.isSet(password))
        Q_EMIT window.signInPage()->signInRequested(parser.isSet(server)
                                                        ? parser.value(server)
                                                        : window.signInPage()->serverUrl(),
                                                    parser.value(user),
                                                    parser.value(password));
    else
        window.restoreSession();
    window.show();
    return app->exec();
}
