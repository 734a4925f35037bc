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

ToolBox::ToolBox(ToolContext *context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_group(new QActionGroup(this))
{
    using Mode = ShapeTool::Mode;
    Document *const *doc = &context->document; // the document may be replaced (File > New)
    add(new SelectTool(context, this));
    add(new ShapeTool(
        tr("Section (Rectangle)"),
        QStringLiteral("section-rect"),
        QKeySequence(Qt::Key_R),
        Mode::Rectangle,
        context,
        [doc](const QPolygonF &outline, const QRectF &) {
            const QString id = nextSectionId((*doc)->venue());
            (*doc)->undoStack()->push(
                new AddSection(*doc, {id, tr("Section %1").arg(id.mid(1)), outline, {}}));
        },
        this));
    add(new ShapeTool(
        tr("Section (Polygon)"),
        QStringLiteral("section-polygon"),
        QKeySequence(Qt::Key_P),
        Mode::Polygon,
        context,
        [doc](const QPolygonF &outline, const QRectF &) {
            const QString id = nextSectionId((*doc)->venue());
            (*doc)->undoStack()->push(
                new AddSection(*doc, {id, tr("Section %1").arg(id.mid(1)), outline, {}}));
        },
        this));
    add(new RowTool(tr("Straight Row"),
                    QStringLiteral("row"),
                    QKeySequence(Qt::Key_L),
                    RowTool::Mode::Straight,
                    context,
                    this));
    add(new RowTool(tr("Arc Row"),
                    QStringLiteral("arc-row"),
                    QKeySequence(Qt::Key_A),
                    RowTool::Mode::Arc,
                    context,
                    this));
    add(new RowTool(tr("Block of Rows"),
                    QStringLiteral("row-block"),
                    QKeySequence(Qt::Key_B),
                    RowTool::Mode::Block,
                    context,
                    this));
    add(new ShapeTool(
        tr("GA Area"),
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
    add(new ShapeTool(tr("Stage"),
                      QStringLiteral("stage"),
                      QKeySequence(Qt::Key_K),
                      Mode::Rectangle,
                      context,
                      shapeAdder(core::Shape::Kind::Stage),
                      this));
    add(new ShapeTool(tr("Rectangle"),
                      QStringLiteral("rectangle"),
                      QKeySequence(Qt::Key_X),
                      Mode::Rectangle,
                      context,
                      shapeAdder(core::Shape::Kind::Rectangle),
                      this));
    add(new ShapeTool(tr("Ellipse"),
                      QStringLiteral("ellipse"),
                      QKeySequence(Qt::Key_E),
                      Mode::Ellipse,
                      context,
                      shapeAdder(core::Shape::Kind::Ellipse),
                      this));
    add(new ShapeTool(tr("Polygon"),
                      QStringLiteral("polygon"),
                      QKeySequence(Qt::Key_Y),
                      Mode::Polygon,
                      context,
                      shapeAdder(core::Shape::Kind::Polygon),
                      this));
    add(new ShapeTool(tr("Text"),
                      QStringLiteral("text"),
                      QKeySequence(Qt::Key_T),
                      Mode::Point,
                      context,
                      shapeAdder(core::Shape::Kind::Text),
                      this));
    add(new ShapeTool(
        tr("Focal Point"),
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
}

void ToolBox::add(AbstractTool *tool)
{
    m_tools.append(tool);
    auto *action = new QAction(toolIcon(tool->iconName()), tool->name(), this);
    action->setCheckable(true);
    action->setShortcut(tool->shortcut());
    action->setToolTip(
        tr("%1 (%2)").arg(tool->name(), tool->shortcut().toString(QKeySequence::NativeText)));
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
