// SPDX-License-Identifier: GPL-3.0-or-later
// The seat map's level-of-detail rules, seat stamps and dirty rectangles (no view involved).
#include <seatmap/dirtyrects.h>
#include <seatmap/levelofdetail.h>
#include <seatmap/seatstamps.h>

#include <QTest>

#include <cmath>

using namespace boxoffice::seatmap;

Q_DECLARE_METATYPE(boxoffice::seatmap::Detail)

class TestSeatMapLod : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detailFor_data()
    {
        QTest::addColumn<double>("pixels");
        QTest::addColumn<Detail>("detail");
        QTest::addColumn<bool>("rowLabels");
        QTest::addColumn<int>("numberSize");
        QTest::newRow("far") << 0.5 << Detail::Sections << false << 0;
        QTest::newRow("just below dots") << 1.19 << Detail::Sections << false << 0;
        QTest::newRow("dots") << 1.2 << Detail::Dots << false << 0;
        QTest::newRow("round") << 2.0 << Detail::Seats << false << 0;
        QTest::newRow("outlined, no labels yet") << 4.0 << Detail::Seats << false << 0;
        QTest::newRow("row labels") << 4.1 << Detail::Seats << true << 0;
        QTest::newRow("numbers from above 9") << 9.0 << Detail::Seats << true << 0;
        QTest::newRow("numbers") << 10.0 << Detail::Numbers << true << 10;
        QTest::newRow("numbers round to whole pixels") << 20.3 << Detail::Numbers << true << 19;
        QTest::newRow("huge") << 5000.0 << Detail::Numbers << true << 400;
        QTest::newRow("nan") << std::nan("") << Detail::Sections << false << 0;
        QTest::newRow("negative") << -3.0 << Detail::Sections << false << 0;
    }

    void detailFor()
    {
        QFETCH(double, pixels);
        QFETCH(Detail, detail);
        QFETCH(bool, rowLabels);
        QFETCH(int, numberSize);
        QCOMPARE(levelofdetail::detailFor(pixels), detail);
        QCOMPARE(levelofdetail::rowLabels(pixels), rowLabels);
        QCOMPARE(levelofdetail::numberPixelSize(pixels), numberSize);
    }

    void pixelSizes()
    {
        // Whole pixels, at least 10 (readable), at most 200; one size over a range of zooms so the
        // glyph cache is reused while zooming.
        QCOMPARE(levelofdetail::rowLabelPixelSize(4.1), 10);
        QCOMPARE(levelofdetail::rowLabelPixelSize(20), 22);
        QCOMPARE(levelofdetail::rowLabelPixelSize(20.2), 22);
        QCOMPARE(levelofdetail::rowLabelPixelSize(1e6), 200);
        QCOMPARE(levelofdetail::rowLabelPixelSize(std::nan("")), 10);
        QCOMPARE(levelofdetail::stampRadius(3.06), 3.0);
        QCOMPARE(levelofdetail::stampRadius(3.07), 3.125);
        QCOMPARE(levelofdetail::stampRadius(1000), levelofdetail::kStampsUpTo);
        QVERIFY(levelofdetail::stampRadius(0) > 0);
    }

    void dirtyRects()
    {
        const QList<QRectF> few{QRectF(0, 0, 10, 10), QRectF(100, 0, 10, 10), QRectF()};
        QCOMPARE(boxoffice::seatmap::dirtyRects(few), (QList<QRectF>{few.at(0), few.at(1)}));
        QList<QRectF> many;
        for (int i = 0; i < 40; ++i)
            many.append(QRectF(i * 20, i * 5, 10, 10));
        QCOMPARE(boxoffice::seatmap::dirtyRects(many), QList<QRectF>{QRectF(0, 0, 790, 205)});
        QCOMPARE(boxoffice::seatmap::dirtyRects(many, 40).size(), 40);
        QVERIFY(boxoffice::seatmap::dirtyRects({}).isEmpty());
    }

    void stampsAreCachedPerColourAndSize()
    {
        SeatStamps stamps;
        const QRgb red = qRgb(200, 0, 0);
        const QImage &first = stamps.stamp(red, false, 5, 1);
        const qint64 key = first.cacheKey();
        QCOMPARE(stamps.renderedStamps(), 1);
        QCOMPARE(stamps.stamp(red, false, 5, 1).cacheKey(), key); // no second render
        QCOMPARE(stamps.renderedStamps(), 1);
        stamps.stamp(red, true, 5, 1);
        stamps.stamp(qRgb(0, 0, 200), false, 5, 1);
        stamps.stamp(red, false, 5.125, 1);
        stamps.stamp(red, false, 5, 2);
        QCOMPARE(stamps.renderedStamps(), 5);
    }

    void stampPixels_data()
    {
        QTest::addColumn<double>("radius");
        QTest::addColumn<qreal>("dpr");
        QTest::newRow("small round point") << 2.5 << qreal(1);
        QTest::newRow("outlined") << 6.0 << qreal(1);
        QTest::newRow("outlined, high dpi") << 6.0 << qreal(2);
        QTest::newRow("large") << 40.0 << qreal(1);
    }

    void stampPixels()
    {
        QFETCH(double, radius);
        QFETCH(qreal, dpr);
        SeatStamps stamps;
        const QRgb fill = qRgb(0x2e, 0x86, 0xc1);
        const QImage plain = stamps.stamp(fill, false, radius, dpr);
        // Drawn at its exact size: one device pixel per image pixel, odd size, centred.
        QCOMPARE(plain.devicePixelRatio(), dpr);
        QCOMPARE(plain.width() % 2, 1);
        QVERIFY(plain.width() >= 2 * radius * dpr);
        QVERIFY(plain.width() <= 2 * (radius + 1) * dpr + 3);
        const int c = plain.width() / 2;
        QCOMPARE(plain.pixel(c, c), fill | 0xff000000u);
        QCOMPARE(qAlpha(plain.pixel(0, 0)), 0); // a circle: corners stay transparent
        // Selected: orange at the edge (a ring when outlined, the whole dot when small).
        const QImage selected = stamps.stamp(fill, true, radius, dpr);
        const int s = selected.width() / 2; // the ring is wider than the plain outline
        const QColor edge = selected.pixelColor(s + int(std::floor(radius * dpr)) - 1, s);
        QCOMPARE(edge.red(), SeatStamps::selectionColour().red());
        QVERIFY(qAbs(edge.green() - SeatStamps::selectionColour().green()) < 40);
    }

    void stampPlacement()
    {
        SeatStamps stamps;
        const QImage &stamp = stamps.stamp(qRgb(1, 2, 3), false, 6, 1);
        // The stamp's middle pixel lands on the pixel that contains the centre.
        const QPoint at = SeatStamps::topLeft(stamp, QPointF(100.2, 50.7));
        QCOMPARE(at + QPoint(stamp.width() / 2, stamp.width() / 2), QPoint(100, 50));
    }

    void texts()
    {
        SeatStamps stamps;
        QFont font;
        font.setPixelSize(12);
        const QSizeF one = stamps.text(QStringLiteral("1"), font).size();
        const QSizeF eleven = stamps.text(QStringLiteral("11"), font).size();
        QVERIFY(eleven.width() > one.width());
        font.setPixelSize(24);
        QVERIFY(stamps.text(QStringLiteral("1"), font).size().height() > one.height());
    }
};

QTEST_MAIN(TestSeatMapLod)
#include "tst_seatmaplod.moc"
