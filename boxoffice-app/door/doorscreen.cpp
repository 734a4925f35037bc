// SPDX-License-Identifier: GPL-3.0-or-later
#include "doorscreen.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {

QString localTime(const QString &utc)
{
    const QDateTime at = QDateTime::fromString(utc, Qt::ISODateWithMs);
    return at.isValid() ? QLocale().toString(at.toLocalTime(), QStringLiteral("HH:mm")) : utc;
}

// Long words ("ALREADY USED", "INCORRECTO") get a smaller size so they fit a small screen.
QString panelStyle(const char *background, const QString &text = {})
{
    return QStringLiteral("QLabel { background: %1; color: white; font-size: %2pt;"
                          " font-weight: 800; border-radius: 18px; padding: 24px 8px; }")
        .arg(QLatin1String(background))
        .arg(text.size() > 8 ? 40 : 64);
}

} // namespace

DoorScreen::DoorScreen(DoorStation &station, QWidget *parent)
    : QWidget(parent)
    , m_station(station)
    , m_event(new QLabel(this))
    , m_mode(new QLabel(this))
    , m_list(new QLabel(this))
    , m_direction(new QPushButton(this))
    , m_headline(new QLabel(this))
    , m_detail(new QLabel(this))
    , m_doubles(new QLabel(this))
    , m_code(new QLineEdit(this))
    , m_hint(new QLabel(this))
{
    setObjectName(QStringLiteral("doorScreen"));
    m_headline->setObjectName(QStringLiteral("doorHeadline"));
    m_detail->setObjectName(QStringLiteral("doorDetail"));
    m_mode->setObjectName(QStringLiteral("doorMode"));
    m_event->setObjectName(QStringLiteral("doorEvent"));
    m_list->setObjectName(QStringLiteral("doorListAge"));
    m_doubles->setObjectName(QStringLiteral("doorDoubles"));
    m_code->setObjectName(QStringLiteral("doorCode"));
    m_direction->setObjectName(QStringLiteral("doorDirection"));
    m_headline->setAlignment(Qt::AlignCenter);
    m_headline->setMinimumHeight(220);
    m_detail->setAlignment(Qt::AlignCenter);
    m_detail->setWordWrap(true);
    m_detail->setMinimumHeight(130);
    m_detail->setStyleSheet(QStringLiteral("font-size: 28pt;"));
    m_doubles->setWordWrap(true);
    m_doubles->setStyleSheet(QStringLiteral("color: #b71c1c; font-size: 14pt; font-weight: 600;"));
    m_mode->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700;"));
    m_list->setStyleSheet(QStringLiteral("font-size: 14pt;"));
    m_event->setStyleSheet(QStringLiteral("font-size: 16pt;"));
    m_code->setStyleSheet(QStringLiteral("font-size: 18pt; padding: 6px;"));
    m_hint->setStyleSheet(QStringLiteral("color: #555; font-size: 12pt;"));
    m_direction->setStyleSheet(QStringLiteral("font-size: 14pt; padding: 6px 18px;"));
    m_headline->setAccessibleName(tr("Scan result"));
    m_code->setAccessibleName(tr("Ticket code"));

    // Two header rows: what this door is, then how it decides (online/offline, list age).
    auto *top = new QHBoxLayout;
    top->addWidget(m_event, 1);
    top->addWidget(m_direction);
    auto *state = new QHBoxLayout;
    state->addWidget(m_mode, 1);
    state->addSpacing(24);
    state->addWidget(m_list);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(32, 24, 32, 24);
    layout->addLayout(top);
    layout->addLayout(state);
    layout->addStretch(1);
    layout->addWidget(m_headline);
    layout->addWidget(m_detail);
    layout->addStretch(1);
    layout->addWidget(m_doubles);
    layout->addWidget(m_code);
    layout->addWidget(m_hint);

    // A keyboard-wedge scanner types the code and Enter; so does a person.
    connect(m_code, &QLineEdit::returnPressed, this, [this] {
        const QString code = m_code->text();
        m_code->clear();
        m_station.scan(code);
    });
    connect(m_direction, &QPushButton::clicked, this, &DoorScreen::toggleDirection);
    auto *f2 = new QShortcut(QKeySequence(Qt::Key_F2), this);
    connect(f2, &QShortcut::activated, this, &DoorScreen::toggleDirection);
    connect(&m_station, &DoorStation::verdict, this, &DoorScreen::show);
    connect(&m_station, &DoorStation::modeChanged, this, &DoorScreen::updateMode);
    connect(&m_station, &DoorStation::listUpdated, this, &DoorScreen::updateMode);
    connect(&m_station, &DoorStation::eventLabelChanged, this, &DoorScreen::updateMode);
    connect(&m_station, &DoorStation::synced, this, &DoorScreen::updateMode);
    connect(&m_station, &DoorStation::doubleEntries, this, [this](const QStringList &which) {
        m_doubles->setText(tr("Double entry reported after sync: %1").arg(which.join(u"; ")));
    });
    m_ageTimer.setInterval(10000);
    connect(&m_ageTimer, &QTimer::timeout, this, &DoorScreen::updateMode);
    m_ageTimer.start();
    m_headline->setStyleSheet(panelStyle("#607d8b"));
    retranslate();
}

QString DoorScreen::headline() const
{
    return m_headline->text();
}

QString DoorScreen::detail() const
{
    return m_detail->text();
}

QString DoorScreen::modeText() const
{
    return m_mode->text();
}

void DoorScreen::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_code->setFocus();
}

void DoorScreen::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DoorScreen::retranslate()
{
    m_hint->setText(tr("Scan a ticket, or type its code and press Enter. F2: entry / exit."));
    m_code->setPlaceholderText(tr("Ticket code"));
    if (m_headline->text().isEmpty())
        m_headline->setText(tr("READY"));
    m_direction->setText(m_station.direction() == u"in" ? tr("Mode: ENTRY") : tr("Mode: EXIT"));
    updateMode();
}

void DoorScreen::toggleDirection()
{
    m_station.setDirection(m_station.direction() == u"in" ? QStringLiteral("out")
                                                          : QStringLiteral("in"));
    retranslate();
    m_code->setFocus();
}

void DoorScreen::updateMode()
{
    const QString label = m_station.eventLabel();
    m_event->setText(label.isEmpty() ? tr("Event %1").arg(m_station.eventId().left(8)) : label);
    if (m_station.isOnline()) {
        m_mode->setText(tr("ONLINE"));
        m_mode->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: white;"
                                             " background: #1b5e20; padding: 4px 10px;"));
    } else {
        m_mode->setText(tr("OFFLINE · %n scan(s) to sync", nullptr, m_station.pendingSync()));
        m_mode->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: white;"
                                             " background: #e65100; padding: 4px 10px;"));
    }
    const QDateTime fetched = m_station.listFetchedAt();
    if (!fetched.isValid()) {
        m_list->setText(tr("Revocation list: never loaded"));
    } else {
        const qint64 minutes = fetched.secsTo(QDateTime::currentDateTimeUtc()) / 60;
        m_list->setText(minutes < 1
                            ? tr("Revocation list: up to date")
                            : tr("Revocation list: %n minute(s) old", nullptr, int(minutes)));
    }
}

void DoorScreen::show(const DoorVerdict &v)
{
    QString headline;
    QString detail;
    const char *color = "#c62828";
    if (v.result == u"valid") {
        color = "#2e7d32";
        headline = v.direction == u"out" ? tr("EXIT") : tr("VALID");
        detail = v.category.isEmpty() ? v.seat : tr("%1 — %2").arg(v.seat, v.category);
    } else if (v.result == u"already_used") {
        headline = tr("ALREADY USED");
        detail = v.firstGate.isEmpty()
                     ? tr("Used at %1").arg(localTime(v.firstUsedAt))
                     : tr("Used at %1 at gate %2").arg(localTime(v.firstUsedAt), v.firstGate);
    } else if (v.result == u"void") {
        headline = tr("VOID");
        detail = tr("Refunded or replaced: this code no longer admits.");
    } else if (v.result == u"wrong_event") {
        headline = tr("WRONG EVENT");
        detail = tr("This ticket is for another event.");
    } else {
        headline = tr("UNKNOWN");
        detail = tr("Not a ticket of ours: ask for the ticket again.");
    }
    if (v.offline)
        detail += u"\n" + tr("(checked offline)");
    m_headline->setText(headline);
    m_headline->setStyleSheet(panelStyle(color, headline));
    m_detail->setText(detail);
    QApplication::beep(); // one short sound; the colour says which
    updateMode();
}

} // namespace boxoffice::app
