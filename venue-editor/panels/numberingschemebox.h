// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/numbering.h>

#include <QComboBox>

namespace boxoffice::editor {

/// The seat numbering schemes in core::NumberingScheme order, named in the interface's language
/// (the properties panel and the row tools' options both offer them).
class NumberingSchemeBox : public QComboBox
{
    Q_OBJECT
public:
    explicit NumberingSchemeBox(QWidget *parent = nullptr);

    core::NumberingScheme scheme() const { return core::NumberingScheme(currentIndex()); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
};

} // namespace boxoffice::editor
