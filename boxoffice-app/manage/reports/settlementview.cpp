// SPDX-License-Identifier: GPL-3.0-or-later
#include "settlementview.h"

#include "eventinfo.h"
#include "manage/noticelabel.h"
#include "reportwords.h"

#include <client/httptransport.h>
#include <core/localtime.h>

#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
// The statement's lines, top to bottom; the money ones in cents.
const char *const kMembers[] = {"sales_cents",
                                "exchange_cents",
                                "refunded_cents",
                                "gross_cents",
                                "tax_cents",
                                "fee_cents",
                                "net_cents",
                                "commission_bps",
                                "commission_cents",
                                "owed_cents",
                                "tickets_sold",
                                "comp_tickets",
                                "as_of"};
} // namespace

SettlementView::SettlementView(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_download(new client::FileDownload(transport, this))
    , m_choose(saveDialog(this))
    , m_heading(new QLabel(this))
    , m_savePdf(new QPushButton(this))
    , m_saveCsv(new QPushButton(this))
    , m_notice(new NoticeLabel(this))
{
    m_heading->setObjectName(QStringLiteral("settlementHeading"));
    m_heading->setStyleSheet(QStringLiteral("font-size: 13pt; font-weight: 700; color: #1f3a5f;"));
    m_heading->setWordWrap(true);
    auto *form = new QFormLayout;
    for (const char *member : kMembers) {
        const QString name = QString::fromLatin1(member);
        auto *caption = new QLabel(this);
        auto *value = new QLabel(QStringLiteral("–"), this);
        value->setObjectName(QStringLiteral("settlement_") + name);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        value->setMinimumWidth(160);
        if (name == u"owed_cents" || name == u"gross_cents") {
            caption->setStyleSheet(QStringLiteral("font-weight: 700;"));
            value->setStyleSheet(QStringLiteral("font-weight: 700; font-size: 12pt;"));
        }
        form->addRow(caption, value);
        m_captions.append({name, caption});
        m_values.insert(name, value);
    }
    m_savePdf->setObjectName(QStringLiteral("saveSettlementPdf"));
    m_saveCsv->setObjectName(QStringLiteral("saveSettlementCsv"));
    connect(m_savePdf, &QPushButton::clicked, this, [this] { save(File::Pdf); });
    connect(m_saveCsv, &QPushButton::clicked, this, [this] { save(File::Csv); });
    connect(m_download, &client::FileDownload::finished, this, [this](auto outcome) {
        m_savePdf->setEnabled(!m_settlement.isEmpty());
        m_saveCsv->setEnabled(!m_settlement.isEmpty());
        if (outcome == client::FileDownload::Outcome::Saved)
            m_notice->showNotice(tr("Saved to %1.").arg(m_download->filePath()), false);
        else
            m_notice->showNotice(ReportWords::downloadFailure(*m_download, outcome), true);
    });
    m_notice->setObjectName(QStringLiteral("settlementNotice"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_savePdf);
    buttons->addWidget(m_saveCsv);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_notice);
    layout->addStretch(1);
    clear();
    retranslate();
}

void SettlementView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SettlementView::retranslate()
{
    const QHash<QString, QString> captions{
        {QStringLiteral("sales_cents"), tr("Sales")},
        {QStringLiteral("exchange_cents"), tr("Exchange differences")},
        {QStringLiteral("refunded_cents"), tr("Refunded")},
        {QStringLiteral("gross_cents"), tr("Gross box office")},
        {QStringLiteral("tax_cents"), tr("Less taxes")},
        {QStringLiteral("fee_cents"), tr("Less fees")},
        {QStringLiteral("net_cents"), tr("Net")},
        {QStringLiteral("commission_bps"), tr("Venue's commission rate")},
        {QStringLiteral("commission_cents"), tr("Less the venue's commission")},
        {QStringLiteral("owed_cents"), tr("Owed to the promoter")},
        {QStringLiteral("tickets_sold"), tr("Tickets sold")},
        {QStringLiteral("comp_tickets"), tr("Comp tickets")},
        {QStringLiteral("as_of"), tr("Figures as of (venue time)")},
    };
    for (const auto &[member, caption] : std::as_const(m_captions)) {
        caption->setText(captions.value(member));
        m_values.value(member)->setAccessibleName(captions.value(member));
    }
    m_savePdf->setText(tr("Save statement &PDF…"));
    m_saveCsv->setText(tr("Save &CSV…"));
    m_savePdf->setAccessibleName(tr("Save the settlement statement as PDF"));
    m_saveCsv->setAccessibleName(tr("Save the settlement as CSV"));
    if (!m_settlement.isEmpty())
        showSettlement(m_settlement);
    else
        m_heading->setText(tr("Choose an event to see its settlement."));
}

void SettlementView::clear()
{
    m_settlement = {};
    for (QLabel *value : std::as_const(m_values))
        value->setText(QStringLiteral("–"));
    m_savePdf->setEnabled(false);
    m_saveCsv->setEnabled(false);
    m_heading->setText(tr("Choose an event to see its settlement."));
}

void SettlementView::showSettlement(const QJsonObject &s)
{
    m_settlement = s;
    const QString currency = s.value(u"currency").toString();
    const QString zone = s.value(u"time_zone").toString();
    const QDateTime starts = QDateTime::fromString(s.value(u"starts_at").toString(), Qt::ISODate);
    m_heading->setText(tr("%1 at %2, %3: the whole run")
                           .arg(s.value(u"title").toString(),
                                s.value(u"venue").toString(),
                                core::LocalTime::longDateTime(starts, zone)));
    for (auto it = m_values.begin(); it != m_values.end(); ++it) {
        const QString &member = it.key();
        const QJsonValue value = s.value(member);
        QString text;
        if (member.endsWith(u"_cents"))
            text = formatMoney(value.toInteger(), currency);
        else if (member == u"commission_bps")
            text = QLocale().toString(double(value.toInteger()) / 100.0, 'f', 2)
                   + QStringLiteral(" %");
        else if (member == u"as_of")
            text = core::LocalTime::shortDateTime(QDateTime::fromString(value.toString(),
                                                                        Qt::ISODate),
                                                  zone);
        else
            text = QLocale().toString(value.toInteger());
        it.value()->setText(text);
    }
    m_savePdf->setEnabled(!m_download->isRunning());
    m_saveCsv->setEnabled(!m_download->isRunning());
}

QString SettlementView::valueText(const QString &member) const
{
    const QLabel *value = m_values.value(member);
    return value ? value->text() : QString();
}

QString SettlementView::noticeText() const
{
    return m_notice->text();
}

void SettlementView::save(File file)
{
    if (m_settlement.isEmpty())
        return;
    const QString id = m_settlement.value(u"event_id").toString();
    const QString path = file == File::Pdf ? m_choose(tr("Save the settlement statement"),
                                                      QStringLiteral("settlement-%1.pdf").arg(id),
                                                      tr("PDF documents (*.pdf)"))
                                           : m_choose(tr("Save the settlement as CSV"),
                                                      QStringLiteral("settlement-%1.csv").arg(id),
                                                      tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        saveTo(file, path);
}

void SettlementView::saveTo(File file, const QString &path)
{
    if (m_settlement.isEmpty() || m_download->isRunning())
        return;
    const QString id = client::HttpTransport::segment(m_settlement.value(u"event_id").toString());
    const bool pdf = file == File::Pdf;
    if (!m_download->start(QStringLiteral("/events/%1/settlement.%2").arg(id, pdf ? "pdf" : "csv"),
                           path,
                           pdf ? "application/pdf" : "text/csv")) {
        m_notice->showNotice(ReportWords::downloadFailure(*m_download,
                                                          client::FileDownload::Outcome::CannotWrite),
                             true);
        return;
    }
    m_savePdf->setEnabled(false);
    m_saveCsv->setEnabled(false);
    m_notice->showNotice(tr("Saving…"), false);
}

} // namespace boxoffice::app
