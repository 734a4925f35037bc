// SPDX-License-Identifier: GPL-3.0-or-later
#include "basketpanel.h"

#include "basketpricebox.h"
#include "counterpricing.h"
#include "salesession.h"

#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice::app {

BasketPanel::BasketPanel(SaleSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_title(new QLabel(this))
    , m_lines(new QTableWidget(0, 3, this))
    , m_prices(new BasketPriceBox(session, this))
    , m_totalCaption(new QLabel(this))
    , m_total(new QLabel(this))
    , m_countdown(new QLabel(this))
    , m_checkout(new QPushButton(this))
    , m_clear(new QPushButton(this))
    , m_remove(new QPushButton(this))
{
    setObjectName(QStringLiteral("basketPanel"));
    setMinimumWidth(320);
    auto *layout = new QVBoxLayout(this);
    m_title->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 600;"));
    layout->addWidget(m_title);
    m_lines->setObjectName(QStringLiteral("basketLines"));
    m_lines->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_lines->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_lines->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_lines->verticalHeader()->hide();
    // Long seat labels wrap beside the ticket-type choice instead of being cut.
    m_lines->setWordWrap(true);
    m_lines->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_lines->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_lines->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_lines->setAlternatingRowColors(true);
    layout->addWidget(m_lines, 1);
    m_remove->setObjectName(QStringLiteral("removeLine"));
    m_remove->setShortcut(QKeySequence::Delete);
    layout->addWidget(m_remove);
    m_countdown->setObjectName(QStringLiteral("countdown"));
    m_countdown->setAlignment(Qt::AlignCenter);
    m_countdown->setWordWrap(true);
    layout->addWidget(m_countdown);
    layout->addWidget(m_prices);
    auto *totalRow = new QHBoxLayout;
    m_totalCaption->setStyleSheet(QStringLiteral("font-size: 16pt;"));
    totalRow->addWidget(m_totalCaption);
    m_total->setObjectName(QStringLiteral("basketTotal"));
    m_total->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_total->setStyleSheet(QStringLiteral("font-size: 28pt; font-weight: 700;"));
    totalRow->addWidget(m_total, 1);
    layout->addLayout(totalRow);
    m_checkout->setObjectName(QStringLiteral("checkoutButton"));
    m_checkout->setMinimumHeight(56);
    m_checkout->setStyleSheet(QStringLiteral(
        "QPushButton { background: #1b5e20; color: white; font-size: 16pt; font-weight: 600;"
        " border-radius: 6px; } QPushButton:disabled { background: #9e9e9e; }"));
    layout->addWidget(m_checkout);
    m_clear->setObjectName(QStringLiteral("clearBasket"));
    layout->addWidget(m_clear);

    connect(m_checkout, &QPushButton::clicked, this, &BasketPanel::checkoutRequested);
    connect(m_clear, &QPushButton::clicked, session, &SaleSession::clear);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        QStringList ids;
        const auto lines = m_session->basket();
        for (const QModelIndex &index : m_lines->selectionModel()->selectedRows())
            if (index.row() < lines.size() && !lines.at(index.row()).seatId.isEmpty())
                ids.append(lines.at(index.row()).seatId);
        if (!ids.isEmpty())
            Q_EMIT removeRequested(ids);
    });
    connect(session, &SaleSession::basketChanged, this, &BasketPanel::refresh);
    connect(session, &SaleSession::busyChanged, this, &BasketPanel::refresh);
    connect(session, &SaleSession::countdown, this, &BasketPanel::showCountdown);
    connect(session->pricing(), &CounterPricing::changed, this, &BasketPanel::refresh);
    retranslate();
    refresh();
}

void BasketPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void BasketPanel::retranslate()
{
    m_title->setText(tr("Basket"));
    m_lines->setHorizontalHeaderLabels({tr("Seat"), tr("Ticket"), tr("Price")});
    m_totalCaption->setText(tr("Total"));
    m_checkout->setText(tr("Checkout (F12)"));
    m_checkout->setToolTip(tr("Take payment for the basket (F12)"));
    m_clear->setText(tr("Clear basket (F8)"));
    m_clear->setToolTip(tr("Release the held seats (F8)"));
    m_remove->setText(tr("Remove selected line (Del)"));
    refresh();
}

void BasketPanel::refresh()
{
    const auto lines = m_session->basket();
    const QString currency = m_session->event().currency;
    const CounterPricing *pricing = m_session->pricing();
    // Rebuilt combos would drop the keyboard focus: give it back to the same row.
    const int focusedRow = m_lines->focusWidget() && m_lines->focusWidget()->inherits("QComboBox")
                               ? m_lines->currentRow()
                               : -1;
    m_lines->setRowCount(int(lines.size()));
    for (int i = 0; i < lines.size(); ++i) {
        const BasketLine &line = lines.at(i);
        const QString label = line.seatId.isEmpty()
                                  ? tr("%1 × %2").arg(line.quantity).arg(line.label)
                                  : line.label;
        m_lines->setItem(i, 0, new QTableWidgetItem(label));
        m_lines->setCellWidget(i, 1, typeChoice(line));
        qint64 cents = line.priceCents * line.quantity;
        if (const QJsonObject quoted = pricing->ticketLine(line.seatId.isEmpty() ? line.gaId
                                                                                 : line.seatId);
            !quoted.isEmpty())
            cents = quoted.value(u"total_cents").toInteger() * line.quantity;
        auto *price = new QTableWidgetItem(formatMoney(cents, currency));
        price->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_lines->setItem(i, 2, price);
    }
    if (focusedRow >= 0 && focusedRow < m_lines->rowCount() && m_lines->cellWidget(focusedRow, 1))
        m_lines->cellWidget(focusedRow, 1)->setFocus();
    m_total->setText(formatMoney(m_session->totalCents(), currency));
    const bool busy = m_session->isBusy() || pricing->isBusy();
    m_checkout->setEnabled(!lines.isEmpty() && !busy);
    m_clear->setEnabled(!lines.isEmpty());
    m_remove->setEnabled(!lines.isEmpty());
    if (m_session->isBusy())
        m_countdown->setText(tr("Holding seats…"));
    else
        showCountdown(m_session->secondsLeft());
}

QWidget *BasketPanel::typeChoice(const BasketLine &line)
{
    CounterPricing *pricing = m_session->pricing();
    const QList<CounterTicketType> types = pricing->typesFor(line.categoryId);
    if (line.seatId.isEmpty() || types.isEmpty())
        return nullptr; // types are per seat; an event without types has one price per seat
    auto *combo = new QComboBox;
    combo->setObjectName(QStringLiteral("ticketType"));
    combo->setAccessibleName(tr("Ticket type for %1").arg(line.label));
    const QString currency = m_session->event().currency;
    combo->addItem(tr("Standard, %1").arg(formatMoney(line.priceCents, currency)), QString());
    for (const CounterTicketType &type : types)
        combo->addItem(tr("%1, %2").arg(type.name,
                                        formatMoney(type.priceFor(line.priceCents), currency)),
                       type.id);
    combo->setCurrentIndex(std::max(0, combo->findData(pricing->typeOf(line.seatId))));
    const QString seatId = line.seatId;
    connect(combo, &QComboBox::activated, this, [pricing, combo, seatId](int index) {
        pricing->setType(seatId, combo->itemData(index).toString());
    });
    return combo;
}

void BasketPanel::showCountdown(int seconds)
{
    if (m_session->isBusy())
        return;
    if (m_session->holdId().isEmpty()) {
        m_countdown->setText(tr("Click seats on the map, or use Best available (F6)"));
        m_countdown->setStyleSheet(QStringLiteral("color: #616161; font-size: 10pt;"));
        return;
    }
    m_countdown->setText(
        tr("Held for %1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0')));
    m_countdown->setStyleSheet(
        seconds <= 60 ? QStringLiteral("color: white; background: #c62828; font-size: 15pt;"
                                       " font-weight: 700; padding: 4px; border-radius: 4px;")
                      : QStringLiteral("color: #1b5e20; font-size: 15pt;"
                                       " font-weight: 600; padding: 4px;"));
}

QString BasketPanel::totalText() const
{
    return m_total->text();
}

QString BasketPanel::countdownText() const
{
    return m_countdown->text();
}

int BasketPanel::lineCount() const
{
    return m_lines->rowCount();
}

} // namespace boxoffice::app
