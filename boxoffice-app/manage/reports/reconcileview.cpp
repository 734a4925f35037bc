// SPDX-License-Identifier: GPL-3.0-or-later
#include "reconcileview.h"

#include "manage/managewords.h"
#include "reportwords.h"

#include <client/httptransport.h>

#include <QEvent>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

ReconcileView::ReconcileView(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_transport(transport)
    , m_intro(new QLabel(this))
    , m_check(new QPushButton(this))
    , m_result(new QLabel(this))
    , m_list(new QListWidget(this))
{
    m_intro->setWordWrap(true);
    m_check->setObjectName(QStringLiteral("checkBooks"));
    m_result->setObjectName(QStringLiteral("reconcileResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setStyleSheet(QStringLiteral("font-size: 12pt; font-weight: 600;"));
    m_list->setObjectName(QStringLiteral("reconcileDifferences"));
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    m_list->hide();
    connect(m_check, &QPushButton::clicked, this, &ReconcileView::check);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_check, 0, Qt::AlignLeft);
    layout->addWidget(m_result);
    layout->addWidget(m_list, 1);
    layout->addStretch(0);
    retranslate();
}

void ReconcileView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ReconcileView::retranslate()
{
    m_intro->setText(tr("Checks that the event's tickets, seats, orders, payments and"
                        " transaction log agree, to the cent. Safe while sales go on."));
    m_check->setText(tr("&Check the books"));
    m_check->setAccessibleName(tr("Check the books"));
    m_list->setAccessibleName(tr("Differences found"));
    showResult();
}

void ReconcileView::setEventId(const QString &eventId)
{
    if (eventId == m_eventId)
        return;
    m_eventId = eventId;
    m_answer = {};
    m_error.clear();
    m_check->setEnabled(!eventId.isEmpty());
    showResult();
}

void ReconcileView::check()
{
    if (m_eventId.isEmpty() || m_checking)
        return;
    m_checking = true;
    m_check->setEnabled(false);
    m_answer = {};
    m_error.clear();
    showResult();
    const QString asked = m_eventId;
    m_transport
        ->call("GET",
               QStringLiteral("/events/%1/reconcile").arg(client::HttpTransport::segment(asked)),
               {},
               {},
               client::whileAlive(this, [this, asked](const client::ApiResult &r) {
                   m_checking = false;
                   m_check->setEnabled(!m_eventId.isEmpty());
                   if (asked != m_eventId)
                       return; // another event was chosen meanwhile
                   if (r.ok())
                       m_answer = r.body;
                   else
                       m_error = ManageWords::failure(r);
                   showResult();
                   Q_EMIT checked();
               }));
}

void ReconcileView::showResult()
{
    m_list->clear();
    m_list->hide();
    m_result->setStyleSheet(QStringLiteral("font-size: 12pt; font-weight: 600;"));
    if (m_checking) {
        m_result->setText(tr("Checking…"));
        return;
    }
    if (!m_error.isEmpty()) {
        m_result->setText(m_error);
        m_result->setStyleSheet(QStringLiteral("font-size: 12pt; color: #c62828;"));
        return;
    }
    if (m_answer.isEmpty()) {
        m_result->setText(m_eventId.isEmpty() ? tr("Choose an event first.")
                                              : tr("Not checked yet."));
        return;
    }
    const int checks = m_answer.value(u"checks").toInt();
    const QString scope = tr("%1 orders and %2 tickets")
                              .arg(QLocale().toString(m_answer.value(u"orders").toInteger()),
                                   QLocale().toString(m_answer.value(u"tickets").toInteger()));
    const QJsonArray differences = m_answer.value(u"differences").toArray();
    if (differences.isEmpty()) {
        m_result->setText(
            tr("Everything agrees: %1 checks over %2.").arg(QLocale().toString(checks), scope));
        m_result->setStyleSheet(
            QStringLiteral("font-size: 12pt; font-weight: 600; color: #2e7d32;"));
        return;
    }
    m_result->setText(differences.size() == 1
                          ? tr("1 difference found over %1:").arg(scope)
                          : tr("%1 differences found over %2:")
                                .arg(QLocale().toString(differences.size()), scope));
    m_result->setStyleSheet(QStringLiteral("font-size: 12pt; font-weight: 600; color: #c62828;"));
    for (const QJsonValue &v : differences) {
        const QJsonObject d = v.toObject();
        m_list->addItem(tr("%1 — %2: %3")
                            .arg(ReportWords::check(d.value(u"check").toString()),
                                 d.value(u"subject").toString(),
                                 d.value(u"detail").toString()));
    }
    m_list->show();
}

QString ReconcileView::resultText() const
{
    return m_result->text();
}

} // namespace boxoffice::app
