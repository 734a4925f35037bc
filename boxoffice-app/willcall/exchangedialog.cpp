// SPDX-License-Identifier: GPL-3.0-or-later
#include "exchangedialog.h"

#include "../checkout/splittenderpage.h"
#include "../eventinfo.h"

#include <client/salesclient.h>

#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QUuid>
#include <QVBoxLayout>

#include <cstdlib>

namespace boxoffice::app {

ExchangeDialog::ExchangeDialog(client::SalesClient *client,
                               const QJsonObject &order,
                               const QJsonObject &ticket,
                               SeatLabeller labeller,
                               QWidget *parent)
    : QDialog(parent)
    , m_client(client)
    , m_order(order)
    , m_ticket(ticket)
    , m_oldPrice(ticket.value(u"price_cents").toInteger())
    , m_currency(order.value(u"currency").toString())
    , m_key(QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_labeller(std::move(labeller))
    , m_seat(new QComboBox(this))
    , m_difference(new QLabel(this))
    , m_cash(new QRadioButton(tr("&1 Cash"), this))
    , m_card(new QRadioButton(tr("&2 Card terminal"), this))
    , m_split(new QRadioButton(tr("&3 Split cash and card"), this))
    , m_splitPage(new SplitTenderPage(0, order.value(u"currency").toString(), this))
    , m_tendered(new QDoubleSpinBox(this))
    , m_reference(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_confirm(new QPushButton(tr("Exchange (Enter)"), this))
{
    setObjectName(QStringLiteral("exchangeDialog"));
    setWindowTitle(tr("Exchange a ticket"));
    setMinimumWidth(560);
    auto *layout = new QVBoxLayout(this);
    const QString seatId = ticket.value(u"seat_id").toString();
    const QString gaId = ticket.value(u"ga_id").toString();
    const QString named = m_labeller && !seatId.isEmpty() ? m_labeller(seatId) : QString();
    const QString place = !seatId.isEmpty() ? (named.isEmpty() ? seatId : named)
                                            : tr("standing, %1").arg(gaId);
    auto *from = new QLabel(tr("Now: %1 (%2)").arg(place, formatMoney(m_oldPrice, m_currency)),
                            this);
    from->setObjectName(QStringLiteral("exchangeFrom"));
    from->setStyleSheet(QStringLiteral("font-size: 12pt;"));
    layout->addWidget(from);
    m_seat->setObjectName(QStringLiteral("exchangeSeat"));
    m_seat->setEditable(true);
    m_seat->setInsertPolicy(QComboBox::NoInsert);
    m_seat->completer()->setFilterMode(Qt::MatchContains);
    m_seat->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_seat->setStyleSheet(QStringLiteral("font-size: 12pt;"));
    auto *form = new QFormLayout;
    form->addRow(tr("&New place:"), m_seat);
    layout->addLayout(form);
    m_difference->setObjectName(QStringLiteral("exchangeDifference"));
    m_difference->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_difference);
    auto *methods = new QHBoxLayout;
    methods->addWidget(m_cash);
    methods->addWidget(m_card);
    methods->addWidget(m_split);
    layout->addLayout(methods);
    m_split->setObjectName(QStringLiteral("exchangeSplit"));
    m_splitPage->setVisible(false);
    layout->addWidget(m_splitPage);
    m_cash->setChecked(true);
    m_tendered->setObjectName(QStringLiteral("exchangeTendered"));
    m_tendered->setDecimals(2);
    m_tendered->setRange(0, 1e7);
    m_tendered->setSuffix(u' ' + m_currency);
    m_reference->setObjectName(QStringLiteral("exchangeReference"));
    m_reference->setPlaceholderText(tr("Terminal receipt number"));
    auto *payForm = new QFormLayout;
    payForm->addRow(tr("Tendered:"), m_tendered);
    payForm->addRow(tr("Reference:"), m_reference);
    auto *single = new QWidget(this); // cash or card alone; the split page replaces it
    single->setLayout(payForm);
    layout->addWidget(single);
    connect(m_split, &QRadioButton::toggled, this, [this, single](bool on) {
        single->setVisible(!on);
        m_splitPage->setVisible(on);
        adjustSize();
    });
    m_status->setObjectName(QStringLiteral("exchangeStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_confirm->setObjectName(QStringLiteral("confirmExchange"));
    m_confirm->setMinimumHeight(44);
    m_confirm->setStyleSheet(QStringLiteral(
        "QPushButton { background: #1b5e20; color: white; font-size: 14pt; font-weight: 600;"
        " border-radius: 6px; } QPushButton:disabled { background: #9e9e9e; }"));
    layout->addWidget(m_confirm);
    auto *cancel = new QPushButton(tr("Cancel (Esc)"), this);
    cancel->setAutoDefault(false);
    m_confirm->setAutoDefault(false);
    layout->addWidget(cancel);
    connect(cancel, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_confirm, &QPushButton::clicked, this, &ExchangeDialog::confirm);
    connect(m_seat, &QComboBox::currentIndexChanged, this, &ExchangeDialog::updateState);
    connect(m_cash, &QRadioButton::toggled, this, &ExchangeDialog::updateState);
    connect(m_tendered, &QDoubleSpinBox::valueChanged, this, &ExchangeDialog::updateState);
    connect(m_reference, &QLineEdit::textChanged, this, &ExchangeDialog::updateState);
    connect(m_split, &QRadioButton::toggled, this, &ExchangeDialog::updateState);
    connect(m_splitPage, &SplitTenderPage::changed, this, &ExchangeDialog::updateState);
    m_status->setText(tr("Loading the free places…"));
    updateState();
    load();
}

void ExchangeDialog::load()
{
    const QString eventId = m_order.value(u"event_id").toString();
    m_client->getEvent(
        eventId, client::whileAlive(this, [this, eventId](const client::ApiResult &e) {
            if (!e.ok()) {
                m_status->setText(tr("The event cannot be loaded: %1").arg(e.error));
                return;
            }
            QHash<QString, QString> names;
            for (const QJsonValue &c : e.body.value(u"categories").toArray()) {
                m_prices.insert(c.toObject().value(u"id").toString(),
                                c.toObject().value(u"price_cents").toInteger());
                names.insert(c.toObject().value(u"id").toString(),
                             c.toObject().value(u"name").toString());
            }
            // The venue says each GA zone's category (its price); the seat map its room.
            const QString venueId = e.body.value(u"venue").toObject().value(u"id").toString();
            m_client->getVenue(
                venueId,
                client::whileAlive(this, [this, eventId, names](const client::ApiResult &v) {
                    for (const QJsonValue &zone : v.body.value(u"ga_areas").toArray())
                        m_zoneCategories.insert(zone.toObject().value(u"id").toString(),
                                                zone.toObject().value(u"category").toString());
                    m_client->getSeatmap(
                        eventId, client::whileAlive(this, [this, names](const client::ApiResult &m) {
                            if (!m.ok()) {
                                m_status->setText(
                                    tr("The seat map cannot be loaded: %1").arg(m.error));
                                return;
                            }
                            fillPlaces(m.body, names);
                        }));
                }));
        }));
}

void ExchangeDialog::fillPlaces(const QJsonObject &seatmap,
                                const QHash<QString, QString> &categoryNames)
{
    m_seat->blockSignals(true);
    // Standing zones with room first (a handful), then the free seats.
    for (const QJsonValue &v : seatmap.value(u"ga").toArray()) {
        const QJsonObject zone = v.toObject();
        const QString id = zone.value(u"id").toString();
        const qint64 room = zone.value(u"available").toInteger();
        if (room <= 0 || id == m_ticket.value(u"ga_id").toString() || !m_zoneCategories.contains(id))
            continue;
        const QString category = m_zoneCategories.value(id);
        m_seat->addItem(tr("%1 (standing, %n left) — %2 %3", nullptr, int(room))
                            .arg(zone.value(u"name").toString(),
                                 categoryNames.value(category, category),
                                 formatMoney(m_prices.value(category), m_currency)),
                        QStringList{id, category, QStringLiteral("ga")});
    }
    const int zones = m_seat->count();
    for (const QJsonValue &v : seatmap.value(u"seats").toArray()) {
        const QJsonObject s = v.toObject();
        if (s.value(u"status").toString() != u"available")
            continue;
        const QString category = s.value(u"category").toString();
        const QString id = s.value(u"id").toString();
        QString place = m_labeller ? m_labeller(id) : QString();
        if (place.isEmpty() || place == id)
            place = tr("%1 · Row %2 · Seat %3")
                        .arg(s.value(u"section").toString(),
                             s.value(u"row").toString(),
                             s.value(u"number").toString());
        m_seat->addItem(tr("%1 — %2 %3")
                            .arg(place,
                                 categoryNames.value(category, category),
                                 formatMoney(m_prices.value(category), m_currency)),
                        QStringList{id, category, QStringLiteral("seat")});
    }
    m_seat->setCurrentIndex(-1);
    m_seat->blockSignals(false);
    m_ready = true;
    const int seats = m_seat->count() - zones;
    m_status->setText(m_seat->count() == 0
                          ? tr("No free place is left.")
                          : tr("%1 and %2. Type to search.")
                                .arg(tr("%n free seat(s)", nullptr, seats),
                                     tr("%n standing zone(s) with room", nullptr, zones)));
    updateState();
    m_seat->setFocus();
}

bool ExchangeDialog::chooseSeat(const QString &seatId)
{
    return choose(QStringLiteral("seat"), seatId);
}

bool ExchangeDialog::chooseGa(const QString &gaId)
{
    return choose(QStringLiteral("ga"), gaId);
}

bool ExchangeDialog::choose(const QString &kind, const QString &id)
{
    for (int i = 0; i < m_seat->count(); ++i) {
        const QStringList data = m_seat->itemData(i).toStringList();
        if (data.value(0) == id && data.value(2) == kind) {
            m_seat->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void ExchangeDialog::setMethod(const QString &method)
{
    (method == u"split" ? m_split : method == u"card_present" ? m_card : m_cash)->setChecked(true);
}

void ExchangeDialog::setTendered(qint64 cents)
{
    m_tendered->setValue(double(cents) / 100.0);
}

void ExchangeDialog::setReference(const QString &text)
{
    m_reference->setText(text);
}

QString ExchangeDialog::statusText() const
{
    return m_status->text();
}

qint64 ExchangeDialog::differenceCents() const
{
    const QStringList data = m_seat->currentData().toStringList();
    if (data.size() < 2)
        return 0;
    return m_prices.value(data.at(1)) - m_oldPrice;
}

QJsonObject ExchangeDialog::payment() const
{
    if (m_split->isChecked())
        return m_splitPage->payment();
    if (m_card->isChecked())
        return {{QStringLiteral("method"), QStringLiteral("card_present")},
                {QStringLiteral("reference"), m_reference->text().trimmed()}};
    const qint64 diff = differenceCents();
    return {{QStringLiteral("method"), QStringLiteral("cash")},
            {QStringLiteral("tendered_cents"),
             diff > 0 ? qRound64(m_tendered->value() * 100.0) : 0}};
}

void ExchangeDialog::updateState()
{
    if (m_done)
        return;
    const bool chosen = m_seat->currentIndex() >= 0 && !m_seat->currentData().isNull();
    const qint64 diff = differenceCents();
    const bool money = chosen && diff != 0;
    m_cash->setEnabled(money);
    m_card->setEnabled(money);
    // Split needs two parts of at least a cent each.
    m_split->setEnabled(money && std::abs(diff) >= 2);
    if (m_split->isChecked() && !m_split->isEnabled())
        m_cash->setChecked(true);
    if (money && m_splitPage->cardCents() + m_splitPage->cashCents() != std::abs(diff))
        m_splitPage->setTotal(std::abs(diff));
    m_tendered->setEnabled(money && m_cash->isChecked() && diff > 0);
    m_reference->setEnabled(money && m_card->isChecked());
    if (!chosen)
        m_difference->setText(tr("Choose the new place"));
    else if (diff > 0)
        m_difference->setText(tr("To pay: %1").arg(formatMoney(diff, m_currency)));
    else if (diff < 0)
        m_difference->setText(tr("To give back: %1").arg(formatMoney(-diff, m_currency)));
    else
        m_difference->setText(tr("Same price: nothing to pay"));
    m_difference->setStyleSheet(
        QStringLiteral("font-size: 24pt; font-weight: 700; color: %1;")
            .arg(diff < 0 ? QStringLiteral("#c62828") : QStringLiteral("#1b5e20")));
    bool ok = chosen && !m_busy;
    if (money && m_card->isChecked())
        ok = ok && !m_reference->text().trimmed().isEmpty();
    if (money && m_cash->isChecked() && diff > 0)
        ok = ok && qRound64(m_tendered->value() * 100.0) >= diff;
    if (money && m_split->isChecked())
        ok = ok && m_splitPage->isComplete();
    m_confirm->setEnabled(ok);
}

void ExchangeDialog::confirm()
{
    if (m_done) {
        accept();
        return;
    }
    if (!m_confirm->isEnabled())
        return;
    const QStringList data = m_seat->currentData().toStringList();
    QJsonObject body{{QStringLiteral("ticket_id"), m_ticket.value(u"ticket_id")}};
    body.insert(data.value(2) == u"ga" ? QStringLiteral("ga_id") : QStringLiteral("seat_id"),
                data.value(0));
    const QJsonObject pay = payment();
    if (differenceCents() != 0)
        body.insert(QStringLiteral("payment"), pay);
    m_busy = true;
    m_status->setText(tr("Exchanging…"));
    updateState();
    m_client->exchangeTicket(
        m_order.value(u"order_id").toString(),
        body,
        m_key,
        client::whileAlive(this, [this, pay](const client::ApiResult &r) {
            m_busy = false;
            if (!r.ok()) {
                const QString code = r.code();
                m_status->setText(
                    code == u"seat_unavailable"
                        ? tr("That seat was taken a moment ago. Choose another.")
                    : code == u"insufficient_capacity"
                        ? tr("That standing zone filled up a moment ago. Choose another place.")
                    : code == u"ticket_used" ? tr("This ticket was already scanned at the door; it "
                                                  "cannot be exchanged.")
                    : code == u"shift_required" ? tr("Open a shift (F4) before handling cash.")
                                                : r.error);
                m_status->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
                if (code == u"seat_unavailable" || code == u"insufficient_capacity") {
                    m_seat->removeItem(m_seat->currentIndex());
                    m_key = QUuid::createUuid().toString(QUuid::WithoutBraces); // a new request
                }
                updateState();
                return;
            }
            m_done = true;
            const QJsonObject exchange = r.body.value(u"exchange").toObject();
            const qint64 change = exchange.value(u"change_cents").toInteger();
            const qint64 diff = exchange.value(u"difference_cents").toInteger();
            m_status->setStyleSheet(QStringLiteral("color: #1b5e20; font-weight: 600;"));
            m_status->setText(
                diff < 0     ? tr("Done. Give back %1.").arg(formatMoney(-diff, m_currency))
                : change > 0 ? tr("Done. Give change: %1.").arg(formatMoney(change, m_currency))
                             : tr("Done. The new ticket is printing."));
            m_confirm->setText(tr("Close (Enter)"));
            m_confirm->setEnabled(true);
            Q_EMIT exchanged(r.body, pay);
        }));
}

void ExchangeDialog::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        confirm();
        return;
    }
    if (m_busy && event->key() == Qt::Key_Escape)
        return;
    QDialog::keyPressEvent(event);
}

} // namespace boxoffice::app
