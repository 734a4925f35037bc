// SPDX-License-Identifier: GPL-3.0-or-later
#include "abstracttool.h"

#include <seatmap/seatmapscene.h>

#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QPen>

namespace boxoffice::editor {

AbstractTool::AbstractTool(const QString &name,
                           const QString &iconName,
                           const QKeySequence &shortcut,
                           ToolContext *context,
                           QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_name(name)
    , m_iconName(iconName)
    , m_shortcut(shortcut)
{}

void AbstractTool::deactivate()
{
    setPreview({});
}

bool AbstractTool::keyPressed(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        deactivate();
        return true;
    }
    return false;
}

void AbstractTool::setPreview(const QPainterPath &path)
{
    if (!m_preview) {
        // The scene owns the preview (it outlives the tools' use of it).
        m_preview = m_context->scene->addPath(QPainterPath());
        QPen pen(QColor(0x1e, 0x88, 0xe5), 1.5, Qt::DashLine);
        pen.setCosmetic(true);
        m_preview->setPen(pen);
        m_preview->setBrush(QColor(0x1e, 0x88, 0xe5, 30));
        m_preview->setZValue(100);
    }
    m_preview->setPath(path);
    m_preview->setVisible(!path.isEmpty());
}

} // namespace boxoffice::editor
