// SPDX-License-Identifier: GPL-3.0-or-later
#include "venueexport.h"

#include "document.h"
#include "svgexporter.h"

#include <core/pretixexporter.h>
#include <seatmap/seatmapscene.h>

#include <QCoreApplication>
#include <QImage>
#include <QPainter>
#include <QSaveFile>

namespace boxoffice::editor::venueexport {

namespace {

QString write(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) < 0 || !file.commit())
        return file.errorString();
    return {};
}

} // namespace

QString pretix(const Document &document, const QString &path, QStringList *losses)
{
    return write(path, core::PretixExporter::write(document.venue(), losses));
}

QString svg(const Document &document, const QString &path)
{
    return write(path, SvgExporter::write(document.venue()));
}

QString png(const Document &document, seatmap::SeatMapScene *scene, const QString &path)
{
    const QRectF source = scene->contentRect() | QRectF(QPointF(0, 0), document.venue().size);
    const double scale = qMin(1.0, 4000.0 / qMax(source.width(), source.height()));
    QImage image((source.size() * scale).toSize().expandedTo(QSize(1, 1)),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    scene->setSelection({});
    scene->render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    painter.end();
    scene->setSelection(document.selectedSeats(), document.selectedObjects());
    if (!image.save(path, "PNG"))
        return QCoreApplication::translate("boxoffice::editor::MainWindow", "Cannot write %1")
            .arg(path);
    return {};
}

} // namespace boxoffice::editor::venueexport
