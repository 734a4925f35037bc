// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/commandline.h>

#include <QTest>

using boxoffice::core::isConsoleInvocation;

class TestCommandLine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void consoleFlags_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("console");
        QTest::newRow("none") << QStringList{} << false;
        QTest::newRow("help") << QStringList{"--help"} << true;
        QTest::newRow("short version") << QStringList{"-v"} << true;
        QTest::newRow("file only") << QStringList{"hall.venue.json"} << false;
        QTest::newRow("extra flag") << QStringList{"--validate", "x.json"} << true;
        QTest::newRow("extra flag with value") << QStringList{"--validate=x.json"} << true;
    }
    void consoleFlags()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, console);
        QList<QByteArray> storage{"program"};
        for (const QString &arg : args)
            storage.append(arg.toLocal8Bit());
        QList<char *> argv;
        for (QByteArray &arg : storage)
            argv.append(arg.data());
        QCOMPARE(isConsoleInvocation(int(argv.size()), argv.data(), {QStringLiteral("--validate")}),
                 console);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
