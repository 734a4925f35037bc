// SPDX-License-Identifier: GPL-3.0-or-later
#include <seatmap/seatcolours.h>

#include <QImage>
#include <QPainter>
#include <QTest>

using namespace boxoffice::seatmap;

// Seat-map colours people must tell apart: categories never look like a state, a flag or each
// other; held and sold differ by a mark too.
class TestSeatColours : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void clashingCategoriesAreReplaced()
    {
        const QColor mine(0x00, 0xc8, 0x53), held(0xc9, 0xb8, 0xe8), sold(0x61, 0x61, 0x61),
            blocked(0x21, 0x21, 0x21), flag(0x15, 0x65, 0xc0);
        const QList<QColor> reserved{mine, held, sold, blocked, flag};
        // The clashes: the Back category in the wheelchair blue, Standing in the basket
        // green; plus two categories of the same red and one far from everything.
        const QList<QColor> wanted{QColor(0x15, 0x65, 0xc0),
                                   QColor(0x27, 0xae, 0x60),
                                   QColor(0xc0, 0x39, 0x2b),
                                   QColor(0xc2, 0x3a, 0x2c),
                                   QColor(0xf5, 0xdf, 0x4d)};
        const QList<QColor> shown = SeatColours::distinct(wanted, reserved);
        QCOMPARE(shown.size(), wanted.size());
        for (int i = 0; i < shown.size(); ++i) {
            for (const QColor &r : reserved)
                QVERIFY2(SeatColours::distance(shown.at(i), r) >= 25,
                         qPrintable(shown.at(i).name() + u" ~ " + r.name()));
            for (int j = 0; j < i; ++j)
                QVERIFY2(SeatColours::distance(shown.at(i), shown.at(j)) >= 25,
                         qPrintable(shown.at(i).name() + u" ~ " + shown.at(j).name()));
        }
        QCOMPARE(shown.at(2), wanted.at(2)); // a colour far enough from the rest is kept
        QCOMPARE(shown.at(4), wanted.at(4));
        QVERIFY(shown.at(0) != wanted.at(0));
        QVERIFY(shown.at(1) != wanted.at(1));
        QVERIFY(shown.at(3) != wanted.at(3));
    }

    void heldAndSoldCarryMarks()
    {
        const QColor held(0xc9, 0xb8, 0xe8), sold(0x61, 0x61, 0x61);
        SeatColours::setMark(held.rgb(), SeatMark::Ring);
        SeatColours::setMark(sold.rgb(), SeatMark::Cross);
        QCOMPARE(SeatColours::mark(held.rgb()), SeatMark::Ring);
        QCOMPARE(SeatColours::mark(sold.rgb()), SeatMark::Cross);
        QCOMPARE(SeatColours::mark(QColor(Qt::red).rgb()), SeatMark::None);
        // The marks really differ on screen: a cross leaves the centre white, a ring does not.
        auto render = [](SeatMark mark) {
            QImage image(40, 40, QImage::Format_RGB32);
            image.fill(Qt::darkGray);
            QPainter painter(&image);
            SeatColours::paintMark(painter, QPointF(20, 20), 18, mark);
            return image;
        };
        const QImage cross = render(SeatMark::Cross), ring = render(SeatMark::Ring);
        QCOMPARE(QColor(cross.pixel(20, 20)), QColor(Qt::white));
        QVERIFY(QColor(ring.pixel(20, 20)) != QColor(Qt::white));
        QCOMPARE(QColor(ring.pixel(29, 20)), QColor(Qt::white));
    }
};

QTEST_MAIN(TestSeatColours)
#include "tst_seatcolours.moc"
