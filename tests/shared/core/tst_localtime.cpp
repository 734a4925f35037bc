// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/localtime.h>

#include <QTest>
#include <QTimeZone>

using namespace boxoffice::core;

// Venue wall-clock times from UTC instants, in minutes, whatever the machine's zone (run with
// TZ=UTC by CTest, and the venue is elsewhere).
class TestLocalTime : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void venueClockNotMachineClock_data()
    {
        QTest::addColumn<QString>("zone");
        QTest::addColumn<QString>("clock");
        QTest::newRow("sao paulo")
            << QStringLiteral("America/Sao_Paulo") << QStringLiteral("20:30");
        QTest::newRow("madrid summer")
            << QStringLiteral("Europe/Madrid") << QStringLiteral("01:30");
        QTest::newRow("utc") << QStringLiteral("UTC") << QStringLiteral("23:30");
        QTest::newRow("empty is utc") << QString() << QStringLiteral("23:30");
        QTest::newRow("unknown is utc") << QStringLiteral("Mars/Base") << QStringLiteral("23:30");
    }
    void venueClockNotMachineClock()
    {
        QFETCH(QString, zone);
        QFETCH(QString, clock);
        const QDateTime utc(QDate(2030, 6, 1), QTime(23, 30, 10), QTimeZone::utc());
        const QLocale c(QLocale::C);
        QCOMPARE(LocalTime::clock(utc, zone, c), clock);
        QVERIFY(!LocalTime::shortDateTime(utc, zone, c).contains(QStringLiteral(":10")));
        QVERIFY(LocalTime::shortDateTime(utc, zone, c).endsWith(clock));
        QVERIFY(!LocalTime::longDateTime(utc, zone, c).contains(QStringLiteral("UTC")));
    }

    void noSecondsInAnyLocale()
    {
        for (const QLocale &locale : {QLocale(QLocale::C),
                                      QLocale(QLocale::English, QLocale::UnitedStates),
                                      QLocale(QLocale::Spanish, QLocale::Spain),
                                      QLocale(QLocale::Portuguese, QLocale::Brazil),
                                      QLocale(QLocale::German, QLocale::Germany)}) {
            const QString format = LocalTime::timeFormat(locale);
            QVERIFY2(!format.contains(u's') && !format.contains(u't') && format.contains(u'm'),
                     qPrintable(locale.name() + u' ' + format));
        }
    }

    void dateFollowsTheVenue()
    {
        // 02:00 UTC on the 2nd is still the 1st in Sao Paulo.
        const QDateTime utc(QDate(2030, 6, 2), QTime(2, 0), QTimeZone::utc());
        QCOMPARE(LocalTime::atVenue(utc, QStringLiteral("America/Sao_Paulo")).date(),
                 QDate(2030, 6, 1));
    }
};

QTEST_GUILESS_MAIN(TestLocalTime)
#include "tst_localtime.moc"
