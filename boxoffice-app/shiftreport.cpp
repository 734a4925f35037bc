// SPDX-License-Identifier: GPL-3.0-or-later
#include "shiftreport.h"

#include "eventinfo.h"

#include <core/localtime.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>

namespace boxoffice::app {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("boxoffice::app::ShiftReport", text);
}

qint64 cents(const QJsonObject &o, QStringView key, qint64 fallback = 0)
{
    return o.value(key).toInteger(fallback);
}
} // namespace

ShiftReport ShiftReport::fromJournal(const QList<JournalEntry> &entries, const QString &shiftId)
{
    ShiftReport report;
    report.shiftId = shiftId;
    bool inShift = false;
    for (const JournalEntry &e : entries) {
        const QString what = e.payload.value(u"what").toString();
        if (e.kind == u"cash" && what == u"float") {
            inShift = e.payload.value(u"shift_id").toString() == shiftId;
            if (inShift)
                report.floatCents = e.amountCents;
            continue;
        }
        if (!inShift)
            continue;
        if (e.kind == u"cash" && what == u"sale") {
            report.cashSalesCents += e.amountCents;
        } else if (e.kind == u"cash" && what == u"refund") {
            report.refundsCashCents += e.amountCents;
        } else if (e.kind == u"cash" && what == u"count") {
            report.countedCents = e.amountCents;
        } else if (e.kind == u"sale" && e.state == u"done") {
            ++report.sales;
            const QString method = e.payload.value(u"payment").toObject().value(u"method").toString();
            if (method == u"card_present")
                report.cardSalesCents += e.amountCents;
            else if (method == u"comp")
                ++report.compCount;
            for (const QJsonValue &part :
                 e.payload.value(u"payment").toObject().value(u"parts").toArray()) {
                if (part.toObject().value(u"method").toString() == u"card_present")
                    report.cardSalesCents += part.toObject().value(u"amount_cents").toInteger();
            }
            const QString currency
                = e.payload.value(u"order").toObject().value(u"currency").toString();
            if (!currency.isEmpty())
                report.currency = currency;
        }
    }
    return report;
}

ShiftReport ShiftReport::fromServer(const QJsonObject &json)
{
    // GET /shifts/{id}/report: totals per method under "by_method" (sales_cents, refunds_cents).
    ShiftReport r;
    const QJsonObject byMethod = json.value(u"by_method").toObject();
    const QJsonObject cash = byMethod.value(u"cash").toObject();
    r.shiftId = json.value(u"shift_id").toString(json.value(u"id").toString());
    r.currency = json.value(u"currency").toString(r.currency);
    r.floatCents = cents(json, u"float_cents");
    r.cashSalesCents = cents(cash, u"sales_cents");
    r.refundsCashCents = cents(cash, u"refunds_cents");
    r.cardSalesCents = cents(byMethod.value(u"card_present").toObject(), u"sales_cents");
    r.refundsCardCents = cents(byMethod.value(u"card_present").toObject(), u"refunds_cents");
    // PostgreSQL's text form ("2026-03-14 18:02:11.5+00") or RFC 3339.
    QString opened = json.value(u"opened_at").toString();
    opened.replace(u' ', u'T');
    if (opened.endsWith(QStringLiteral("+00")))
        opened.append(QStringLiteral(":00"));
    r.openedAt = QDateTime::fromString(opened, Qt::ISODateWithMs);
    r.compCount = cents(byMethod.value(u"comp").toObject(), u"count");
    r.sales = int(cents(json, u"sales_count"));
    if (json.contains(u"counted_cents") && !json.value(u"counted_cents").isNull())
        r.countedCents = cents(json, u"counted_cents");
    return r;
}

QList<QPair<QString, QString>> ShiftReport::lines() const
{
    QList<QPair<QString, QString>> out;
    if (openedAt.isValid())
        out.append({tr("Opened"), core::LocalTime::shortDateTime(openedAt, timeZone)});
    out.append({tr("Sales"), QString::number(sales)});
    out.append({tr("Float"), formatMoney(floatCents, currency)});
    out.append({tr("Cash sales"), formatMoney(cashSalesCents, currency)});
    out.append({tr("Card sales"), formatMoney(cardSalesCents, currency)});
    out.append({tr("Complimentary tickets (orders)"), QString::number(compCount)});
    out.append({tr("Cash refunds"), formatMoney(-refundsCashCents, currency)});
    out.append({tr("Card refunds"), formatMoney(-refundsCardCents, currency)});
    out.append({tr("Expected in drawer"), formatMoney(expectedCashCents(), currency)});
    if (countedCents) {
        out.append({tr("Counted"), formatMoney(*countedCents, currency)});
        out.append({tr("Variance"), formatMoney(*varianceCents(), currency)});
    }
    return out;
}

bool ShiftReport::print(QPagedPaintDevice *device, const QString &title) const
{
    QPainter painter;
    if (!painter.begin(device))
        return false;
    const QRectF page(0, 0, device->width(), device->height());
    const double m = page.width() * 0.08;
    double y = m;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(int(page.height() * 0.03));
    font.setBold(true);
    painter.setFont(font);
    painter.drawText(QRectF(m, y, page.width() - 2 * m, page.height() * 0.05), title);
    y += page.height() * 0.06;
    font.setPixelSize(int(page.height() * 0.018));
    font.setBold(false);
    painter.setFont(font);
    painter.drawText(QRectF(m, y, page.width() - 2 * m, page.height() * 0.03),
                     tr("Shift %1 — %2")
                         .arg(shiftId,
                              core::LocalTime::shortDateTime(QDateTime::currentDateTimeUtc(),
                                                             timeZone)));
    y += page.height() * 0.05;
    for (const auto &[label, value] : lines()) {
        const QRectF r(m, y, page.width() - 2 * m, page.height() * 0.03);
        painter.drawText(r, Qt::AlignLeft, label);
        painter.drawText(r, Qt::AlignRight, value);
        y += page.height() * 0.032;
    }
    return painter.end();
}

} // namespace boxoffice::app
