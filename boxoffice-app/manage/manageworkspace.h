// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QTabWidget;

namespace boxoffice::client {
class HttpTransport;
}

namespace boxoffice::app {

class AuditPage;
class EventsPage;
class StaffPage;
class HoldbacksPage;
class PriceMapPage;
class TicketPricingPage;
class ReportsPage;

/// The manager's workspace (role manager or admin): one tab per part of the back office.
/// Events, staff and the audit trail; further parts (the sales dashboard) join as tabs through
/// addSection().
class ManageWorkspace : public QWidget
{
    Q_OBJECT
public:
    explicit ManageWorkspace(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Adds a part of the back office as a tab (its title in the current language; the page
    /// retranslates its own contents).
    void addSection(QWidget *page, const QString &title);
    EventsPage *eventsPage() const { return m_events; }
    StaffPage *staffPage() const { return m_staff; }
    AuditPage *auditPage() const { return m_audit; }
    HoldbacksPage *holdbacksPage() const { return m_holdbacks; }
    PriceMapPage *priceMapPage() const { return m_prices; }
    TicketPricingPage *ticketPricingPage() const { return m_ticketPricing; }
    ReportsPage *reportsPage() const { return m_reports; }
    QTabWidget *sections() const { return m_tabs; }
    /// Shows the workspace's data fresh (called when the manager opens it).
    void refresh();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_heading;
    QLabel *m_hint;
    QTabWidget *m_tabs;
    EventsPage *m_events;
    StaffPage *m_staff;
    AuditPage *m_audit;
    HoldbacksPage *m_holdbacks;
    PriceMapPage *m_prices;
    TicketPricingPage *m_ticketPricing;
    ReportsPage *m_reports;
};

} // namespace boxoffice::app
