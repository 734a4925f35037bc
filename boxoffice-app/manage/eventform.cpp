// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventform.h"

#include "pricetable.h"
#include "venuetime.h"

#include <core/localtime.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
QSpinBox *spinBox(QWidget *parent, const QString &name, int min, int max)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(min, max);
    box->setAccelerated(true);
    return box;
}

QDateTime parseTime(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODate);
}
} // namespace

EventForm::EventForm(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLineEdit(this))
    , m_artists(new QLineEdit(this))
    , m_category(new QComboBox(this))
    , m_venue(new QComboBox(this))
    , m_currency(new QLineEdit(this))
    , m_starts(timeEdit(QStringLiteral("startsAt")))
    , m_doorsSet(new QCheckBox(this))
    , m_doors(timeEdit(QStringLiteral("doorsAt")))
    , m_onSale(timeEdit(QStringLiteral("onSaleAt")))
    , m_offSaleSet(new QCheckBox(this))
    , m_offSale(timeEdit(QStringLiteral("offSaleAt")))
    , m_conditions(new QPlainTextEdit(this))
    , m_maxSeats(spinBox(this, QStringLiteral("maxSeats"), 1, 1000))
    , m_maxHolds(spinBox(this, QStringLiteral("maxHolds"), 1, 100))
    , m_holdSeconds(spinBox(this, QStringLiteral("holdSeconds"), 1, 86400))
    , m_queue(new QCheckBox(this))
    , m_admitPerMinute(spinBox(this, QStringLiteral("admitPerMinute"), 1, 1000000))
    , m_maxActive(spinBox(this, QStringLiteral("maxActive"), 1, 10000000))
    , m_prices(new PriceTable(this))
    , m_eventBox(new QGroupBox(this))
    , m_timesBox(new QGroupBox(this))
    , m_saleBox(new QGroupBox(this))
    , m_queueBox(new QGroupBox(this))
    , m_pricesBox(new QGroupBox(this))
{
    setObjectName(QStringLiteral("eventForm"));
    m_title->setObjectName(QStringLiteral("eventTitle"));
    m_title->setMaxLength(500);
    m_artists->setObjectName(QStringLiteral("eventArtists"));
    m_category->setObjectName(QStringLiteral("eventCategory"));
    m_category->setEditable(true);
    m_category->addItems({QStringLiteral("concert"),
                          QStringLiteral("theatre"),
                          QStringLiteral("comedy"),
                          QStringLiteral("dance"),
                          QStringLiteral("family"),
                          QStringLiteral("sport"),
                          QStringLiteral("other")});
    m_venue->setObjectName(QStringLiteral("eventVenue"));
    m_currency->setObjectName(QStringLiteral("eventCurrency"));
    m_currency->setMaxLength(3);
    m_currency->setInputMask(QStringLiteral(">AAA"));
    m_currency->setText(QStringLiteral("EUR"));
    m_doorsSet->setObjectName(QStringLiteral("doorsSet"));
    m_offSaleSet->setObjectName(QStringLiteral("offSaleSet"));
    m_conditions->setObjectName(QStringLiteral("saleConditions"));
    m_conditions->setTabChangesFocus(true);
    m_conditions->setMaximumHeight(90);
    m_holdSeconds->setSingleStep(60);
    m_queue->setObjectName(QStringLiteral("queueEnabled"));
    m_admitPerMinute->setSingleStep(10);
    m_maxActive->setSingleStep(100);
    m_prices->setMinimumHeight(140);

    auto *eventForm = new QFormLayout(m_eventBox);
    addField(eventForm, QStringLiteral("title"), m_title);
    addField(eventForm, QStringLiteral("artists"), m_artists);
    addField(eventForm, QStringLiteral("category"), m_category);
    addField(eventForm, QStringLiteral("venue_id"), m_venue);
    addField(eventForm, QStringLiteral("currency"), m_currency);

    auto *timesForm = new QFormLayout(m_timesBox);
    addField(timesForm, QStringLiteral("starts_at"), m_starts);
    addField(timesForm, QStringLiteral("doors_at"), m_doors, optionalTime(m_doorsSet, m_doors));
    addField(timesForm, QStringLiteral("on_sale_at"), m_onSale);
    addField(timesForm,
             QStringLiteral("off_sale_at"),
             m_offSale,
             optionalTime(m_offSaleSet, m_offSale));

    auto *saleForm = new QFormLayout(m_saleBox);
    addField(saleForm, QStringLiteral("sale_conditions"), m_conditions);
    addField(saleForm, QStringLiteral("max_seats_per_user"), m_maxSeats);
    addField(saleForm, QStringLiteral("max_holds_per_user"), m_maxHolds);
    addField(saleForm, QStringLiteral("hold_seconds"), m_holdSeconds);

    auto *queueForm = new QFormLayout(m_queueBox);
    queueForm->addRow(m_queue);
    addField(queueForm, QStringLiteral("admit_per_minute"), m_admitPerMinute);
    addField(queueForm, QStringLiteral("max_active"), m_maxActive);
    m_fields.insert(QStringLiteral("queue"), m_queue);
    connect(m_queue, &QCheckBox::toggled, m_admitPerMinute, &QWidget::setEnabled);
    connect(m_queue, &QCheckBox::toggled, m_maxActive, &QWidget::setEnabled);

    auto *pricesLayout = new QVBoxLayout(m_pricesBox); // the table takes the height there is
    const auto [pricesLabel, pricesCell] = field(QStringLiteral("categories"), m_prices);
    pricesLayout->addWidget(pricesLabel);
    pricesLayout->addWidget(pricesCell, 1);
    m_fields.insert(QStringLiteral("prices"), m_prices);

    auto *left = new QVBoxLayout;
    left->addWidget(m_eventBox);
    left->addWidget(m_timesBox);
    left->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_saleBox);
    right->addWidget(m_queueBox);
    right->addWidget(m_pricesBox, 1);
    auto *columns = new QHBoxLayout(this);
    columns->setContentsMargins(0, 0, 0, 0);
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);

    // Tab goes down the left column, then down the right one, as the eye reads.
    const QList<QWidget *> order{m_title,
                                 m_artists,
                                 m_category,
                                 m_venue,
                                 m_currency,
                                 m_starts,
                                 m_doorsSet,
                                 m_doors,
                                 m_onSale,
                                 m_offSaleSet,
                                 m_offSale,
                                 m_conditions,
                                 m_maxSeats,
                                 m_maxHolds,
                                 m_holdSeconds,
                                 m_queue,
                                 m_admitPerMinute,
                                 m_maxActive,
                                 m_prices};
    for (qsizetype i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);

    connect(m_venue, &QComboBox::activated, this, [this] { Q_EMIT venueChosen(venueId()); });
    retranslate();
    setNew();
}

QDateTimeEdit *EventForm::timeEdit(const QString &name)
{
    auto *edit = new QDateTimeEdit(this);
    edit->setObjectName(name);
    edit->setCalendarPopup(true);
    edit->setTimeSpec(Qt::UTC); // a wall clock at the venue, see VenueTime
    return edit;
}

QWidget *EventForm::optionalTime(QCheckBox *check, QDateTimeEdit *edit)
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(check);
    layout->addWidget(edit, 1);
    edit->setEnabled(false);
    connect(check, &QCheckBox::toggled, edit, &QWidget::setEnabled);
    return row;
}

void EventForm::addField(QFormLayout *form, const QString &key, QWidget *input, QWidget *shown)
{
    const auto [label, cell] = field(key, input, shown);
    form->addRow(label, cell);
}

std::pair<QLabel *, QWidget *> EventForm::field(const QString &key, QWidget *input, QWidget *shown)
{
    auto *label = new QLabel(this);
    label->setBuddy(input);
    auto *error = new QLabel(this);
    error->setObjectName(key + QStringLiteral("Error"));
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
    error->hide();
    auto *cell = new QWidget(this);
    auto *layout = new QVBoxLayout(cell);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(shown ? shown : input);
    layout->addWidget(error);
    m_fields.insert(key, input);
    m_errors.insert(key, error);
    m_labels.insert(key, label);
    return {label, cell};
}

void EventForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void EventForm::retranslate()
{
    m_eventBox->setTitle(tr("Event"));
    m_timesBox->setTitle(m_zone.isEmpty() ? tr("Times (venue time)")
                                          : tr("Times (venue time, %1)").arg(m_zone));
    m_saleBox->setTitle(tr("Sale"));
    m_queueBox->setTitle(tr("Waiting room"));
    m_pricesBox->setTitle(tr("Price categories"));
    const QList<std::pair<QString, QString>> labels{
        {QStringLiteral("title"), tr("&Title:")},
        {QStringLiteral("artists"), tr("&Artists:")},
        {QStringLiteral("category"), tr("Cate&gory:")},
        {QStringLiteral("venue_id"), tr("&Venue:")},
        {QStringLiteral("currency"), tr("C&urrency:")},
        {QStringLiteral("starts_at"), tr("&Starts:")},
        {QStringLiteral("doors_at"), tr("&Doors open:")},
        {QStringLiteral("on_sale_at"), tr("&On sale from:")},
        {QStringLiteral("off_sale_at"), tr("Sale &ends:")},
        {QStringLiteral("sale_conditions"), tr("Co&nditions:")},
        {QStringLiteral("max_seats_per_user"), tr("Seats per &buyer:")},
        {QStringLiteral("max_holds_per_user"), tr("Bas&kets per buyer:")},
        {QStringLiteral("hold_seconds"), tr("&Hold time:")},
        {QStringLiteral("admit_per_minute"), tr("Ad&mit per minute:")},
        {QStringLiteral("max_active"), tr("Act&ive at once:")},
        {QStringLiteral("categories"), tr("Prices (double-click or type to change):")},
    };
    for (const auto &[key, text] : labels) {
        m_labels.value(key)->setText(text);
        m_fields.value(key)->setAccessibleName(QString(text).remove(u'&').remove(u':'));
    }
    m_artists->setPlaceholderText(tr("Names, separated by commas"));
    m_conditions->setPlaceholderText(tr("What buyers agree to (shown in the shop)"));
    m_doorsSet->setText(tr("Set"));
    m_doorsSet->setAccessibleName(tr("Doors time set"));
    m_offSaleSet->setText(tr("Set"));
    m_offSaleSet->setAccessibleName(tr("Sale end set"));
    m_offSaleSet->setToolTip(tr("Without an end the sale runs until the show, for the door."));
    m_holdSeconds->setSuffix(tr(" s"));
    m_queue->setText(tr("&Queue buyers in a waiting room"));
    m_queue->setAccessibleName(tr("Waiting room on"));
    const QString format = QLocale().dateFormat(QLocale::ShortFormat) + u' '
                           + core::LocalTime::timeFormat();
    for (QDateTimeEdit *edit : {m_starts, m_doors, m_onSale, m_offSale})
        edit->setDisplayFormat(format);
    m_prices->retranslate();
}

void EventForm::setTime(QDateTimeEdit *edit, const QJsonValue &value, QCheckBox *check)
{
    const QDateTime utc = parseTime(value);
    if (check)
        check->setChecked(utc.isValid());
    if (utc.isValid())
        edit->setDateTime(VenueTime::toEdit(utc, m_zone));
    else
        edit->setDateTime(m_starts->dateTime()); // a sensible start when the manager sets one
}

QJsonValue EventForm::time(const QDateTimeEdit *edit, const QCheckBox *check) const
{
    if (check && !check->isChecked())
        return QJsonValue::Null;
    return VenueTime::toJson(VenueTime::fromEdit(edit->dateTime(), m_zone));
}

void EventForm::setEvent(const QJsonObject &event)
{
    clearErrors();
    const QJsonObject venue = event.value(u"venue").toObject();
    m_zone = event.value(u"time_zone").toString(venue.value(u"time_zone").toString());
    m_title->setText(event.value(u"title").toString());
    QStringList artists;
    for (const QJsonValue &artist : event.value(u"artists").toArray())
        artists.append(artist.isObject() ? artist.toObject().value(u"name").toString()
                                         : artist.toString());
    m_artists->setText(artists.join(QStringLiteral(", ")));
    m_category->setCurrentText(event.value(u"category").toString());
    m_venue->clear();
    m_venue->addItem(venue.value(u"name").toString(), venue.value(u"id").toString());
    m_venue->setEnabled(false);
    m_venue->setToolTip(tr("An event keeps its venue: duplicate it to sell elsewhere."));
    m_currency->setText(event.value(u"currency").toString());
    m_currency->setEnabled(false);
    setTime(m_starts, event.value(u"starts_at"));
    setTime(m_doors, event.value(u"doors_at"), m_doorsSet);
    setTime(m_onSale, event.value(u"on_sale_at"));
    setTime(m_offSale, event.value(u"off_sale_at"), m_offSaleSet);
    m_conditions->setPlainText(event.value(u"sale_conditions").toString());
    const QJsonObject limits = event.value(u"limits").toObject();
    m_maxSeats->setValue(limits.value(u"max_seats_per_user").toInt(10));
    m_maxHolds->setValue(limits.value(u"max_holds_per_user").toInt(3));
    m_holdSeconds->setValue(limits.value(u"hold_seconds").toInt(600));
    const QJsonObject queue = event.value(u"queue").toObject();
    m_queue->setChecked(queue.value(u"enabled").toBool(event.value(u"queue_enabled").toBool()));
    m_admitPerMinute->setValue(queue.value(u"admit_per_minute").toInt(100));
    m_maxActive->setValue(queue.value(u"max_active").toInt(1000));
    m_admitPerMinute->setEnabled(m_queue->isChecked());
    m_maxActive->setEnabled(m_queue->isChecked());
    m_prices->setCategories(event.value(u"categories").toArray());
    retranslate();
}

void EventForm::setNew()
{
    clearErrors();
    m_zone.clear();
    m_title->clear();
    m_artists->clear();
    m_category->setCurrentText(QStringLiteral("concert"));
    m_venue->setEnabled(true);
    m_venue->setToolTip({});
    m_currency->setEnabled(true);
    // Next month at 20:00, on sale from now: the usual shape, changed in a few keys.
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_starts->setDateTime(QDateTime(now.date().addMonths(1), QTime(20, 0), Qt::UTC));
    m_doorsSet->setChecked(false);
    m_doors->setDateTime(QDateTime(now.date().addMonths(1), QTime(19, 0), Qt::UTC));
    m_onSale->setDateTime(VenueTime::toEdit(now, m_zone));
    m_offSaleSet->setChecked(false);
    m_offSale->setDateTime(m_starts->dateTime());
    m_conditions->clear();
    m_maxSeats->setValue(10);
    m_maxHolds->setValue(3);
    m_holdSeconds->setValue(600);
    m_queue->setChecked(false);
    m_admitPerMinute->setValue(100);
    m_maxActive->setValue(1000);
    m_prices->setCategories({});
    retranslate();
}

void EventForm::setVenues(const QJsonArray &venues)
{
    m_venue->clear();
    for (const QJsonValue &value : venues) {
        const QJsonObject v = value.toObject();
        const QString city = v.value(u"city").toString();
        const QString name = v.value(u"name").toString();
        m_venue->addItem(city.isEmpty() ? name : tr("%1, %2").arg(name, city),
                         v.value(u"id").toString());
    }
}

void EventForm::setVenueDetails(const QJsonObject &venue)
{
    // Keep the wall-clock times the manager typed; they now mean the venue's zone.
    m_zone = venue.value(u"time_zone").toString();
    QJsonArray categories;
    for (const QJsonValue &value : venue.value(u"categories").toArray()) {
        QJsonObject c = value.toObject();
        categories.append(QJsonObject{{QStringLiteral("id"), c.value(u"id")},
                                      {QStringLiteral("name"), c.value(u"name")},
                                      {QStringLiteral("color"), c.value(u"color")},
                                      {QStringLiteral("price_cents"), 0}});
    }
    m_prices->setCategories(categories);
    retranslate();
}

QString EventForm::venueId() const
{
    return m_venue->currentData().toString();
}

QJsonObject EventForm::values() const
{
    QJsonArray artists;
    for (const QString &name : m_artists->text().split(u',', Qt::SkipEmptyParts))
        if (!name.trimmed().isEmpty())
            artists.append(name.trimmed());
    return QJsonObject{
        {QStringLiteral("title"), m_title->text().trimmed()},
        {QStringLiteral("artists"), artists},
        {QStringLiteral("category"), m_category->currentText().trimmed()},
        {QStringLiteral("starts_at"), time(m_starts)},
        {QStringLiteral("doors_at"), time(m_doors, m_doorsSet)},
        {QStringLiteral("on_sale_at"), time(m_onSale)},
        {QStringLiteral("off_sale_at"), time(m_offSale, m_offSaleSet)},
        {QStringLiteral("sale_conditions"), m_conditions->toPlainText()},
        {QStringLiteral("max_seats_per_user"), m_maxSeats->value()},
        {QStringLiteral("max_holds_per_user"), m_maxHolds->value()},
        {QStringLiteral("hold_seconds"), m_holdSeconds->value()},
        {QStringLiteral("queue"),
         QJsonObject{{QStringLiteral("enabled"), m_queue->isChecked()},
                     {QStringLiteral("admit_per_minute"), m_admitPerMinute->value()},
                     {QStringLiteral("max_active"), m_maxActive->value()}}},
        {QStringLiteral("categories"), m_prices->categories()},
    };
}

QJsonObject EventForm::valuesOf(const QJsonObject &event)
{
    EventForm probe;
    probe.setEvent(event);
    return probe.values();
}

QJsonObject EventForm::draft() const
{
    QJsonObject body = values();
    // POST takes prices by category id; names and colours are the venue's (PATCH changes them).
    QJsonObject prices;
    for (const QJsonValue &value : body.value(u"categories").toArray())
        prices.insert(value.toObject().value(u"id").toString(),
                      value.toObject().value(u"price_cents"));
    for (const char *later : {"categories", "doors_at", "off_sale_at"})
        body.remove(QLatin1StringView(later));
    for (const char *optional : {"sale_conditions", "category"}) // POST takes no empty text
        if (body.value(QLatin1StringView(optional)).toString().isEmpty())
            body.remove(QLatin1StringView(optional));
    body.insert(QStringLiteral("prices"), prices);
    body.insert(QStringLiteral("venue_id"), venueId());
    body.insert(QStringLiteral("currency"), m_currency->text().trimmed());
    return body;
}

bool EventForm::checkPrices()
{
    bool ok = false;
    m_prices->categories(&ok);
    if (!ok)
        showFieldError(QStringLiteral("categories"),
                       tr("A price is not a number: type it as 12.50."));
    return ok;
}

void EventForm::showFieldError(const QString &field, const QString &message)
{
    QString key = field;
    if (key == u"prices")
        key = QStringLiteral("categories");
    if (key == u"queue")
        key = QStringLiteral("admit_per_minute");
    QLabel *error = m_errors.value(key);
    if (!error)
        return;
    error->setText(message);
    error->show();
    if (QWidget *input = m_fields.value(key)) {
        input->setAccessibleDescription(message); // a screen reader says why
        input->setFocus(Qt::OtherFocusReason);
    }
}

void EventForm::clearErrors()
{
    for (auto it = m_errors.begin(); it != m_errors.end(); ++it) {
        it.value()->clear();
        it.value()->hide();
        if (QWidget *input = m_fields.value(it.key()))
            input->setAccessibleDescription({});
    }
}

QString EventForm::fieldError(const QString &field) const
{
    const QLabel *error = m_errors.value(field);
    return error && !error->isHidden() ? error->text() : QString();
}

void EventForm::setReadOnly(bool readOnly)
{
    for (QGroupBox *box : {m_eventBox, m_timesBox, m_saleBox, m_queueBox, m_pricesBox})
        box->setEnabled(!readOnly);
}

} // namespace boxoffice::app
