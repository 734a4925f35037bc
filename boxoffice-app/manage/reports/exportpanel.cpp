// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportpanel.h"

#include "reportwords.h"

#include <client/httptransport.h>

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
// "1 row", "2,624 rows": the lines written less the header.
QString rowCount(qint64 lines)
{
    const qint64 rows = std::max<qint64>(lines - 1, 0);
    return rows == 1 ? ExportPanel::tr("1 row")
                     : ExportPanel::tr("%1 rows").arg(QLocale().toString(rows));
}
} // namespace

ExportPanel::ExportPanel(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_download(new client::FileDownload(transport, this))
    , m_choose(saveDialog(this))
    , m_intro(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_cancel(new QPushButton(this))
{
    m_intro->setWordWrap(true);
    const char *names[] = {"exportOrders", "exportTickets", "exportAttendees", "exportLog"};
    auto *grid = new QGridLayout;
    for (int i = 0; i < 4; ++i) {
        m_buttons[i] = new QPushButton(this);
        m_buttons[i]->setObjectName(QString::fromLatin1(names[i]));
        m_buttons[i]->setMinimumWidth(220);
        connect(m_buttons[i], &QPushButton::clicked, this, [this, i] { start(Export(i)); });
        grid->addWidget(m_buttons[i], i / 2, i % 2);
    }
    grid->setColumnStretch(2, 1);
    m_progress->setObjectName(QStringLiteral("exportProgress"));
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancel->setObjectName(QStringLiteral("cancelExport"));
    m_cancel->setEnabled(false);
    connect(m_cancel, &QPushButton::clicked, this, &ExportPanel::cancel);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &ExportPanel::cancel);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_download, &client::FileDownload::progressed, this, &ExportPanel::showProgress);
    connect(m_download, &client::FileDownload::finished, this, [this](auto outcome) {
        setRunning(false);
        const QString saved = tr("%1 saved: %2, %3, in %4.")
                                  .arg(fileName(m_running),
                                       rowCount(m_download->lines()),
                                       ReportWords::size(m_download->bytes()),
                                       m_download->filePath());
        m_status->setText(outcome == client::FileDownload::Outcome::Saved
                              ? saved
                              : ReportWords::downloadFailure(*m_download, outcome));
        m_status->setStyleSheet(outcome == client::FileDownload::Outcome::Saved
                                    ? QStringLiteral("color: #2e7d32;")
                                    : QStringLiteral("color: #c62828;"));
        Q_EMIT exportFinished(outcome);
    });
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(grid);
    layout->addLayout(progressRow);
    layout->addWidget(m_status);
    layout->addStretch(1);
    setRunning(false);
    retranslate();
}

void ExportPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ExportPanel::retranslate()
{
    m_intro->setText(tr("CSV files (UTF-8, one row per line, as spreadsheets read them) of the"
                        " chosen event, saved where you choose. The transaction log follows the"
                        " day, channel and clerk chosen above."));
    m_buttons[0]->setText(tr("O&rders…"));
    m_buttons[1]->setText(tr("Ti&ckets…"));
    m_buttons[2]->setText(tr("&Attendees (for the door)…"));
    m_buttons[3]->setText(tr("Transaction lo&g…"));
    m_buttons[0]->setAccessibleName(tr("Export the orders as CSV"));
    m_buttons[1]->setAccessibleName(tr("Export the tickets as CSV"));
    m_buttons[2]->setAccessibleName(tr("Export the attendees as CSV"));
    m_buttons[3]->setAccessibleName(tr("Export the transaction log as CSV"));
    m_cancel->setText(tr("Cancel (Esc)"));
    m_cancel->setAccessibleName(tr("Cancel the export"));
    m_progress->setAccessibleName(tr("Export progress"));
}

void ExportPanel::setScope(const QString &eventId, const QString &logFilters)
{
    m_eventId = eventId;
    m_logFilters = logFilters;
    setRunning(m_download->isRunning());
}

QString ExportPanel::fileName(Export which) const
{
    switch (which) {
    case Export::Orders:
        return QStringLiteral("orders.csv");
    case Export::Tickets:
        return QStringLiteral("tickets.csv");
    case Export::Attendees:
        return QStringLiteral("attendees.csv");
    case Export::TransactionLog:
        return QStringLiteral("transactions.csv");
    }
    return {};
}

void ExportPanel::start(Export which)
{
    if (m_eventId.isEmpty() || m_download->isRunning())
        return;
    const QString path
        = m_choose(tr("Save the export"),
                   fileName(which).replace(u'.', QStringLiteral("-%1.").arg(m_eventId.left(8))),
                   tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        startTo(which, path);
}

void ExportPanel::startTo(Export which, const QString &path)
{
    if (m_eventId.isEmpty() || m_download->isRunning())
        return;
    const QString id = client::HttpTransport::segment(m_eventId);
    QString request;
    if (which == Export::TransactionLog)
        request = QStringLiteral("/transactions.csv?event_id=%1%2")
                      .arg(id, m_logFilters.isEmpty() ? QString() : u'&' + m_logFilters);
    else
        request = QStringLiteral("/events/%1/%2").arg(id, fileName(which));
    m_running = which;
    m_status->setStyleSheet(QString());
    if (!m_download->start(request, path, "text/csv")) {
        m_status->setText(
            ReportWords::downloadFailure(*m_download, client::FileDownload::Outcome::CannotWrite));
        m_status->setStyleSheet(QStringLiteral("color: #c62828;"));
        return;
    }
    setRunning(true);
    showProgress();
}

void ExportPanel::cancel()
{
    m_download->cancel();
}

void ExportPanel::setRunning(bool running)
{
    for (QPushButton *button : m_buttons)
        button->setEnabled(!running && !m_eventId.isEmpty());
    m_cancel->setEnabled(running);
    m_cancel->setVisible(running); // alone it would stretch across the row
    m_progress->setVisible(running);
    if (running)
        m_cancel->setFocus();
}

void ExportPanel::showProgress()
{
    if (!m_download->isRunning())
        return;
    const qint64 total = m_download->total();
    // No length from the server (a streamed export): a moving bar and the counts so far.
    if (total > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(m_download->bytes() * 1000 / total));
    } else {
        m_progress->setRange(0, 0);
    }
    const QString rows = rowCount(m_download->lines());
    m_status->setText(
        total > 0 ? tr("Saving %1: %2 of %3, %4 so far…")
                        .arg(fileName(m_running),
                             ReportWords::size(m_download->bytes()),
                             ReportWords::size(total),
                             rows)
                  : tr("Saving %1: %2, %3 so far…")
                        .arg(fileName(m_running), ReportWords::size(m_download->bytes()), rows));
}

QString ExportPanel::statusText() const
{
    return m_status->text();
}

} // namespace boxoffice::app
