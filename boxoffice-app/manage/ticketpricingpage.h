// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

#include <QJsonObject>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace boxoffice::app {

class NoticeLabel;

/// "Ticket types and codes" (issue 28, docs/pricing.md): one event's ticket types (a difference
/// to the seat's category or a price of their own, where they are sold, how many per order),
/// its fees per channel, its tax, and its promo codes with their uses. Save sends the rules with
/// the event's version as loaded: when someone changed the event meanwhile (412) the page
/// reloads and says so; a refused value is named in words.
class TicketPricingPage : public QWidget
{
    Q_OBJECT
public:
    explicit TicketPricingPage(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Lists the events again and opens the chosen one.
    void refresh();
    void open(const QString &eventId);
    QString eventId() const { return m_eventId; }

    /// A new ticket type row (name, a difference or an own price in cents).
    void addType(const QString &name, qint64 cents, bool ownPrice);
    void save();
    /// The rules as the page would send them.
    QJsonObject rules() const;
    QString messageText() const;

    QTableWidget *typeTable() const { return m_types; }
    QTableWidget *codeTable() const { return m_codes; }
    QDoubleSpinBox *fee(const QString &channel, const QString &scope, bool percent) const;
    QLineEdit *taxName() const { return m_taxName; }
    QDoubleSpinBox *taxRate() const { return m_taxRate; }
    QPushButton *newCodeButton() const { return m_newCode; }
    QPushButton *switchCodeButton() const { return m_switchCode; }

Q_SIGNALS:
    /// The page finished loading an event (rules and codes), or saving.
    void loaded();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    /// GETs `tail` below the open event (empty: the event itself) and hands the answer to `then`,
    /// unless another event was opened meanwhile.
    void getForOpenEvent(const QString &tail, std::function<void(const client::ApiResult &)> then);
    void loadRules();
    void loadCodes();
    void showRules(const QJsonObject &rules);
    void showCodes(const QJsonObject &listing);
    /// A ticket type's name as the table shows it (its id when it has none).
    QString typeName(const QString &id) const;
    void newCode();
    void switchSelectedCode();
    void setMessage(const QString &text, bool problem);
    QString problemText(const client::ApiResult &result) const;

    client::HttpTransport *m_transport;
    QString m_eventId;
    QJsonObject m_event;
    int m_version = 0;
    QComboBox *m_eventBox;
    QTableWidget *m_types;
    QPushButton *m_addType;
    QPushButton *m_removeType;
    QList<QDoubleSpinBox *> m_fees; ///< online ticket fixed, %, order fixed, %; then the counter's
    QLineEdit *m_taxName;
    QDoubleSpinBox *m_taxRate;
    QCheckBox *m_taxIncluded;
    QCheckBox *m_refundFees;
    QPushButton *m_save;
    QTableWidget *m_codes;
    QPushButton *m_newCode;
    QPushButton *m_switchCode;
    NoticeLabel *m_message;
    QList<QWidget *> m_captions; ///< retranslated labels, in creation order
};

} // namespace boxoffice::app
