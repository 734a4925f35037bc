// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogfooter.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

DialogFooter::DialogFooter(const QString &bannerName,
                           const QString &buttonName,
                           const QString &buttonText,
                           QDialog *dialog)
    : QWidget(dialog)
    , m_banner(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_button(new QPushButton(this))
{
    m_banner->setObjectName(bannerName);
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
    m_banner->hide();
    m_progress->setRange(0, 0);
    m_progress->setMaximumHeight(6);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_button->setObjectName(buttonName);
    m_button->setText(buttonText);
    m_button->setDefault(true);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_button, QDialogButtonBox::AcceptRole);
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setText(tr("Cancel (Esc)"));
    cancel->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &DialogFooter::submitted);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_banner);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
}

QString DialogFooter::bannerText() const
{
    return m_banner->text();
}

void DialogFooter::showBanner(const QString &text)
{
    m_banner->setText(text);
    m_banner->show();
}

void DialogFooter::hideBanner()
{
    m_banner->hide();
}

void DialogFooter::clearBanner()
{
    m_banner->hide();
    m_banner->clear();
}

void DialogFooter::setBusy(bool busy)
{
    m_progress->setVisible(busy);
}

} // namespace boxoffice::app
