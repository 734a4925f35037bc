// SPDX-License-Identifier: GPL-3.0-or-later
#include "figuresview.h"

#include "eventinfo.h"
#include "figuretable.h"
#include "reportwords.h"
#include "revenuechart.h"

#include <QEvent>
#include <QGridLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
QString count(qint64 n)
{
    return QLocale().toString(n);
}

qint64 cents(const QJsonObject &o, QStringView member)
{
    return o.value(member).toInteger();
}

// The log's rows that move money in (or back out): what a channel took in.
bool isMoney(const QJsonObject &line)
{
    const QString kind = line.value(u"kind").toString();
    return (kind == u"sale" || kind == u"exchange_difference" || kind == u"refund")
           && line.value(u"method").toString() != u"comp";
}
} // namespace

FiguresView::FiguresView(QWidget *parent)
    : QWidget(parent)
    , m_totals(new FigureTable(QStringLiteral("reportTotals"), this))
    , m_tickets(new FigureTable(QStringLiteral("reportTickets"), this))
    , m_money(new FigureTable(QStringLiteral("reportMoney"), this))
    , m_capacity(new FigureTable(QStringLiteral("reportCapacity"), this))
    , m_payments(new FigureTable(QStringLiteral("reportPayments"), this))
    , m_unmatched(new FigureTable(QStringLiteral("reportUnmatched"), this))
    , m_unmatchedNote(new QLabel(this))
    , m_byChannel(new RevenueChart(this))
    , m_byCategory(new RevenueChart(this))
{
    m_byChannel->setObjectName(QStringLiteral("revenueByChannel"));
    m_byCategory->setObjectName(QStringLiteral("revenueByCategory"));
    m_byChannel->setMinimumHeight(200);
    m_byCategory->setMinimumHeight(200);
    m_unmatchedNote->setObjectName(QStringLiteral("reportUnmatchedNote"));
    m_unmatchedNote->setWordWrap(true);
    const FigureTable *tables[] = {m_totals, m_tickets, m_money, m_capacity, m_payments, m_unmatched};
    for (int i = 0; i < 6; ++i) {
        m_captions[i] = new QLabel(this);
        m_captions[i]->setStyleSheet(QStringLiteral("font-weight: 700; color: #1f3a5f;"));
        m_captions[i]->setBuddy(const_cast<FigureTable *>(tables[i]));
    }
    auto column = [](QLabel *caption, QWidget *a, QWidget *b = nullptr) {
        auto *box = new QVBoxLayout;
        box->addWidget(caption);
        box->addWidget(a, 1);
        if (b)
            box->addWidget(b);
        return box;
    };
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addLayout(column(m_captions[0], m_totals), 0, 0);
    grid->addWidget(m_byChannel, 0, 1);
    grid->addWidget(m_byCategory, 0, 2);
    grid->addLayout(column(m_captions[1], m_tickets), 1, 0, 1, 2);
    grid->addLayout(column(m_captions[3], m_capacity), 1, 2);
    grid->addLayout(column(m_captions[2], m_money), 2, 0, 1, 2);
    auto *payments = column(m_captions[4], m_payments);
    payments->addWidget(m_captions[5]);
    payments->addWidget(m_unmatchedNote);
    payments->addWidget(m_unmatched, 1);
    grid->addLayout(payments, 2, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(2, 3);
    retranslate();
}

void FiguresView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void FiguresView::retranslate()
{
    const QString names[] = {tr("Totals"),
                             tr("Tickets by price category, type and channel"),
                             tr("Money by kind, channel and payment method"),
                             tr("Capacity now"),
                             tr("Payments by method"),
                             tr("Orders whose payments differ")};
    FigureTable *tables[] = {m_totals, m_tickets, m_money, m_capacity, m_payments, m_unmatched};
    for (int i = 0; i < 6; ++i) {
        m_captions[i]->setText(names[i]);
        tables[i]->setAccessibleName(names[i]);
    }
    m_tickets->setHeaders({tr("Price category"),
                           tr("Ticket type"),
                           tr("Channel"),
                           tr("Comp"),
                           tr("Issued"),
                           tr("Voided"),
                           tr("Face value issued"),
                           tr("Face value voided")});
    m_money->setHeaders(
        {tr("What"), tr("Channel"), tr("Payment method"), tr("Rows"), tr("Amount"), tr("Tax")});
    m_capacity->setHeaders({tr("Places"), tr("Count")});
    m_payments->setHeaders({tr("Method"), tr("Provider"), tr("Captures"), tr("Captured")});
    m_unmatched->setHeaders({tr("Order"), tr("Sold for"), tr("Captured"), tr("Sent back")});
    m_byChannel->setTitle(tr("Money taken in by channel"));
    m_byChannel->setAccessibleName(tr("Chart: money taken in by channel"));
    m_byCategory->setTitle(tr("Ticket face value by price category"));
    m_byCategory->setAccessibleName(tr("Chart: ticket face value by price category"));
    if (!m_report.isEmpty())
        showReport(m_report);
    else
        clear();
}

void FiguresView::clear()
{
    m_report = {};
    for (FigureTable *t : {m_totals, m_tickets, m_money, m_capacity, m_payments, m_unmatched})
        t->setRowCount(0);
    m_totals->setHeaders({tr("What")});
    m_unmatchedNote->clear();
    m_byChannel->show({}, QString());
    m_byCategory->show({}, QString());
}

QString FiguresView::unmatchedText() const
{
    return m_unmatchedNote->text();
}

void FiguresView::showReport(const QJsonObject &report)
{
    m_report = report;
    // Totals: one column per currency.
    const QJsonArray totals = report.value(u"totals").toArray();
    QStringList headers{tr("What")};
    for (const QJsonValue &t : totals)
        headers.append(t.toObject().value(u"currency").toString());
    m_totals->setHeaders(headers);
    struct Row
    {
        QString label;
        std::function<QString(const QJsonObject &)> value;
    };
    auto money = [](QStringView member) {
        return [member](const QJsonObject &t) {
            return formatMoney(cents(t, member), t.value(u"currency").toString());
        };
    };
    const QList<Row> rows{
        {tr("Sales"), money(u"sales_cents")},
        {tr("Exchange differences"), money(u"exchange_cents")},
        {tr("Refunded"), money(u"refunded_cents")},
        {tr("Refunds"), [](const QJsonObject &t) { return count(cents(t, u"refunds")); }},
        {tr("Money taken in"), money(u"taken_cents")},
        {tr("Of which tax"), money(u"tax_cents")},
        {tr("Comp tickets"), [](const QJsonObject &t) { return count(cents(t, u"comp_tickets")); }},
        {tr("Comps' face value"), money(u"comp_face_cents")},
        {tr("Captured by the payment provider"), money(u"captured_cents")},
        {tr("Sent back after failed sales"), money(u"compensated_cents")},
        {tr("Refunds paid out by the provider"), money(u"payment_refunded_cents")},
    };
    QList<QStringList> cells;
    QList<int> numbers;
    for (int c = 1; c <= totals.size(); ++c)
        numbers.append(c);
    for (const Row &row : rows) {
        QStringList line{row.label};
        for (const QJsonValue &t : totals)
            line.append(row.value(t.toObject()));
        cells.append(line);
    }
    m_totals->setRows(totals.isEmpty() ? QList<QStringList>() : cells, numbers);
    const QString currency = totals.isEmpty()
                                 ? QString()
                                 : totals.first().toObject().value(u"currency").toString();

    // Tickets by category, type, channel and comp; the category chart's bars from the same lines.
    cells.clear();
    QMap<QString, qint64> byCategory;
    QStringList categoryOrder;
    for (const QJsonValue &v : report.value(u"tickets").toArray()) {
        const QJsonObject l = v.toObject();
        const QString name = l.value(u"category").toString(l.value(u"category_id").toString());
        const bool comp = l.value(u"comp").toBool();
        const QString type = l.value(u"ticket_type").toString();
        cells.append({name.isEmpty() ? tr("Standing") : name,
                      type.isEmpty() ? tr("Category price") : type,
                      ReportWords::channel(l.value(u"channel").toString()),
                      comp ? tr("Yes") : tr("No"),
                      count(cents(l, u"issued")),
                      count(cents(l, u"voided")),
                      formatMoney(cents(l, u"issued_face_cents"), currency),
                      formatMoney(cents(l, u"voided_face_cents"), currency)});
        if (!comp) {
            if (!categoryOrder.contains(cells.last().first()))
                categoryOrder.append(cells.last().first());
            byCategory[cells.last().first()] += cents(l, u"issued_face_cents")
                                                - cents(l, u"voided_face_cents");
        }
    }
    m_tickets->setRows(cells, {4, 5, 6, 7});
    QList<RevenueChart::Bar> bars;
    for (const QString &name : std::as_const(categoryOrder))
        bars.append({name, byCategory.value(name)});
    m_byCategory->show(bars, currency);

    // Money by kind, channel and method; the channel chart's bars from its money rows.
    cells.clear();
    QMap<QString, qint64> byChannel;
    QStringList channelOrder;
    for (const QJsonValue &v : report.value(u"kinds").toArray()) {
        const QJsonObject l = v.toObject();
        const QString lineCurrency = l.value(u"currency").toString();
        cells.append({ReportWords::kind(l.value(u"kind").toString()),
                      ReportWords::channel(l.value(u"channel").toString()),
                      ReportWords::method(l.value(u"method").toString()),
                      count(cents(l, u"rows")),
                      formatMoney(cents(l, u"amount_cents"), lineCurrency),
                      formatMoney(cents(l, u"tax_cents"), lineCurrency)});
        if (isMoney(l) && lineCurrency == currency) {
            const QString channel = ReportWords::channel(l.value(u"channel").toString());
            if (!channelOrder.contains(channel))
                channelOrder.append(channel);
            byChannel[channel] += cents(l, u"amount_cents");
        }
    }
    m_money->setRows(cells, {3, 4, 5});
    bars.clear();
    for (const QString &name : std::as_const(channelOrder))
        bars.append({name, byChannel.value(name)});
    m_byChannel->show(bars, currency);

    // Capacity now: every place once.
    const QJsonObject capacity = report.value(u"capacity").toObject();
    cells.clear();
    if (!capacity.isEmpty()) {
        const std::pair<QString, QStringView> places[] = {
            {tr("Sellable"), u"sellable"},
            {tr("Held in baskets"), u"held"},
            {tr("Sold"), u"sold"},
            {tr("Comps"), u"comps"},
            {tr("House seats (held back)"), u"house"},
            {tr("Allocations (held back)"), u"allocation"},
            {tr("Killed (held back)"), u"killed"},
            {tr("Total"), u"total"},
        };
        for (const auto &[label, member] : places)
            cells.append({label, count(cents(capacity, member))});
    }
    m_capacity->setRows(cells, {1});

    // Payments by method against the provider's captures; orders that differ, by id.
    cells.clear();
    for (const QJsonValue &v : report.value(u"payments").toArray()) {
        const QJsonObject l = v.toObject();
        cells.append({ReportWords::method(l.value(u"method").toString()),
                      l.value(u"provider").toString(),
                      count(cents(l, u"captures")),
                      formatMoney(cents(l, u"captured_cents"), currency)});
    }
    m_payments->setRows(cells, {2, 3});
    cells.clear();
    const QJsonArray unmatched = report.value(u"unmatched").toArray();
    for (const QJsonValue &v : unmatched) {
        const QJsonObject l = v.toObject();
        cells.append({l.value(u"order_id").toString(),
                      formatMoney(cents(l, u"sold_cents"), currency),
                      formatMoney(cents(l, u"captured_cents"), currency),
                      formatMoney(cents(l, u"compensated_cents"), currency)});
    }
    m_unmatched->setRows(cells, {1, 2, 3});
    m_unmatched->setVisible(!unmatched.isEmpty());
    m_unmatchedNote->setText(
        unmatched.isEmpty()     ? tr("None: every sale matches what the provider captured.")
        : unmatched.size() == 1 ? tr("One order whose sale differs from what was captured:")
                                : tr("%1 orders whose sale differs from what was captured:")
                                      .arg(count(unmatched.size())));
}

} // namespace boxoffice::app
