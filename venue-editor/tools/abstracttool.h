// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QKeySequence>
#include <QObject>
#include <QPointF>

class QGraphicsPathItem;
class QKeyEvent;
class QMouseEvent;
class QPainterPath;

namespace boxoffice::seatmap {
class SeatMapScene;
}

namespace boxoffice::editor {

class Document;
class ToolOptions;

/// What a tool may use: the document (to push commands), the scene (to hit-test and preview)
/// and the options. Tools never change the venue directly.
struct ToolContext
{
    Document *document = nullptr;
    seatmap::SeatMapScene *scene = nullptr;
    ToolOptions *options = nullptr;
};

/// A mouse tool of the editor's map view.
class AbstractTool : public QObject
{
    Q_OBJECT
public:
    AbstractTool(const QString &name,
                 const QString &iconName,
                 const QKeySequence &shortcut,
                 ToolContext *context,
                 QObject *parent = nullptr);

    QString name() const { return m_name; }
    /// After a language change.
    void setName(const QString &name) { m_name = name; }
    QString iconName() const { return m_iconName; }
    QKeySequence shortcut() const { return m_shortcut; }
    /// One line for the status bar: how to use the tool.
    virtual QString hint() const = 0;

    virtual void activate() {}
    virtual void deactivate();
    virtual void mousePressed(QMouseEvent *event, QPointF pos) = 0;
    virtual void mouseMoved(QMouseEvent *event, QPointF pos) = 0;
    virtual void mouseReleased(QMouseEvent *event, QPointF pos) = 0;
    virtual void mouseDoubleClicked(QMouseEvent *, QPointF) {}
    /// Returns true when the tool used the key.
    virtual bool keyPressed(QKeyEvent *event);

Q_SIGNALS:
    void hintChanged(const QString &hint);

protected:
    /// Shows `path` as a dashed preview (empty path hides it).
    void setPreview(const QPainterPath &path);
    ToolContext *m_context;

private:
    QString m_name;
    QString m_iconName;
    QKeySequence m_shortcut;
    QGraphicsPathItem *m_preview = nullptr;
};

} // namespace boxoffice::editor
