// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointF>

class QGraphicsPixmapItem;
class QGraphicsScene;

namespace boxoffice::editor {

/// A scanned floor plan under the drawing: opacity, and a scale calibrated from two points a
/// known distance apart. It helps drawing only; it is not part of the venue file.
class BackgroundImage : public QObject
{
    Q_OBJECT
public:
    explicit BackgroundImage(QGraphicsScene *scene, QObject *parent = nullptr);

    /// Loads `path` at 1 image pixel = 1 venue unit, top-left at (0, 0); false if unreadable.
    bool load(const QString &path);
    void clear();
    bool isLoaded() const;
    void setOpacity(double opacity);
    double opacity() const;
    /// Scales the image so that `a` and `b` (venue points on the image) are `distance` apart;
    /// `a` stays where it is.
    void calibrate(QPointF a, QPointF b, double distance);
    double scale() const;
    QGraphicsPixmapItem *item() const { return m_item; }

private:
    void updateExtent();

    QGraphicsScene *m_scene;
    QGraphicsPixmapItem *m_item = nullptr; // owned by the scene
};

} // namespace boxoffice::editor
