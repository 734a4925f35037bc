// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QWidget;

namespace boxoffice::editor {

class AbstractTool;
class BackgroundImage;
class EditorActions;
class ShapeTool;
struct ToolContext;

/// The View menu's background commands: choose the image, its opacity, and calibrate its scale
/// with a two-point tool (then the real distance between the points).
class BackgroundCommands : public QObject
{
    Q_OBJECT
public:
    BackgroundCommands(BackgroundImage *background, ToolContext *context, QWidget *window);

    void connectTo(const EditorActions *actions);
    ShapeTool *calibrateTool() const { return m_calibrateTool; }
    /// Sets the texts again in the current language.
    void retranslate();

Q_SIGNALS:
    /// The calibration tool wants the view (`tool`), or gives it back (null).
    void toolWanted(boxoffice::editor::AbstractTool *tool);
    void failed(const QString &title, const QString &text);

private:
    void chooseImage();
    void chooseOpacity();
    void startCalibration();

    BackgroundImage *m_background;
    QWidget *m_window;
    ShapeTool *m_calibrateTool;
};

} // namespace boxoffice::editor
