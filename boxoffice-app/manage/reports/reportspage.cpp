// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportspage.h"

#include "exportpanel.h"
#include "figuresview.h"
#include "manage/eventchoices.h"
#include "manage/managewords.h"
#include "reconcileview.h"
#include "reportwords.h"
#include "settlementview.h"

#include <client/httptransport.h>
#include <core/localtime.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QTabWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

bool isEmptyReport(const QJsonObject &report)
{
    return report.value(u"totals").toArray().isEmpty()
           && report.value(u"tickets").toArray().isEmpty()
           && report.value(u"kinds").toArray().isEmpty();
}
} // namespace

ReportsPage::ReportsPage(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_api(transport)
    , m_transport(transport)
    , m_title(new QLabel(this))
    , m_eventLabel(new QLabel(this))
    , m_event(new QComboBox(this))
    , m_oneDay(new QCheckBox(this))
    , m_day(new QDateEdit(this))
    , m_channelLabel(new QLabel(this))
    , m_channel(new QComboBox(this))
    , m_clerkLabel(new QLabel(this))
    , m_clerk(new QLineEdit(this))
    , m_show(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_parts(new QTabWidget(this))
    , m_figures(new FiguresView(this))
    , m_settlementView(new SettlementView(transport, this))
    , m_exports(new ExportPanel(transport, this))
    , m_reconcile(new ReconcileView(transport, this))
{
    setObjectName(QStringLiteral("reportsPage"));
    m_title->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: #1f3a5f;"));
    m_event->setObjectName(QStringLiteral("reportEvent"));
    m_event->setMinimumContentsLength(36);
    m_event->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_eventLabel->setBuddy(m_event);
    m_oneDay->setObjectName(QStringLiteral("reportOneDay"));
    m_day->setObjectName(QStringLiteral("reportDay"));
    m_day->setCalendarPopup(true);
    m_day->setEnabled(false);
    m_channel->setObjectName(QStringLiteral("reportChannel"));
    m_channel->setSizeAdjustPolicy(QComboBox::AdjustToContents); // Spanish words are longer
    m_channelLabel->setBuddy(m_channel);
    m_clerk->setObjectName(QStringLiteral("reportClerk"));
    m_clerk->setClearButtonEnabled(true);
    m_clerk->setMaximumWidth(180);
    m_clerkLabel->setBuddy(m_clerk);
    m_show->setObjectName(QStringLiteral("showReport"));
    m_show->setDefault(true);
    m_status->setObjectName(QStringLiteral("reportStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_parts->setObjectName(QStringLiteral("reportParts"));
    m_parts->setDocumentMode(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_eventLabel);
    bar->addWidget(m_event, 1);
    bar->addSpacing(8);
    bar->addWidget(m_oneDay);
    bar->addWidget(m_day);
    bar->addSpacing(8);
    bar->addWidget(m_channelLabel);
    bar->addWidget(m_channel);
    bar->addWidget(m_clerkLabel);
    bar->addWidget(m_clerk);
    bar->addWidget(m_show);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("reportFiguresScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_figures);
    m_figures->setMinimumHeight(760);
    m_parts->addTab(scroll, QString());
    m_parts->addTab(m_settlementView, QString());
    m_parts->addTab(m_exports, QString());
    m_parts->addTab(m_reconcile, QString());

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_parts, 1);

    setTabOrder(m_event, m_oneDay);
    setTabOrder(m_oneDay, m_day);
    setTabOrder(m_day, m_channel);
    setTabOrder(m_channel, m_clerk);
    setTabOrder(m_clerk, m_show);
    setTabOrder(m_show, m_parts);

    connect(m_event, &QComboBox::currentIndexChanged, this, &ReportsPage::chooseEvent);
    connect(m_oneDay, &QCheckBox::toggled, this, [this](bool on) {
        m_day->setEnabled(on);
        m_dayTouched = true;
        load();
    });
    connect(m_day, &QDateEdit::dateChanged, this, [this] { m_dayTouched = true; });
    connect(m_day, &QDateEdit::editingFinished, this, [this] {
        if (m_oneDay->isChecked() && m_day->date() != m_dayShown)
            load();
    });
    connect(m_channel, &QComboBox::activated, this, &ReportsPage::load);
    connect(m_clerk, &QLineEdit::returnPressed, this, &ReportsPage::load);
    connect(m_show, &QPushButton::clicked, this, &ReportsPage::load);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_R), this, this, &ReportsPage::load);
    connect(m_reconcile, &ReconcileView::checked, this, [this] {
        m_parts->setCurrentWidget(m_reconcile);
    });
    retranslate();
    showStatus();
}

void ReportsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ReportsPage::retranslate()
{
    m_title->setText(tr("Reports"));
    m_eventLabel->setText(tr("Even&t:"));
    m_oneDay->setText(tr("One &day:"));
    m_oneDay->setToolTip(tr("Unticked: the whole run. Days are the venue's, in its time zone."));
    m_oneDay->setAccessibleName(tr("Only one day at the venue"));
    m_day->setAccessibleName(tr("Day at the venue"));
    m_day->setDisplayFormat(QLocale().dateFormat(QLocale::ShortFormat));
    m_channelLabel->setText(tr("C&hannel:"));
    m_clerkLabel->setText(tr("Cler&k:"));
    m_clerk->setPlaceholderText(tr("every clerk"));
    m_clerk->setAccessibleName(tr("Clerk's user name"));
    m_show->setText(tr("Sho&w (Ctrl+R)"));
    m_show->setAccessibleName(tr("Show the figures"));
    const QString channel = m_channel->currentData().toString();
    m_channel->clear();
    m_channel->addItem(tr("Every channel"), QString());
    m_channel->addItem(ReportWords::channel(QStringLiteral("online")), QStringLiteral("online"));
    m_channel->addItem(ReportWords::channel(QStringLiteral("box_office")),
                       QStringLiteral("box_office"));
    m_channel->setCurrentIndex(std::max(0, m_channel->findData(channel)));
    m_parts->setTabText(0, tr("F&igures"));
    m_parts->setTabText(1, tr("Settleme&nt"));
    m_parts->setTabText(2, tr("E&xports"));
    m_parts->setTabText(3, tr("Check the &books"));
    m_parts->setAccessibleName(tr("Parts of the report"));
    showStatus();
}

void ReportsPage::setFileChooser(const FileChooser &chooser)
{
    m_settlementView->setFileChooser(chooser);
    m_exports->setFileChooser(chooser);
}

QString ReportsPage::eventId() const
{
    return m_event->currentData().toString();
}

QString ReportsPage::zone() const
{
    return eventZone(m_event->currentData(Qt::UserRole + 1).toJsonObject());
}

void ReportsPage::refresh()
{
    m_api.list(0, client::whileAlive(this, [this](const client::ApiResult &r) {
                   if (!r.ok()) {
                       m_error = ManageWords::failure(r);
                       showStatus();
                       return;
                   }
                   const QString current = m_pendingEvent.isEmpty() ? eventId() : m_pendingEvent;
                   m_pendingEvent.clear();
                   // Cancelled events too: their refunds are part of the books.
                   refillEventPicker(m_event, r.body, current, [](const QJsonObject &e) {
                       QString text = tr("%1 — %2").arg(e.value(u"title").toString(), eventStart(e));
                       if (e.value(u"sale_state").toString() == u"cancelled")
                           text += tr(" (cancelled)");
                       return text;
                   });
                   m_listLoaded = true;
                   m_error.clear();
                   chooseEvent();
               }));
}

void ReportsPage::openEvent(const QString &id)
{
    const int index = m_event->findData(id);
    if (index >= 0 && index == m_event->currentIndex()) {
        load();
        return;
    }
    if (index >= 0) {
        m_event->setCurrentIndex(index); // chooses it
        return;
    }
    m_pendingEvent = id;
    refresh();
}

void ReportsPage::setDay(const QDate &day)
{
    m_dayTouched = true;
    const QSignalBlocker quiet(m_oneDay);
    m_oneDay->setChecked(day.isValid());
    m_day->setEnabled(day.isValid());
    if (day.isValid())
        m_day->setDate(day);
}

void ReportsPage::setChannel(const QString &channel)
{
    m_channel->setCurrentIndex(std::max(0, m_channel->findData(channel)));
}

void ReportsPage::setClerk(const QString &clerk)
{
    m_clerk->setText(clerk);
}

void ReportsPage::chooseEvent()
{
    // A new event: its own "today" at the venue, unless the manager picked a day already.
    if (!m_dayTouched && !zone().isNull()) {
        const QSignalBlocker quiet(m_day);
        m_day->setDate(core::LocalTime::atVenue(QDateTime::currentDateTimeUtc(), zone()).date());
    }
    m_reconcile->setEventId(eventId());
    load();
}

QStringList ReportsPage::channelAndClerk() const
{
    QStringList parts;
    const QString channel = m_channel->currentData().toString();
    if (!channel.isEmpty())
        parts.append(QStringLiteral("channel=") + channel);
    const QString clerk = m_clerk->text().trimmed();
    if (!clerk.isEmpty())
        parts.append(QStringLiteral("clerk=") + encoded(clerk));
    return parts;
}

QString ReportsPage::query() const
{
    QStringList parts;
    if (m_oneDay->isChecked())
        parts.append(QStringLiteral("day=") + m_day->date().toString(Qt::ISODate));
    parts << channelAndClerk();
    return parts.join(u'&');
}

QString ReportsPage::logFilters() const
{
    // The log's filters as the report has them: its day as the instants the server computed.
    QStringList parts;
    const QJsonObject period = m_report.value(u"period").toObject();
    if (!period.isEmpty())
        parts << QStringLiteral("from=") + encoded(period.value(u"from").toString())
              << QStringLiteral("to=") + encoded(period.value(u"to").toString());
    parts << channelAndClerk();
    return parts.join(u'&');
}

void ReportsPage::load()
{
    const QString id = eventId();
    const int generation = ++m_generation;
    m_report = {};
    m_settlement = {};
    m_error.clear();
    m_figures->clear();
    m_settlementView->clear();
    m_exports->setScope(QString(), QString());
    m_pending = 0;
    if (id.isEmpty()) {
        showStatus();
        return;
    }
    m_pending = 2;
    m_dayShown = m_oneDay->isChecked() ? m_day->date() : QDate();
    showStatus();
    const QString segment = client::HttpTransport::segment(id);
    const QString q = query();
    auto answered = [this, generation, id](const client::ApiResult &r, bool isReport) {
        if (generation != m_generation)
            return; // an older choice's answer
        --m_pending;
        if (!r.ok()) {
            m_error = ManageWords::failure(r);
        } else if (isReport) {
            m_report = r.body;
            m_figures->showReport(m_report);
            m_exports->setScope(id, logFilters());
        } else {
            m_settlement = r.body;
            m_settlementView->showSettlement(m_settlement);
        }
        showStatus();
        if (m_pending == 0)
            Q_EMIT loaded();
    };
    m_transport->call("GET",
                      QStringLiteral("/events/%1/report").arg(segment)
                          + (q.isEmpty() ? QString() : u'?' + q),
                      {},
                      {},
                      client::whileAlive(this, [answered](const client::ApiResult &r) {
                          answered(r, true);
                      }));
    m_transport->call("GET",
                      QStringLiteral("/events/%1/settlement").arg(segment),
                      {},
                      {},
                      client::whileAlive(this, [answered](const client::ApiResult &r) {
                          answered(r, false);
                      }));
}

QString ReportsPage::statusText() const
{
    return m_status->text();
}

void ReportsPage::showStatus()
{
    m_status->setStyleSheet(QString());
    if (!m_error.isEmpty()) {
        m_status->setText(m_error);
        m_status->setStyleSheet(QStringLiteral("color: #c62828;"));
        return;
    }
    if (m_listLoaded && m_event->count() == 0) {
        m_status->setText(tr("No events yet: reports appear once an event exists."));
        return;
    }
    if (!m_listLoaded) {
        m_status->setText(tr("Loading the events…"));
        return;
    }
    if (m_pending > 0) {
        m_status->setText(tr("Loading the figures…"));
        return;
    }
    if (m_report.isEmpty()) {
        m_status->clear();
        return;
    }
    QString text;
    const QJsonObject period = m_report.value(u"period").toObject();
    if (period.isEmpty()) {
        text = tr("The whole run.");
    } else {
        text = tr("%1 at the venue (%2, %3 hours).")
                   .arg(QLocale().toString(m_dayShown, QLocale::LongFormat),
                        period.value(u"time_zone").toString(),
                        QLocale().toString(period.value(u"hours").toDouble()));
    }
    const QString channel = m_channel->currentData().toString();
    if (!channel.isEmpty())
        text += u' ' + tr("Channel: %1.").arg(ReportWords::channel(channel));
    if (!m_clerk->text().trimmed().isEmpty())
        text += u' ' + tr("Clerk: %1.").arg(m_clerk->text().trimmed());
    if (isEmptyReport(m_report))
        text += u' ' + tr("Nothing was sold, refunded or given away in this period.");
    m_status->setText(text);
}

} // namespace boxoffice::app
