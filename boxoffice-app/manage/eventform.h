// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QWidget>

#include <utility>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QDateTimeEdit;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace boxoffice::app {

class PriceTable;

/// The fields of one event (title to price categories) and what they hold, in the shape of
/// `PATCH /events/{id}`: times are edited as the venue's wall clock. Each field has a place for
/// the server's complaint right under it.
class EventForm : public QWidget
{
    Q_OBJECT
public:
    explicit EventForm(QWidget *parent = nullptr);

    /// Shows `event` (an Event with categories and limits); times in the venue's `zone`.
    void setEvent(const QJsonObject &event);
    /// Empty fields for a new event; the venue and currency become editable.
    void setNew();
    /// The venues to choose from for a new event (`GET /venues` items).
    void setVenues(const QJsonArray &venues);
    /// A new event's venue was read: its categories (price 0) and time zone.
    void setVenueDetails(const QJsonObject &venue);
    QString venueId() const;
    QString zone() const { return m_zone; }

    /// The members the manager can change, as PATCH takes them (all of them; the editor sends
    /// only those that differ from what was loaded).
    QJsonObject values() const;
    /// values() of a form showing `event`: what a save compares with.
    static QJsonObject valuesOf(const QJsonObject &event);
    /// A POST /events body for a new event.
    QJsonObject draft() const;
    /// False (and the message shown) when a price is not a number.
    bool checkPrices();

    /// The server's complaint about `field`, shown under it; the field gets the focus.
    void showFieldError(const QString &field, const QString &message);
    void clearErrors();
    /// The message shown under `field` ("" when none).
    QString fieldError(const QString &field) const;
    /// The input that edits `field` (for tests and focus).
    QWidget *fieldWidget(const QString &field) const { return m_fields.value(field); }
    void setReadOnly(bool readOnly);

Q_SIGNALS:
    void venueChosen(const QString &venueId);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// A row of `form`: label, `shown` (or `input`) and the error line under it.
    void addField(QFormLayout *form, const QString &key, QWidget *input, QWidget *shown = nullptr);
    /// The label and the cell (`shown` or `input`, and the error line) of field `key`.
    std::pair<QLabel *, QWidget *> field(const QString &key,
                                         QWidget *input,
                                         QWidget *shown = nullptr);
    QWidget *optionalTime(QCheckBox *check, QDateTimeEdit *edit);
    QDateTimeEdit *timeEdit(const QString &name);
    void retranslate();
    void setTime(QDateTimeEdit *edit, const QJsonValue &value, QCheckBox *check = nullptr);
    QJsonValue time(const QDateTimeEdit *edit, const QCheckBox *check = nullptr) const;

    QString m_zone;
    QLineEdit *m_title;
    QLineEdit *m_artists;
    QComboBox *m_category;
    QComboBox *m_venue;
    QLineEdit *m_currency;
    QDateTimeEdit *m_starts;
    QCheckBox *m_doorsSet;
    QDateTimeEdit *m_doors;
    QDateTimeEdit *m_onSale;
    QCheckBox *m_offSaleSet;
    QDateTimeEdit *m_offSale;
    QPlainTextEdit *m_conditions;
    QSpinBox *m_maxSeats;
    QSpinBox *m_maxHolds;
    QSpinBox *m_holdSeconds;
    QCheckBox *m_queue;
    QSpinBox *m_admitPerMinute;
    QSpinBox *m_maxActive;
    PriceTable *m_prices;
    QGroupBox *m_eventBox;
    QGroupBox *m_timesBox;
    QGroupBox *m_saleBox;
    QGroupBox *m_queueBox;
    QGroupBox *m_pricesBox;
    QHash<QString, QWidget *> m_fields; ///< PATCH member -> its input
    QHash<QString, QLabel *> m_errors;  ///< PATCH member -> the message under it
    QHash<QString, QLabel *> m_labels;  ///< PATCH member -> its label (buddy)
};

} // namespace boxoffice::app
