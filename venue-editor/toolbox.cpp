// SPDX-License-Identifier: GPL-3.0-or-later
#include "toolbox.h"

#include "commands/addobject.h"
#include "commands/addsection.h"
#include "commands/changevenue.h"
#include "document.h"
#include "icons.h"
#include "tooloptions.h"
#include "tools/rowtool.h"
#include "tools/selecttool.h"
#include "tools/shapetool.h"

#include <QAction>
#include <QActionGroup>
#include <QHash>

namespace boxoffice::editor {

namespace {

QString nextId(const QString &prefix, const QStringList &used)
{
    for (int n = int(used.size()) + 1;; ++n) {
        const QString id = prefix + QString::number(n);
        if (!used.contains(id))
            return id;
    }
}

} // namespace

QString ToolBox::toolName(const QString &iconName)
{
    static const QHash<QString, const char *> names{
        {QStringLiteral("select"), QT_TR_NOOP("Select")},
        {QStringLiteral("section-rect"), QT_TR_NOOP("Section (Rectangle)")},
        {QStringLiteral("section-polygon"), QT_TR_NOOP("Section (Polygon)")},
        {QStringLiteral("row"), QT_TR_NOOP("Straight Row")},
        {QStringLiteral("arc-row"), QT_TR_NOOP("Arc Row")},
        {QStringLiteral("row-block"), QT_TR_NOOP("Block of Rows")},
        {QStringLiteral("ga-area"), QT_TR_NOOP("GA Area")},
        {QStringLiteral("stage"), QT_TR_NOOP("Stage")},
        {QStringLiteral("rectangle"), QT_TR_NOOP("Rectangle")},
        {QStringLiteral("ellipse"), QT_TR_NOOP("Ellipse")},
        {QStringLiteral("polygon"), QT_TR_NOOP("Polygon")},
        {QStringLiteral("text"), QT_TR_NOOP("Text")},
        {QStringLiteral("focal"), QT_TR_NOOP("Focal Point")},
    };
    const char *name = names.value(iconName);
    return name ? tr(name) : iconName;
}

void ToolBox::retranslate()
{
    for (qsizetype i = 0; i < m_tools.size(); ++i) {
        AbstractTool *tool = m_tools.at(i);
        tool->setName(toolName(tool->iconName()));
        m_actions.at(i)->setText(tool->name());
        m_actions.at(i)->setToolTip(
            tr("%1 (%2)").arg(tool->name(), tool->shortcut().toString(QKeySequence::NativeText)));
    }
}

ToolBox::ToolBox(ToolContext *context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_group(new QActionGroup(this))
{
    using Mode = ShapeTool::Mode;
    Document *const *doc = &context->document; // the document may be replaced (File > New)
    add(new SelectTool(context, this));
    // Both section tools (rectangle, polygon) add the outline drawn as the next section.
    const auto addSection = [doc](const QPolygonF &outline, const QRectF &) {
        const QString id = nextSectionId((*doc)->venue());
        (*doc)->undoStack()->push(
            new AddSection(*doc, {id, tr("Section %1").arg(id.mid(1)), outline, {}}));
    };
    add(new ShapeTool(toolName(QStringLiteral("section-rect")),
                      QStringLiteral("section-rect"),
                      QKeySequence(Qt::Key_R),
                      Mode::Rectangle,
                      context,
                      addSection,
                      this));
    add(new ShapeTool(toolName(QStringLiteral("section-polygon")),
                      QStringLiteral("section-polygon"),
                      QKeySequence(Qt::Key_P),
                      Mode::Polygon,
                      context,
                      addSection,
                      this));
    add(new RowTool(toolName(QStringLiteral("row")),
                    QStringLiteral("row"),
                    QKeySequence(Qt::Key_L),
                    RowTool::Mode::Straight,
                    context,
                    this));
    add(new RowTool(toolName(QStringLiteral("arc-row")),
                    QStringLiteral("arc-row"),
                    QKeySequence(Qt::Key_A),
                    RowTool::Mode::Arc,
                    context,
                    this));
    add(new RowTool(toolName(QStringLiteral("row-block")),
                    QStringLiteral("row-block"),
                    QKeySequence(Qt::Key_B),
                    RowTool::Mode::Block,
                    context,
                    this));
    add(new ShapeTool(
        toolName(QStringLiteral("ga-area")),
        QStringLiteral("ga-area"),
        QKeySequence(Qt::Key_G),
        Mode::Rectangle,
        context,
        [doc, context](const QPolygonF &outline, const QRectF &) {
            QStringList used;
            for (const core::GaArea &area : (*doc)->venue().gaAreas)
                used.append(area.id);
            core::GaArea area;
            area.id = nextId(QStringLiteral("GA"), used);
            area.name = tr("Standing %1").arg(area.id.mid(2));
            area.outline = outline;
            area.capacity = context->options->capacity;
            area.categoryId = context->options->categoryId;
            if (!(*doc)->venue().findCategory(area.categoryId)
                && !(*doc)->venue().categories.isEmpty())
                area.categoryId = (*doc)->venue().categories.first().id;
            (*doc)->undoStack()->push(new AddObject(*doc, area));
        },
        this));
    auto shapeAdder = [doc, context](core::Shape::Kind kind) {
        return [doc, context, kind](const QPolygonF &points, const QRectF &rect) {
            QStringList used;
            for (const core::Shape &shape : (*doc)->venue().shapes)
                used.append(shape.id);
            core::Shape shape;
            shape.kind = kind;
            shape.id = nextId(core::shapeKindName(kind), used);
            shape.rect = rect;
            if (kind == core::Shape::Kind::Polygon)
                shape.points = points;
            if (kind == core::Shape::Kind::Stage) {
                shape.text = tr("Stage");
                shape.fill = QColor(0x55, 0x55, 0x55);
                shape.stroke = QColor(0x22, 0x22, 0x22);
            } else if (kind == core::Shape::Kind::Text) {
                shape.text = context->options->text;
                shape.fontSize = 60;
                shape.fill = QColor(0x33, 0x33, 0x33);
            } else {
                shape.fill = QColor(0xcf, 0xd8, 0xdc);
                shape.stroke = QColor(0x78, 0x90, 0x9c);
            }
            (*doc)->undoStack()->push(new AddObject(*doc, shape));
        };
    };
    // One shape tool per kind: its name, its key, and how it is drawn.
    struct ShapeToolSpec
    {
        const char *name;
        Qt::Key key;
        Mode mode;
        core::Shape::Kind kind;
    };
    const ShapeToolSpec shapeTools[] = {
        {"stage", Qt::Key_K, Mode::Rectangle, core::Shape::Kind::Stage},
        {"rectangle", Qt::Key_X, Mode::Rectangle, core::Shape::Kind::Rectangle},
        {"ellipse", Qt::Key_E, Mode::Ellipse, core::Shape::Kind::Ellipse},
        {"polygon", Qt::Key_Y, Mode::Polygon, core::Shape::Kind::Polygon},
        {"text", Qt::Key_T, Mode::Point, core::Shape::Kind::Text},
    };
    for (const ShapeToolSpec &spec : shapeTools) {
        const QString name = QString::fromLatin1(spec.name);
        add(new ShapeTool(toolName(name),
                          name,
                          QKeySequence(spec.key),
                          spec.mode,
                          context,
                          shapeAdder(spec.kind),
                          this));
    }
    add(new ShapeTool(
        toolName(QStringLiteral("focal")),
        QStringLiteral("focal"),
        QKeySequence(Qt::Key_F),
        Mode::Point,
        context,
        [doc](const QPolygonF &, const QRectF &rect) {
            const QPointF point = rect.topLeft();
            (*doc)->undoStack()->push(
                new ChangeVenue(*doc,
                                tr("Set Focal Point"),
                                {ChangeEvent::Kind::Objects, {}},
                                [point](core::Venue &venue) { venue.focalPoint = point; }));
        },
        this));
    m_actions.first()->setChecked(true);
    retranslate();
}

void ToolBox::add(AbstractTool *tool)
{
    m_tools.append(tool);
    auto *action = new QAction(toolIcon(tool->iconName()), tool->name(), this);
    action->setCheckable(true);
    action->setShortcut(tool->shortcut());
    action->setObjectName(u"tool-" + tool->iconName());
    action->setActionGroup(m_group);
    connect(action, &QAction::triggered, this, [this, tool] { Q_EMIT toolSelected(tool); });
    m_actions.append(action);
}

AbstractTool *ToolBox::tool(const QString &iconName) const
{
    for (AbstractTool *tool : m_tools) {
        if (tool->iconName() == iconName)
            return tool;
    }
    return nullptr;
}

QAction *ToolBox::action(const QString &iconName) const
{
    for (qsizetype i = 0; i < m_tools.size(); ++i) {
        if (m_tools.at(i)->iconName() == iconName)
            return m_actions.at(i);
    }
    return nullptr;
}

} // namespace boxoffice::editor
