// SPDX-License-Identifier: GPL-3.0-or-later
// The shared seat map: hit tests, batch colours, selection, zoom, painting at every level of detail.
#include <core/venuegenerator.h>
#include <seatmap/legendwidget.h>
#include <seatmap/seatcolours.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/seatmapview.h>
#include <seatmap/seatstamps.h>
#include <seatmap/zoomcontroller.h>

#include <QElapsedTimer>
#include <QPaintEvent>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

using namespace boxoffice;

namespace {

/// Collects the regions a widget repaints.
class PaintRecorder : public QObject
{
public:
    explicit PaintRecorder(QWidget *widget) { widget->installEventFilter(this); }
    QRegion region;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            region += static_cast<QPaintEvent *>(event)->region();
        return false;
    }
};

} // namespace

class TestSeatMap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hitTestsAndSelection()
    {
        seatmap::SeatMapScene scene;
        const core::Venue venue = core::VenueGenerator::smallTheatre();
        scene.setVenue(venue);
        const core::Seat &seat = venue.sections.first().rows.first().seats.at(3);
        const auto hit = scene.seatAt(seat.position + QPointF(2, 2));
        QVERIFY(hit);
        QCOMPARE(venue.seat(*hit).id, seat.id);
        QVERIFY(!scene.seatAt(QPointF(-1000, -1000)));
        const QList<core::SeatRef> inRect = scene.seatsIn(
            QRectF(seat.position - QPointF(1, 1), QSizeF(2, 2)));
        QCOMPARE(inRect, QList<core::SeatRef>{*hit});
        scene.setSelection({*hit});
        QCOMPARE(scene.selectedSeats(), QList<core::SeatRef>{*hit});
        scene.setSelection({{99, 0, 0}}); // invalid refs are ignored
        QVERIFY(scene.selectedSeats().isEmpty());
    }

    void coloursAndLevelsOfDetail()
    {
        seatmap::SeatMapScene scene;
        const core::Venue venue = core::VenueGenerator::smallTheatre();
        scene.setVenue(venue);
        const core::Seat &seat = venue.sections.first().rows.first().seats.first();
        scene.setSeatColours({{seat.id, QColor(Qt::black)}});
        // Paint the seat close up: its centre pixel is the status colour, then the category's.
        seatmap::SeatMapView view;
        view.resize(200, 200);
        view.setScene(&scene);
        view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view.show();
        auto pixelAt = [&view, &seat](double scale) {
            view.zoom()->setScale(scale);
            view.centerOn(seat.position);
            QImage image(view.viewport()->size(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            view.render(&painter, QRectF(), view.viewport()->rect());
            painter.end();
            return image.pixelColor(view.mapFromScene(seat.position));
        };
        // Close up (circles; not so close that the number is drawn at the centre).
        QCOMPARE(pixelAt(0.3), QColor(Qt::black));
        QCOMPARE(pixelAt(0.12), QColor(Qt::black)); // middle distance: points
        // Dots (radius 1.2 to 2 pixels): still the status colour.
        const double radius = 0.42
                              * QLineF(seat.position,
                                       venue.sections.first().rows.first().seats.at(1).position)
                                    .length();
        QCOMPARE(pixelAt(1.6 / radius), QColor(Qt::black));
        scene.clearSeatColours();
        QCOMPARE(pixelAt(0.3), venue.findCategory(seat.categoryId)->colour);
        // Far away the section is drawn as one shape; nothing crashes at any scale.
        for (double scale : {0.001, 0.01, 0.05, 0.5, 5.0})
            pixelAt(scale);
    }

    void heldAndSoldMarksAtTheSmallestZoom()
    {
        // Zoomed all the way out (sections as shapes, then dots), a held or sold seat still shows
        // its state colour and mark, not the section's fill.
        const QColor held(0xc9, 0xb8, 0xe8), sold(0x61, 0x61, 0x61);
        seatmap::SeatColours::setMark(held.rgb(), seatmap::SeatMark::Ring);
        seatmap::SeatColours::setMark(sold.rgb(), seatmap::SeatMark::Cross);
        seatmap::SeatMapScene scene;
        const core::Venue venue = core::VenueGenerator::smallTheatre();
        scene.setVenue(venue);
        const core::Row &row = venue.sections.first().rows.first();
        const core::Seat &first = row.seats.first();
        const core::Seat &last = row.seats.last();
        seatmap::SeatMapView view;
        view.resize(300, 300);
        view.setScene(&scene);
        view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view.show();
        auto render = [&view](double scale, QPointF centre) {
            view.zoom()->setScale(scale);
            view.centerOn(centre);
            QImage image(view.viewport()->size(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            view.render(&painter, QRectF(), view.viewport()->rect());
            return image;
        };
        // A box around the seat's pixel: does it hold `colour` anywhere?
        auto shows = [&view](const QImage &image, QPointF at, const QColor &colour) {
            const QPoint p = view.mapFromScene(at);
            for (int y = p.y() - 3; y <= p.y() + 3; ++y)
                for (int x = p.x() - 3; x <= p.x() + 3; ++x)
                    if (image.rect().contains(x, y) && image.pixelColor(x, y) == colour)
                        return true;
            return false;
        };
        const double smallest = seatmap::ZoomController::kMinScale;
        for (double scale : {smallest, 0.01}) {
            scene.clearSeatColours();
            const QImage before = render(scale, first.position);
            QVERIFY(!shows(before, first.position, sold));
            QVERIFY(!shows(before, last.position, held));
            scene.setSeatColours({{first.id, sold}, {last.id, held}});
            const QImage after = render(scale, first.position);
            QVERIFY2(shows(after, first.position, sold), qPrintable(QString::number(scale)));
            QVERIFY2(shows(after, last.position, held), qPrintable(QString::number(scale)));
            if (qEnvironmentVariableIsSet("BOXOFFICE_SHOTS"))
                after.scaled(900, 900).save(qEnvironmentVariable("BOXOFFICE_SHOTS")
                                            + QStringLiteral("/map-marks-%1.png").arg(scale));
        }
    }

    void statusChangeRepaintsOnlyTheSeat()
    {
        seatmap::SeatMapScene scene;
        const core::Venue venue = core::VenueGenerator::smallTheatre();
        scene.setVenue(venue);
        seatmap::SeatMapView view;
        view.resize(400, 400);
        view.setScene(&scene);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const core::Seat &seat = venue.sections.first().rows.at(1).seats.at(2);
        view.zoom()->setScale(0.3);
        view.centerOn(seat.position);
        QTest::qWait(50); // the first paints
        PaintRecorder painted(view.viewport());
        scene.setSeatColours({{seat.id, QColor(Qt::black)}});
        QTRY_VERIFY(!painted.region.isEmpty());
        // The seat (radius ~20 units = 6 pixels) and a margin, not the section or the view.
        const QRect bounds = painted.region.boundingRect();
        QVERIFY(bounds.contains(view.mapFromScene(seat.position)));
        QVERIFY2(bounds.width() <= 30 && bounds.height() <= 30,
                 qPrintable(
                     QStringLiteral("repainted %1x%2").arg(bounds.width()).arg(bounds.height())));
        // The same colour again changes nothing, so nothing is repainted.
        painted.region = {};
        scene.setSeatColours({{seat.id, QColor(Qt::black)}});
        QTest::qWait(50);
        QVERIFY(painted.region.isEmpty());
        // A selection repaints the seat too, and only it.
        scene.setSelection({*scene.seatAt(seat.position)});
        QTRY_VERIFY(!painted.region.isEmpty());
        QVERIFY(painted.region.boundingRect().width() <= 30);
    }

    void selectionRingAndNumbersAtCloseZoom()
    {
        seatmap::SeatMapScene scene;
        const core::Venue venue = core::VenueGenerator::smallTheatre();
        scene.setVenue(venue);
        const core::Seat &seat = venue.sections.first().rows.first().seats.at(3);
        const auto ref = scene.seatAt(seat.position);
        QVERIFY(ref);
        seatmap::SeatMapView view;
        view.resize(400, 400);
        view.setScene(&scene);
        view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view.show();
        auto render = [&](double pixelsPerRadius) {
            // Scale so that the seat's radius (half the seat spacing * 0.84) is that many pixels.
            const core::Row &row = venue.sections.first().rows.first();
            const double radius
                = 0.42 * QLineF(row.seats.at(0).position, row.seats.at(1).position).length();
            view.zoom()->setScale(pixelsPerRadius / radius);
            view.centerOn(seat.position);
            QImage image(view.viewport()->size(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            view.render(&painter, QRectF(), view.viewport()->rect());
            return image;
        };
        const QColor fill = venue.findCategory(seat.categoryId)->colour;
        for (double pixels : {6.0, 30.0, 70.0}) { // stamps, stamps with numbers, vector circles
            scene.setSelection({});
            QImage plain = render(pixels);
            const QPoint centre = view.mapFromScene(seat.position);
            const QPoint edge = centre + QPoint(int(pixels) - 1, 0);
            QVERIFY2(plain.pixelColor(edge) != seatmap::SeatStamps::selectionColour(),
                     qPrintable(QString::number(pixels)));
            scene.setSelection({*ref});
            const QImage selected = render(pixels);
            QCOMPARE(selected.pixelColor(edge), seatmap::SeatStamps::selectionColour());
            if (pixels > 9) {
                // The number is drawn: the middle of the seat holds pixels that are not the fill.
                int text = 0;
                for (int dy = -int(pixels / 3); dy <= int(pixels / 3); ++dy)
                    for (int dx = -int(pixels / 3); dx <= int(pixels / 3); ++dx)
                        text += selected.pixelColor(centre + QPoint(dx, dy)) != fill;
                QVERIFY2(text > 5, qPrintable(QString::number(pixels)));
            }
        }
    }

    void largeVenueIsFast()
    {
        const core::Venue venue = core::VenueGenerator::large(60000);
        seatmap::SeatMapScene scene;
        QElapsedTimer timer;
        timer.start();
        scene.setVenue(venue);
        const qint64 build = timer.elapsed();
        seatmap::SeatMapView view;
        view.resize(1200, 800);
        view.setScene(&scene);
        view.fitToContent();
        timer.restart();
        QImage image(1200, 800, QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        view.render(&painter);
        painter.end();
        const qint64 paint = timer.elapsed();
        qInfo("60,000 seats: scene %lld ms, full view paint %lld ms", build, paint);
        QVERIFY(build < 1000);
        QVERIFY(paint < 1000);
    }

    void zoomKeysAndFit()
    {
        seatmap::SeatMapScene scene;
        scene.setVenue(core::VenueGenerator::arena());
        seatmap::SeatMapView view;
        view.resize(800, 600);
        view.setScene(&scene);
        view.show();
        view.fitToContent();
        const double fitted = view.zoom()->scale();
        QTest::keyClick(&view, Qt::Key_Plus);
        QCOMPARE(view.zoom()->scale(), fitted * seatmap::ZoomController::kStep);
        QTest::keyClick(&view, Qt::Key_Minus);
        QTest::keyClick(&view, Qt::Key_Minus);
        QVERIFY(view.zoom()->scale() < fitted);
        QTest::keyClick(&view, Qt::Key_0);
        QCOMPARE(view.zoom()->scale(), fitted);
        // A click reports the scene point, and the scene finds the seat there.
        QSignalSpy clicks(&view, &seatmap::SeatMapView::clicked);
        const core::Seat seat = scene.venue().sections.first().rows.first().seats.first();
        view.zoom()->setScale(0.5);
        view.centerOn(seat.position);
        QTest::mouseClick(view.viewport(),
                          Qt::LeftButton,
                          Qt::ShiftModifier,
                          view.mapFromScene(seat.position));
        QCOMPARE(clicks.size(), 1);
        const auto hit = scene.seatAt(clicks.first().first().toPointF());
        QVERIFY(hit);
        QCOMPARE(scene.venue().seat(*hit).id, seat.id);
        QCOMPARE(clicks.first().at(1).value<Qt::KeyboardModifiers>(), Qt::ShiftModifier);
        view.zoom()->setScale(1e9);
        QCOMPARE(view.zoom()->scale(), seatmap::ZoomController::kMaxScale);
    }

    void legend()
    {
        seatmap::LegendWidget legend;
        legend.setCategories(core::VenueGenerator::smallTheatre().categories);
        QCOMPARE(legend.entries().size(), core::VenueGenerator::smallTheatre().categories.size());
        QVERIFY(legend.sizeHint().width() > 50);
    }
};

QTEST_MAIN(TestSeatMap)
#include "tst_seatmap.moc"
