// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketpricingpage.h"

#include "eventchoices.h"
#include "eventinfo.h"
#include "managewords.h"
#include "noticelabel.h"
#include "voucherdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QShortcut>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {

enum TypeColumn { Name, Category, Priced, Amount, PerOrder, Online, Counter, TypeColumns };
const QStringList kChannels{QStringLiteral("online"), QStringLiteral("box_office")};
const QStringList kScopes{QStringLiteral("ticket"), QStringLiteral("order")};

// `child` from "Child", `wheelchair-companion` from "Wheelchair companion".
QString typeId(const QString &name)
{
    QString id = name.toLower()
                     .replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"))
                     .left(40);
    while (id.endsWith(u'-'))
        id.chop(1);
    while (id.startsWith(u'-'))
        id.remove(0, 1);
    return id.isEmpty() ? QStringLiteral("type") : id;
}

QTableWidgetItem *checkItem(bool checked)
{
    auto *item = new QTableWidgetItem;
    item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    return item;
}

} // namespace

TicketPricingPage::TicketPricingPage(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_transport(transport)
    , m_eventBox(new QComboBox(this))
    , m_types(new QTableWidget(0, TypeColumns, this))
    , m_addType(new QPushButton(this))
    , m_removeType(new QPushButton(this))
    , m_taxName(new QLineEdit(this))
    , m_taxRate(new QDoubleSpinBox(this))
    , m_taxIncluded(new QCheckBox(this))
    , m_refundFees(new QCheckBox(this))
    , m_save(new QPushButton(this))
    , m_codes(new QTableWidget(0, 5, this))
    , m_newCode(new QPushButton(this))
    , m_switchCode(new QPushButton(this))
    , m_message(new NoticeLabel(this))
{
    setObjectName(QStringLiteral("ticketPricingPage"));
    const auto caption = [this] {
        auto *label = new QLabel(this);
        m_captions.append(label);
        return label;
    };
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    QLabel *eventCaption = caption();
    eventCaption->setBuddy(m_eventBox);
    top->addWidget(eventCaption);
    top->addWidget(m_eventBox, 1);
    layout->addLayout(top);

    auto *typesBox = new QGroupBox(this);
    m_captions.append(typesBox);
    auto *typesLayout = new QVBoxLayout(typesBox);
    m_types->setObjectName(QStringLiteral("ticketTypes"));
    m_types->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_types->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_types->verticalHeader()->hide();
    typesLayout->addWidget(m_types);
    auto *typeButtons = new QHBoxLayout;
    typeButtons->addWidget(m_addType);
    typeButtons->addWidget(m_removeType);
    typeButtons->addStretch(1);
    typesLayout->addLayout(typeButtons);
    layout->addWidget(typesBox, 2);

    auto *money = new QHBoxLayout;
    auto *feesBox = new QGroupBox(this);
    m_captions.append(feesBox);
    auto *fees = new QGridLayout(feesBox);
    for (int column = 1; column <= 4; ++column)
        fees->addWidget(caption(), 0, column);
    for (int row = 0; row < kChannels.size(); ++row) {
        fees->addWidget(caption(), row + 1, 0);
        for (int column = 0; column < 4; ++column) {
            auto *spin = new QDoubleSpinBox(feesBox);
            spin->setRange(0, column % 2 ? 100 : 100000);
            spin->setDecimals(2);
            spin->setSuffix(column % 2 ? QStringLiteral(" %") : QString());
            fees->addWidget(spin, row + 1, column + 1);
            m_fees.append(spin);
        }
    }
    money->addWidget(feesBox, 2);
    auto *taxBox = new QGroupBox(this);
    m_captions.append(taxBox);
    auto *tax = new QFormLayout(taxBox);
    m_taxName->setMaxLength(40);
    m_taxRate->setRange(0, 100);
    m_taxRate->setDecimals(2);
    m_taxRate->setSuffix(QStringLiteral(" %"));
    QLabel *taxNameCaption = caption();
    taxNameCaption->setBuddy(m_taxName);
    tax->addRow(taxNameCaption, m_taxName);
    QLabel *taxRateCaption = caption();
    taxRateCaption->setBuddy(m_taxRate);
    tax->addRow(taxRateCaption, m_taxRate);
    tax->addRow(m_taxIncluded);
    tax->addRow(m_refundFees);
    money->addWidget(taxBox, 1);
    layout->addLayout(money);
    auto *saveRow = new QHBoxLayout;
    m_save->setObjectName(QStringLiteral("savePricing"));
    saveRow->addWidget(m_message, 1);
    saveRow->addWidget(m_save);
    layout->addLayout(saveRow);

    auto *codesBox = new QGroupBox(this);
    m_captions.append(codesBox);
    auto *codes = new QVBoxLayout(codesBox);
    m_codes->setObjectName(QStringLiteral("promoCodes"));
    m_codes->verticalHeader()->hide();
    m_codes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_codes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_codes->setSelectionMode(QAbstractItemView::SingleSelection);
    m_codes->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    codes->addWidget(m_codes);
    auto *codeButtons = new QHBoxLayout;
    codeButtons->addWidget(m_newCode);
    codeButtons->addWidget(m_switchCode);
    codeButtons->addStretch(1);
    codes->addLayout(codeButtons);
    layout->addWidget(codesBox, 1);

    connect(m_eventBox, &QComboBox::activated, this, [this] {
        open(m_eventBox->currentData().toString());
    });
    connect(m_addType, &QPushButton::clicked, this, [this] {
        addType(tr("New type"), 0, false);
        m_types->setCurrentCell(m_types->rowCount() - 1, Name);
        m_types->editItem(m_types->item(m_types->rowCount() - 1, Name));
    });
    connect(m_removeType, &QPushButton::clicked, this, [this] {
        if (m_types->currentRow() >= 0)
            m_types->removeRow(m_types->currentRow());
    });
    connect(m_save, &QPushButton::clicked, this, &TicketPricingPage::save);
    // Ctrl+S from any field of the page (the page is one tab of several).
    auto *saveKey = new QShortcut(QKeySequence::Save, this);
    saveKey->setContext(Qt::WidgetWithChildrenShortcut);
    connect(saveKey, &QShortcut::activated, this, &TicketPricingPage::save);
    connect(m_newCode, &QPushButton::clicked, this, &TicketPricingPage::newCode);
    connect(m_switchCode, &QPushButton::clicked, this, &TicketPricingPage::switchSelectedCode);
    retranslate();
}

QDoubleSpinBox *TicketPricingPage::fee(const QString &channel,
                                       const QString &scope,
                                       bool percent) const
{
    return m_fees.value(kChannels.indexOf(channel) * 4 + kScopes.indexOf(scope) * 2
                        + (percent ? 1 : 0));
}

void TicketPricingPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TicketPricingPage::retranslate()
{
    const QStringList captions{tr("&Event:"),
                               tr("Ticket types"),
                               tr("Fees"),
                               tr("Per ticket"),
                               tr("Per ticket (%)"),
                               tr("Per order"),
                               tr("Per order (%)"),
                               tr("Online"),
                               tr("At the counter"),
                               tr("Tax"),
                               tr("&Name on receipts:"),
                               tr("&Rate:"),
                               tr("Promo codes")};
    for (int i = 0; i < m_captions.size() && i < captions.size(); ++i) {
        if (auto *box = qobject_cast<QGroupBox *>(m_captions[i]))
            box->setTitle(captions[i]);
        else if (auto *label = qobject_cast<QLabel *>(m_captions[i]))
            label->setText(captions[i]);
    }
    m_types->setHorizontalHeaderLabels({tr("Name"),
                                        tr("For category"),
                                        tr("Priced as"),
                                        tr("Amount"),
                                        tr("Most per order"),
                                        tr("Online"),
                                        tr("Counter")});
    m_codes->setHorizontalHeaderLabels(
        {tr("Code"), tr("Takes off"), tr("Uses"), tr("For"), tr("State")});
    m_addType->setText(tr("Add a type"));
    m_removeType->setText(tr("Remove the type"));
    m_taxIncluded->setText(tr("Prices include the tax"));
    m_refundFees->setText(tr("Refunds give the fees back"));
    m_save->setText(tr("Save prices (Ctrl+S)"));
    m_newCode->setText(tr("New code…"));
    m_switchCode->setText(tr("Switch the code off or on"));
}

void TicketPricingPage::refresh()
{
    m_transport->call("GET",
                      QStringLiteral("/events?include=all&limit=500"),
                      {},
                      {},
                      client::whileAlive(this, [this](const client::ApiResult &result) {
                          if (!result.ok()) {
                              setMessage(tr("The events could not be loaded. %1")
                                             .arg(ManageWords::failure(result)),
                                         true);
                              return;
                          }
                          fillEventChoices(m_eventBox, result.body, m_eventId);
                          if (m_eventBox->count() > 0)
                              open(m_eventBox->currentData().toString());
                      }));
}

void TicketPricingPage::open(const QString &eventId)
{
    m_eventId = eventId;
    const int index = m_eventBox->findData(eventId);
    if (index >= 0)
        m_eventBox->setCurrentIndex(index);
    getForOpenEvent(QString(), [this](const client::ApiResult &result) {
        if (!result.ok()) {
            setMessage(ManageWords::failure(result), true);
            return;
        }
        m_event = result.body;
        loadRules();
    });
}

void TicketPricingPage::getForOpenEvent(const QString &tail,
                                        std::function<void(const client::ApiResult &)> then)
{
    const QString eventId = m_eventId;
    m_transport->call("GET",
                      u"/events/" + client::HttpTransport::segment(eventId) + tail,
                      {},
                      {},
                      client::whileAlive(this,
                                         [this, eventId, then = std::move(then)](
                                             const client::ApiResult &result) {
                                             if (eventId == m_eventId)
                                                 then(result);
                                         }));
}

void TicketPricingPage::loadRules()
{
    getForOpenEvent(QStringLiteral("/pricing"), [this](const client::ApiResult &result) {
        if (!result.ok()) {
            setMessage(ManageWords::failure(result), true);
            return;
        }
        showRules(result.body);
        loadCodes();
    });
}

void TicketPricingPage::loadCodes()
{
    getForOpenEvent(QStringLiteral("/vouchers"), [this](const client::ApiResult &result) {
        if (result.ok())
            showCodes(result.body);
        else
            setMessage(ManageWords::failure(result), true);
        Q_EMIT loaded();
    });
}

void TicketPricingPage::showRules(const QJsonObject &rules)
{
    m_version = rules.value(u"version").toInt();
    m_types->setRowCount(0);
    for (const QJsonValue &value : rules.value(u"ticket_types").toArray()) {
        const QJsonObject type = value.toObject();
        const bool own = type.contains(u"price_cents");
        addType(type.value(u"name").toString(),
                type.value(own ? u"price_cents" : u"delta_cents").toInteger(),
                own);
        const int row = m_types->rowCount() - 1;
        m_types->item(row, Name)->setData(Qt::UserRole, type.value(u"id").toString());
        auto *category = qobject_cast<QComboBox *>(m_types->cellWidget(row, Category));
        category->setCurrentIndex(
            std::max(0, category->findData(type.value(u"category").toString())));
        qobject_cast<QSpinBox *>(m_types->cellWidget(row, PerOrder))
            ->setValue(type.value(u"max_per_order").toInt());
        const QJsonArray channels = type.value(u"channels").toArray();
        m_types->item(row, Online)
            ->setCheckState(channels.contains(QStringLiteral("online")) ? Qt::Checked
                                                                        : Qt::Unchecked);
        m_types->item(row, Counter)
            ->setCheckState(channels.contains(QStringLiteral("box_office")) ? Qt::Checked
                                                                            : Qt::Unchecked);
    }
    for (QDoubleSpinBox *spin : std::as_const(m_fees))
        spin->setValue(0);
    for (const QJsonValue &value : rules.value(u"fees").toArray()) {
        const QJsonObject fee = value.toObject();
        const QString channel = fee.value(u"channel").toString();
        const QString scope = fee.value(u"scope").toString();
        if (QDoubleSpinBox *fixed = this->fee(channel, scope, false))
            fixed->setValue(double(fee.value(u"fixed_cents").toInteger()) / 100.0);
        if (QDoubleSpinBox *percent = this->fee(channel, scope, true))
            percent->setValue(fee.value(u"percent").toDouble());
    }
    const QJsonObject tax = rules.value(u"tax").toObject();
    m_taxName->setText(tax.value(u"name").toString());
    m_taxRate->setValue(tax.value(u"rate_percent").toDouble());
    m_taxIncluded->setChecked(tax.value(u"included").toBool(true));
    m_refundFees->setChecked(rules.value(u"refund_fees").toBool());
}

void TicketPricingPage::addType(const QString &name, qint64 cents, bool ownPrice)
{
    const int row = m_types->rowCount();
    m_types->insertRow(row);
    m_types->setItem(row, Name, new QTableWidgetItem(name));
    auto *category = new QComboBox;
    category->addItem(tr("Every category"), QString());
    for (const PriceCategory &c : EventInfo::fromJson(m_event).categories)
        category->addItem(c.name, c.id);
    m_types->setCellWidget(row, Category, category);
    auto *priced = new QComboBox;
    priced->addItem(tr("Difference to its category"));
    priced->addItem(tr("Its own price"));
    priced->setCurrentIndex(ownPrice ? 1 : 0);
    m_types->setCellWidget(row, Priced, priced);
    auto *amount = new QDoubleSpinBox;
    amount->setRange(-1000000, 1000000);
    amount->setDecimals(2);
    amount->setValue(double(cents) / 100.0);
    m_types->setCellWidget(row, Amount, amount);
    auto *perOrder = new QSpinBox;
    perOrder->setRange(0, 1000);
    perOrder->setSpecialValueText(tr("No limit"));
    m_types->setCellWidget(row, PerOrder, perOrder);
    m_types->setItem(row, Online, checkItem(true));
    m_types->setItem(row, Counter, checkItem(true));
}

QJsonObject TicketPricingPage::rules() const
{
    QJsonArray types;
    QStringList ids;
    for (int row = 0; row < m_types->rowCount(); ++row) {
        const QString name = m_types->item(row, Name)->text().trimmed();
        QString id = m_types->item(row, Name)->data(Qt::UserRole).toString();
        if (id.isEmpty())
            id = typeId(name);
        for (int n = 2; ids.contains(id); ++n)
            id = typeId(name).left(36) + u'-' + QString::number(n);
        ids.append(id);
        QJsonObject type{{QStringLiteral("id"), id}, {QStringLiteral("name"), name}};
        const QString category = qobject_cast<QComboBox *>(m_types->cellWidget(row, Category))
                                     ->currentData()
                                     .toString();
        if (!category.isEmpty())
            type.insert(QStringLiteral("category"), category);
        const qint64 cents = qRound64(
            qobject_cast<QDoubleSpinBox *>(m_types->cellWidget(row, Amount))->value() * 100);
        const bool own = qobject_cast<QComboBox *>(m_types->cellWidget(row, Priced))->currentIndex()
                         == 1;
        type.insert(own ? QStringLiteral("price_cents") : QStringLiteral("delta_cents"), cents);
        if (const int most = qobject_cast<QSpinBox *>(m_types->cellWidget(row, PerOrder))->value())
            type.insert(QStringLiteral("max_per_order"), most);
        QJsonArray channels;
        if (m_types->item(row, Online)->checkState() == Qt::Checked)
            channels.append(QStringLiteral("online"));
        if (m_types->item(row, Counter)->checkState() == Qt::Checked)
            channels.append(QStringLiteral("box_office"));
        type.insert(QStringLiteral("channels"), channels);
        types.append(type);
    }
    QJsonArray fees;
    for (const QString &channel : kChannels)
        for (const QString &scope : kScopes) {
            const qint64 fixed = qRound64(fee(channel, scope, false)->value() * 100);
            const double percent = fee(channel, scope, true)->value();
            if (fixed > 0 || percent > 0)
                fees.append(QJsonObject{{QStringLiteral("channel"), channel},
                                        {QStringLiteral("scope"), scope},
                                        {QStringLiteral("fixed_cents"), fixed},
                                        {QStringLiteral("percent"), percent}});
        }
    return {{QStringLiteral("ticket_types"), types},
            {QStringLiteral("fees"), fees},
            {QStringLiteral("tax"),
             QJsonObject{{QStringLiteral("name"), m_taxName->text().trimmed()},
                         {QStringLiteral("rate_percent"), m_taxRate->value()},
                         {QStringLiteral("included"), m_taxIncluded->isChecked()}}},
            {QStringLiteral("refund_fees"), m_refundFees->isChecked()}};
}

void TicketPricingPage::save()
{
    if (m_eventId.isEmpty())
        return;
    const QString eventId = m_eventId;
    m_save->setEnabled(false);
    m_transport->call(
        "PUT",
        u"/events/" + client::HttpTransport::segment(eventId) + u"/pricing",
        rules(),
        {{"If-Match", '"' + QByteArray::number(m_version) + '"'}},
        client::whileAlive(this, [this, eventId](const client::ApiResult &result) {
            m_save->setEnabled(true);
            if (eventId != m_eventId)
                return;
            if (result.ok()) {
                showRules(result.body);
                setMessage(tr("Saved. New sales are priced this way; what was sold keeps its "
                              "price."),
                           false);
            } else if (result.status == 412) {
                setMessage(tr("Someone else changed this event meanwhile: the prices were "
                              "loaded again. Make your change once more."),
                           true);
                loadRules();
                return;
            } else {
                setMessage(problemText(result), true);
            }
            Q_EMIT loaded();
        }));
}

QString TicketPricingPage::problemText(const client::ApiResult &result) const
{
    const QString field = result.body.value(u"field").toString();
    static const QRegularExpression typeField(QStringLiteral("^ticket_types\\[(\\d+)\\]"));
    if (const auto match = typeField.match(field); match.hasMatch()) {
        const int row = match.captured(1).toInt();
        const QString name = row < m_types->rowCount() ? m_types->item(row, Name)->text()
                                                       : QString();
        return tr("Ticket type “%1”: %2").arg(name, result.error);
    }
    return ManageWords::failure(result);
}

void TicketPricingPage::showCodes(const QJsonObject &listing)
{
    const QString currency = m_event.value(u"currency").toString();
    m_codes->setRowCount(0);
    for (const QJsonValue &value : listing.value(u"vouchers").toArray()) {
        const QJsonObject code = value.toObject();
        const int row = m_codes->rowCount();
        m_codes->insertRow(row);
        auto *name = new QTableWidgetItem(code.value(u"code").toString());
        name->setData(Qt::UserRole, code);
        m_codes->setItem(row, 0, name);
        const QString kind = code.value(u"kind").toString();
        const QString off
            = kind == u"percent_off" ? tr("%1 % off").arg(code.value(u"percent").toDouble())
              : kind == u"amount_off"
                  ? tr("%1 off").arg(formatMoney(code.value(u"value_cents").toInteger(), currency))
                  : tr("price %1").arg(formatMoney(code.value(u"value_cents").toInteger(), currency));
        m_codes->setItem(row, 1, new QTableWidgetItem(off));
        const QJsonValue max = code.value(u"max_uses");
        m_codes->setItem(row,
                         2,
                         new QTableWidgetItem(
                             max.isNull()
                                 ? QString::number(code.value(u"uses").toInt())
                                 : tr("%1 of %2").arg(code.value(u"uses").toInt()).arg(max.toInt())));
        QStringList types;
        for (const QJsonValue &type : code.value(u"ticket_types").toArray())
            types.append(typeName(type.toString()));
        m_codes->setItem(row,
                         3,
                         new QTableWidgetItem(types.isEmpty() ? tr("Every ticket")
                                                              : types.join(QStringLiteral(", "))));
        m_codes->setItem(row,
                         4,
                         new QTableWidgetItem(code.value(u"disabled").toBool() ? tr("Off")
                                                                               : tr("On")));
    }
}

QString TicketPricingPage::typeName(const QString &id) const
{
    for (int row = 0; row < m_types->rowCount(); ++row)
        if (m_types->item(row, Name)->data(Qt::UserRole).toString() == id)
            return m_types->item(row, Name)->text();
    return id;
}

void TicketPricingPage::newCode()
{
    QList<QPair<QString, QString>> types;
    for (const QJsonValue &type : rules().value(u"ticket_types").toArray())
        types.append(
            {type.toObject().value(u"id").toString(), type.toObject().value(u"name").toString()});
    auto *dialog = new VoucherDialog(m_eventId, types, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString eventId = m_eventId;
        const QString code = dialog->voucher().value(u"code").toString();
        m_transport->call("POST",
                          QStringLiteral("/vouchers"),
                          dialog->voucher(),
                          {},
                          client::whileAlive(this, [this, eventId, code](const client::ApiResult &r) {
                              if (r.ok())
                                  setMessage(tr("Code %1 created.").arg(code), false);
                              else if (r.code() == u"voucher_code_taken")
                                  setMessage(tr("Another code is already "
                                                "called %1.")
                                                 .arg(code),
                                             true);
                              else
                                  setMessage(ManageWords::failure(r), true);
                              if (eventId == m_eventId)
                                  loadCodes();
                          }));
    });
    dialog->open();
}

void TicketPricingPage::switchSelectedCode()
{
    const int row = m_codes->currentRow();
    if (row < 0)
        return;
    QJsonObject code = m_codes->item(row, 0)->data(Qt::UserRole).toJsonObject();
    const int version = code.value(u"version").toInt();
    const QString name = code.value(u"code").toString();
    code.insert(QStringLiteral("disabled"), !code.value(u"disabled").toBool());
    for (const char *readOnly : {"uses", "version"})
        code.remove(QLatin1String(readOnly));
    for (const char *unset : {"max_uses", "max_per_fan", "valid_from", "valid_until"})
        if (code.value(QLatin1String(unset)).isNull())
            code.remove(QLatin1String(unset));
    m_transport->call("PUT",
                      u"/vouchers/" + client::HttpTransport::segment(name),
                      code,
                      {{"If-Match", '"' + QByteArray::number(version) + '"'}},
                      client::whileAlive(this, [this, name](const client::ApiResult &result) {
                          if (result.ok())
                              setMessage(result.body.value(u"disabled").toBool()
                                             ? tr("Code %1 is off: nobody can use it now.").arg(name)
                                             : tr("Code %1 is on again.").arg(name),
                                         false);
                          else
                              setMessage(ManageWords::failure(result), true);
                          loadCodes();
                      }));
}

void TicketPricingPage::setMessage(const QString &text, bool problem)
{
    m_message->showNotice(text, problem);
}

QString TicketPricingPage::messageText() const
{
    return m_message->text();
}

} // namespace boxoffice::app
