// SPDX-License-Identifier: GPL-3.0-or-later
#include "validationpanel.h"

#include "../document.h"

#include <core/geometry.h>

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QStyle>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace boxoffice::editor {

ValidationPanel::ValidationPanel(QWidget *parent)
    : QWidget(parent)
    , m_list(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_timer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_list);
    m_list->setHeaderLabels({tr("Problem"), tr("Where")}); // again on a language change
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Interactive);
    m_list->header()->resizeSection(1, 90);
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    connect(m_timer, &QTimer::timeout, this, &ValidationPanel::refresh);
    connect(m_list, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        activate(m_list->indexOfTopLevelItem(item));
    });
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        activate(m_list->indexOfTopLevelItem(item));
    });
}

void ValidationPanel::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &Document::changed, m_timer, qOverload<>(&QTimer::start));
    // Shortly after the window shows the venue: opening a large venue stays fast.
    m_issues.clear();
    m_list->clear();
    m_summary->setText(tr("Checking…"));
    m_timer->start();
}

int ValidationPanel::errorCount() const
{
    return int(std::count_if(m_issues.cbegin(), m_issues.cend(), [](const core::VenueIssue &i) {
        return i.severity == core::VenueIssue::Severity::Error;
    }));
}

void ValidationPanel::refresh()
{
    m_timer->stop();
    m_issues = m_document ? m_document->validate() : QList<core::VenueIssue>();
    m_list->clear();
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    QList<QTreeWidgetItem *> items;
    for (const core::VenueIssue &issue : std::as_const(m_issues)) {
        auto *item = new QTreeWidgetItem({issue.message, issue.path});
        item->setIcon(0,
                      issue.severity == core::VenueIssue::Severity::Error ? errorIcon : warningIcon);
        item->setToolTip(0, issue.message);
        item->setToolTip(1, issue.path);
        items.append(item);
    }
    m_list->addTopLevelItems(items);
    updateSummary();
}

void ValidationPanel::updateSummary()
{
    const int errors = errorCount();
    const int warnings = int(m_issues.size()) - errors;
    if (m_issues.isEmpty())
        m_summary->setText(tr("✔ No problems found."));
    else
        m_summary->setText(tr("Errors: %1 · Warnings: %2").arg(errors).arg(warnings));
}

void ValidationPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_list->setHeaderLabels({tr("Problem"), tr("Where")});
        if (m_timer->isActive())
            m_summary->setText(tr("Checking…"));
        else
            updateSummary();
    }
    QWidget::changeEvent(event);
}

void ValidationPanel::activate(int index)
{
    if (!m_document || index < 0 || index >= m_issues.size())
        return;
    const QString path = m_issues.at(index).path;
    const core::Venue &venue = m_document->venue();
    static const QRegularExpression seatPath(
        QStringLiteral(R"(^\$\.sections\[(\d+)\](?:\.rows\[(\d+)\](?:\.seats\[(\d+)\])?)?)"));
    static const QRegularExpression areaPath(QStringLiteral(R"(^\$\.ga_areas\[(\d+)\])"));
    static const QRegularExpression shapePath(QStringLiteral(R"(^\$\.shapes\[(\d+)\])"));
    if (const auto m = seatPath.match(path); m.hasMatch()) {
        const int s = m.captured(1).toInt();
        if (s >= venue.sections.size())
            return;
        QList<core::SeatRef> seats;
        const core::Section &section = venue.sections.at(s);
        const int onlyRow = m.captured(2).isEmpty() ? -1 : m.captured(2).toInt();
        const int onlySeat = m.captured(3).isEmpty() ? -1 : m.captured(3).toInt();
        for (int r = 0; r < section.rows.size(); ++r) {
            if (onlyRow >= 0 && r != onlyRow)
                continue;
            for (int i = 0; i < section.rows.at(r).seats.size(); ++i) {
                if (onlySeat < 0 || i == onlySeat)
                    seats.append({s, r, i});
            }
        }
        QRectF focus;
        for (const core::SeatRef &ref : std::as_const(seats))
            focus |= QRectF(venue.seat(ref).position, QSizeF(0.01, 0.01));
        if (onlyRow < 0) {
            m_document->setSelection({}, {{seatmap::ObjectRef::Kind::Section, s}});
            focus = core::geometry::boundingRect(section);
        } else {
            m_document->setSelection(seats);
        }
        Q_EMIT focusRequested(focus.adjusted(-300, -300, 300, 300));
    } else if (const auto a = areaPath.match(path); a.hasMatch()) {
        const int i = a.captured(1).toInt();
        if (i < venue.gaAreas.size()) {
            m_document->setSelection({}, {{seatmap::ObjectRef::Kind::GaArea, i}});
            Q_EMIT focusRequested(venue.gaAreas.at(i).outline.boundingRect());
        }
    } else if (const auto sh = shapePath.match(path); sh.hasMatch()) {
        const int i = sh.captured(1).toInt();
        if (i < venue.shapes.size()) {
            m_document->setSelection({}, {{seatmap::ObjectRef::Kind::Shape, i}});
            Q_EMIT focusRequested(core::geometry::boundingRect(venue.shapes.at(i)));
        }
    }
}

} // namespace boxoffice::editor
