// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/numbering.h>

#include <QTest>

using namespace boxoffice::core;

class TestNumbering : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seatNumbers_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<NumberingScheme>("scheme");
        QTest::addColumn<int>("start");
        QTest::addColumn<QList<int>>("expected");
        using S = NumberingScheme;
        QTest::newRow("ltr") << 5 << S::LeftToRight << 1 << QList<int>{1, 2, 3, 4, 5};
        QTest::newRow("ltr start 101") << 3 << S::LeftToRight << 101 << QList<int>{101, 102, 103};
        QTest::newRow("rtl") << 4 << S::RightToLeft << 1 << QList<int>{4, 3, 2, 1};
        QTest::newRow("rtl start 0") << 3 << S::RightToLeft << 0 << QList<int>{2, 1, 0};
        QTest::newRow("odd/even 6")
            << 6 << S::OddEvenFromCentre << 1 << QList<int>{5, 3, 1, 2, 4, 6};
        QTest::newRow("odd/even 5") << 5 << S::OddEvenFromCentre << 1 << QList<int>{5, 3, 1, 2, 4};
        QTest::newRow("even/odd 6")
            << 6 << S::EvenOddFromCentre << 1 << QList<int>{6, 4, 2, 1, 3, 5};
        QTest::newRow("even/odd 5") << 5 << S::EvenOddFromCentre << 1 << QList<int>{4, 2, 1, 3, 5};
        QTest::newRow("even/odd 1") << 1 << S::EvenOddFromCentre << 1 << QList<int>{1};
        QTest::newRow("odd/even start 101")
            << 4 << S::OddEvenFromCentre << 101 << QList<int>{103, 101, 102, 104};
        QTest::newRow("odd/even 1") << 1 << S::OddEvenFromCentre << 1 << QList<int>{1};
        QTest::newRow("odd/even 2") << 2 << S::OddEvenFromCentre << 1 << QList<int>{1, 2};
        QTest::newRow("none") << 0 << S::LeftToRight << 1 << QList<int>{};
        QTest::newRow("negative") << -3 << S::RightToLeft << 1 << QList<int>{};
    }
    void seatNumbers()
    {
        QFETCH(int, count);
        QFETCH(NumberingScheme, scheme);
        QFETCH(int, start);
        QFETCH(QList<int>, expected);
        QCOMPARE(numbering::seatNumbers(count, scheme, start), expected);
        QCOMPARE(numbering::seatLabels(count, scheme, start).size(), expected.size());
    }

    // Whatever the scheme, a row uses every number from start to start + count - 1 exactly once.
    void schemesArePermutations()
    {
        for (auto scheme : {NumberingScheme::LeftToRight,
                            NumberingScheme::RightToLeft,
                            NumberingScheme::OddEvenFromCentre,
                            NumberingScheme::EvenOddFromCentre}) {
            for (int count = 1; count < 40; ++count) {
                QList<int> numbers = numbering::seatNumbers(count, scheme, 7);
                std::sort(numbers.begin(), numbers.end());
                for (int i = 0; i < count; ++i)
                    QCOMPARE(numbers.at(i), 7 + i);
            }
        }
    }

    void rowLabel_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<RowLabelStyle>("style");
        QTest::addColumn<QString>("skip");
        QTest::addColumn<QString>("expected");
        using R = RowLabelStyle;
        QTest::newRow("first") << 0 << R::Letters << "IO"
                               << "A";
        QTest::newRow("H") << 7 << R::Letters << "IO"
                           << "H";
        QTest::newRow("after H comes J") << 8 << R::Letters << "IO"
                                         << "J";
        QTest::newRow("after N comes P") << 13 << R::Letters << "IO"
                                         << "P";
        QTest::newRow("last single") << 23 << R::Letters << "IO"
                                     << "Z";
        QTest::newRow("first double") << 24 << R::Letters << "IO"
                                      << "AA";
        QTest::newRow("AB") << 25 << R::Letters << "IO"
                            << "AB";
        QTest::newRow("AZ") << 47 << R::Letters << "IO"
                            << "AZ";
        QTest::newRow("BA") << 48 << R::Letters << "IO"
                            << "BA";
        QTest::newRow("no skip Z") << 25 << R::Letters << ""
                                   << "Z";
        QTest::newRow("no skip AA") << 26 << R::Letters << ""
                                    << "AA";
        QTest::newRow("no skip ZZ") << 701 << R::Letters << ""
                                    << "ZZ";
        QTest::newRow("no skip AAA") << 702 << R::Letters << ""
                                     << "AAA";
        QTest::newRow("skip lower case") << 8 << R::Letters << "io"
                                         << "J";
        QTest::newRow("numbers") << 0 << R::Numbers << "IO"
                                 << "1";
        QTest::newRow("numbers 12") << 11 << R::Numbers << "IO"
                                    << "12";
        QTest::newRow("negative") << -1 << R::Letters << "IO"
                                  << "";
    }
    void rowLabel()
    {
        QFETCH(int, index);
        QFETCH(RowLabelStyle, style);
        QFETCH(QString, skip);
        QFETCH(QString, expected);
        QCOMPARE(numbering::rowLabel(index, style, skip), expected);
    }

    void rowLabelsAreUniqueAndSkipLetters()
    {
        const QStringList labels = numbering::rowLabels(2000, RowLabelStyle::Letters, 0);
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), 2000);
        for (const QString &label : labels) {
            QVERIFY(!label.contains(u'I'));
            QVERIFY(!label.contains(u'O'));
        }
        QCOMPARE(numbering::rowLabels(3, RowLabelStyle::Letters, 2), (QStringList{"C", "D", "E"}));
    }
};

QTEST_GUILESS_MAIN(TestNumbering)
#include "tst_numbering.moc"
