// SPDX-License-Identifier: GPL-3.0-or-later
#include "backgroundcommands.h"

#include "backgroundimage.h"
#include "editoractions.h"
#include "tools/shapetool.h"

#include <QAction>
#include <QFileDialog>
#include <QInputDialog>

namespace boxoffice::editor {

BackgroundCommands::BackgroundCommands(BackgroundImage *background,
                                       ToolContext *context,
                                       QWidget *window)
    : QObject(window)
    , m_background(background)
    , m_window(window)
{
    m_calibrateTool = new ShapeTool(
        tr("Calibrate"),
        QStringLiteral("calibrate"),
        QKeySequence(),
        ShapeTool::Mode::TwoPoints,
        context,
        [this](const QPolygonF &points, const QRectF &) {
            bool ok = false;
            const double distance
                = QInputDialog::getDouble(m_window,
                                          tr("Calibrate Background"),
                                          tr("Real distance between the points (cm):"),
                                          1000,
                                          1,
                                          1e6,
                                          1,
                                          &ok);
            if (ok)
                m_background->calibrate(points.at(0), points.at(1), distance);
            Q_EMIT toolWanted(nullptr);
        },
        this);
}

void BackgroundCommands::connectTo(const EditorActions *actions)
{
    connect(actions->action(CommandId::Background),
            &QAction::triggered,
            this,
            &BackgroundCommands::chooseImage);
    connect(actions->action(CommandId::BackgroundOpacity),
            &QAction::triggered,
            this,
            &BackgroundCommands::chooseOpacity);
    connect(actions->action(CommandId::Calibrate),
            &QAction::triggered,
            this,
            &BackgroundCommands::startCalibration);
}

void BackgroundCommands::retranslate()
{
    m_calibrateTool->setName(tr("Calibrate"));
}

void BackgroundCommands::chooseImage()
{
    const QString path = QFileDialog::getOpenFileName(m_window,
                                                      tr("Background Image"),
                                                      QString(),
                                                      tr("Images (*.png *.jpg *.jpeg *.bmp)"));
    if (!path.isEmpty() && !m_background->load(path))
        Q_EMIT failed(tr("Background Image"), tr("Cannot read the image %1").arg(path));
}

void BackgroundCommands::chooseOpacity()
{
    bool ok = false;
    const int percent = QInputDialog::getInt(m_window,
                                             tr("Background Opacity"),
                                             tr("Opacity (%):"),
                                             qRound(m_background->opacity() * 100),
                                             0,
                                             100,
                                             5,
                                             &ok);
    if (ok)
        m_background->setOpacity(percent / 100.0);
}

void BackgroundCommands::startCalibration()
{
    if (!m_background->isLoaded()) {
        Q_EMIT failed(tr("Calibrate Background"), tr("Load a background image first."));
        return;
    }
    Q_EMIT toolWanted(m_calibrateTool);
}

} // namespace boxoffice::editor
