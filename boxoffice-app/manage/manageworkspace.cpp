// SPDX-License-Identifier: GPL-3.0-or-later
#include "manageworkspace.h"

#include "auditpage.h"
#include "dashboardpage.h"
#include "eventspage.h"
#include "holdbackspage.h"
#include "pricemappage.h"
#include "reports/reportspage.h"
#include "staffpage.h"
#include "ticketpricingpage.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace boxoffice::app {

ManageWorkspace::ManageWorkspace(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_events(new EventsPage(transport, this))
    , m_staff(new StaffPage(transport, this))
    , m_audit(new AuditPage(transport, this))
    , m_holdbacks(new HoldbacksPage(transport, this))
    , m_prices(new PriceMapPage(transport, this))
    , m_ticketPricing(new TicketPricingPage(transport, this))
    , m_reports(new ReportsPage(transport, this))
{
    setObjectName(QStringLiteral("manageWorkspace"));
    m_heading->setStyleSheet(QStringLiteral("font-size: 18pt; font-weight: 700; color: #1f3a5f;"));
    m_hint->setStyleSheet(QStringLiteral("color: #546e7a;"));
    m_tabs->setObjectName(QStringLiteral("manageSections"));
    m_tabs->setDocumentMode(true);
    // Events and how they sell (Ctrl+Tab from the list: its highlighted event's figures), the
    // seats held back and the prices on the map; then people and the record of changes.
    m_tabs->addTab(m_events, QString());
    auto *dashboard = new DashboardPage(transport, this);
    dashboard->followSelection(m_events->view()); // opens on the event highlighted there
    addSection(dashboard, tr("Dashboard"));
    m_tabs->addTab(m_reports, QString()); // figures, settlement, exports, the books checked
    m_tabs->addTab(m_holdbacks, QString());
    m_tabs->addTab(m_prices, QString());
    m_tabs->addTab(m_ticketPricing, QString());
    m_tabs->addTab(m_staff, QString());
    m_tabs->addTab(m_audit, QString());
    auto *top = new QHBoxLayout;
    top->addWidget(m_heading);
    top->addStretch(1);
    top->addWidget(m_hint);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    retranslate();
}

void ManageWorkspace::addSection(QWidget *page, const QString &title)
{
    m_tabs->addTab(page, title);
}

void ManageWorkspace::refresh()
{
    m_events->refresh();
    m_staff->refresh();
    m_audit->refresh();
    m_ticketPricing->refresh();
    m_reports->refresh();
}

void ManageWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ManageWorkspace::retranslate()
{
    m_heading->setText(tr("Back office"));
    m_hint->setText(tr("Back to selling: F2"));
    m_tabs->setTabText(m_tabs->indexOf(m_events), tr("Events"));
    m_tabs->setTabText(m_tabs->indexOf(m_staff), tr("Staff"));
    m_tabs->setTabText(m_tabs->indexOf(m_audit), tr("Audit trail"));
    m_tabs->setTabText(m_tabs->indexOf(m_holdbacks), tr("Seats held back"));
    m_tabs->setTabText(m_tabs->indexOf(m_prices), tr("Prices on the map"));
    m_tabs->setTabText(m_tabs->indexOf(m_ticketPricing), tr("Ticket types and codes"));
    m_tabs->setTabText(m_tabs->indexOf(m_reports), tr("Reports"));
    m_tabs->setAccessibleName(tr("Back office sections"));
}

} // namespace boxoffice::app
