// SPDX-License-Identifier: GPL-3.0-or-later
#include "shiftdialog.h"

#include "countersettings.h"
#include "journal.h"
#include "salerecorder.h"

#include <client/salesclient.h>
#include <core/localtime.h>

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace boxoffice::app {

QString ShiftDialog::currentShiftId()
{
    return QSettings().value(QStringLiteral("shift/id")).toString();
}

void ShiftDialog::setCurrentShiftId(const QString &id)
{
    QSettings settings;
    if (id.isEmpty())
        settings.remove(QStringLiteral("shift/id"));
    else
        settings.setValue(QStringLiteral("shift/id"), id);
}

QString ShiftDialog::explain(const client::ApiResult &r)
{
    if (r.status == 409 && r.code() == u"drawer_in_use") {
        QString opened = r.body.value(u"opened_at").toString();
        opened.replace(u' ', u'T');
        if (opened.endsWith(QStringLiteral("+00")))
            opened.append(QStringLiteral(":00"));
        const QDateTime at = QDateTime::fromString(opened, Qt::ISODateWithMs);
        return tr("The drawer “%1” is locked: %2 has a shift open on it (since %3). Ask %2 to "
                  "close it with a Z report, or use another drawer (Session → Printers and "
                  "drawer).")
            .arg(r.body.value(u"drawer").toString(),
                 r.body.value(u"clerk").toString(),
                 core::LocalTime::clock(at, CounterSettings::timeZone()));
    }
    if (r.status == 0)
        return tr("The server cannot be reached: %1").arg(r.error);
    return tr("The shift could not be opened: %1").arg(r.error);
}

ShiftDialog::ShiftDialog(client::SalesClient *client,
                         Journal *journal,
                         SaleRecorder *recorder,
                         QWidget *parent)
    : QDialog(parent)
    , m_client(client)
    , m_journal(journal)
    , m_recorder(recorder)
    , m_amount(new QDoubleSpinBox(this))
    , m_open(new QPushButton(tr("&Open shift with this float"), this))
    , m_x(new QPushButton(tr("&X report"), this))
    , m_z(new QPushButton(tr("&Z report: close with this count"), this))
    , m_print(new QPushButton(tr("&Print report (Ctrl+P)"), this))
    , m_title(new QLabel(this))
    , m_table(new QTableWidget(0, 2, this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("shiftDialog"));
    setWindowTitle(tr("Shift and cash drawer"));
    resize(520, 520);
    m_amount->setObjectName(QStringLiteral("shiftAmount"));
    m_amount->setRange(0, 1e7);
    m_amount->setDecimals(2);
    m_amount->setStyleSheet(QStringLiteral("font-size: 16pt;"));
    m_open->setObjectName(QStringLiteral("openShift"));
    m_x->setObjectName(QStringLiteral("xReport"));
    m_z->setObjectName(QStringLiteral("zReport"));
    m_print->setObjectName(QStringLiteral("printReport"));
    m_print->setShortcut(QKeySequence::Print);
    m_title->setStyleSheet(QStringLiteral("font-size: 15pt; font-weight: 700;"));
    m_table->setObjectName(QStringLiteral("reportTable"));
    m_table->horizontalHeader()->hide();
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setStyleSheet(QStringLiteral("font-size: 12pt;"));
    m_status->setObjectName(QStringLiteral("shiftStatus"));
    m_status->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("Amount (float or counted cash):"), m_amount);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_open);
    buttons->addWidget(m_x);
    buttons->addWidget(m_z);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_print);
    layout->addWidget(m_status);
    for (QPushButton *b : {m_open, m_x, m_z, m_print})
        b->setAutoDefault(false);

    connect(m_open, &QPushButton::clicked, this, [this] {
        openShift(qRound64(m_amount->value() * 100));
    });
    connect(m_x, &QPushButton::clicked, this, &ShiftDialog::xReport);
    connect(m_z, &QPushButton::clicked, this, [this] {
        closeShift(qRound64(m_amount->value() * 100));
    });
    connect(m_print, &QPushButton::clicked, this, [this] {
        QPrinter printer;
        QPrintDialog dialog(&printer, this);
        if (dialog.exec() == QDialog::Accepted)
            m_report.print(&printer, m_reportTitle);
    });
    updateButtons();
}

void ShiftDialog::updateButtons()
{
    const bool open = !currentShiftId().isEmpty();
    m_open->setEnabled(!open);
    m_x->setEnabled(open);
    m_z->setEnabled(open);
    m_print->setEnabled(!m_reportTitle.isEmpty());
    if (m_status->text().isEmpty())
        m_status->setText(open ? tr("Shift %1 is open.").arg(currentShiftId())
                               : tr("No shift is open: count the float and open one."));
}

QString ShiftDialog::statusText() const
{
    return m_status->text();
}

void ShiftDialog::openShift(qint64 floatCents)
{
    m_client
        ->openShift(floatCents,
                    CounterSettings::drawer(),
                    client::whileAlive(this, [this, floatCents](const client::ApiResult &r) {
                        QString id;
                        if (r.ok()) {
                            id = r.body.value(u"shift_id").toString(r.body.value(u"id").toString());
                            m_status->setText(tr("Shift opened on the server."));
                        } else if (r.status == 409 && r.code() == u"shift_open") {
                            // Already open on the server (another session, or settings lost): go on with it.
                            pickUp(r.body.value(u"shift_id").toString());
                            return;
                        } else if (r.status == 404 || r.status == 405) {
                            // This server has no shifts: the drawer is kept in the local journal only.
                            id = u"local-" + QUuid::createUuid().toString(QUuid::WithoutBraces);
                            m_status->setText(tr(
                                "The server keeps no shifts; this shift is in the local journal."));
                        } else {
                            m_status->setText(explain(r));
                            return;
                        }
                        setCurrentShiftId(id);
                        m_recorder->recordCash(QStringLiteral("float"),
                                               floatCents,
                                               {{QStringLiteral("shift_id"), id}});
                        updateButtons();
                        xReport();
                    }));
}

void ShiftDialog::pickUp(const QString &shiftId)
{
    auto adopt = [this](const QString &id) {
        setCurrentShiftId(id);
        m_status->setText(tr("You already had shift %1 open on the server: it was picked up. "
                             "Its float was counted when it was opened.")
                              .arg(id));
        updateButtons();
        xReport();
    };
    if (!shiftId.isEmpty()) {
        adopt(shiftId);
        return;
    }
    m_client->currentShift(client::whileAlive(this, [this, adopt](const client::ApiResult &r) {
        if (r.ok())
            adopt(r.body.value(u"shift_id").toString());
        else
            m_status->setText(tr("The shift could not be opened: %1").arg(r.error));
    }));
}

void ShiftDialog::xReport()
{
    const QString id = currentShiftId();
    if (id.startsWith(u"local-")) {
        localReport(tr("X report"), std::nullopt);
        return;
    }
    m_client->shiftReport(id, client::whileAlive(this, [this](const client::ApiResult &r) {
                              if (r.ok())
                                  showReport(ShiftReport::fromServer(r.body), tr("X report"));
                              else
                                  localReport(tr("X report (local journal)"), std::nullopt);
                          }));
}

void ShiftDialog::closeShift(qint64 countedCents)
{
    const QString id = currentShiftId();
    m_recorder->recordCash(QStringLiteral("count"),
                           countedCents,
                           {{QStringLiteral("shift_id"), id}});
    auto finish = [this] {
        setCurrentShiftId({});
        m_status->setText(tr("Shift closed. Count the drawer away and print the Z report."));
        updateButtons();
    };
    if (id.startsWith(u"local-")) {
        localReport(tr("Z report"), countedCents);
        finish();
        return;
    }
    m_client->closeShift(
        id,
        countedCents,
        client::whileAlive(this, [this, countedCents, finish](const client::ApiResult &r) {
            if (r.ok()) {
                ShiftReport report = ShiftReport::fromServer(r.body);
                if (!report.countedCents)
                    report.countedCents = countedCents;
                showReport(report, tr("Z report"));
                finish();
            } else {
                m_status->setText(tr("The shift could not be closed: %1").arg(r.error));
            }
        }));
}

void ShiftDialog::localReport(const QString &title, std::optional<qint64> counted)
{
    const QString id = currentShiftId();
    m_journal->all([this, id, title, counted](const QList<JournalEntry> &entries) {
        ShiftReport report = ShiftReport::fromJournal(entries, id);
        if (counted)
            report.countedCents = counted;
        showReport(report, title);
    });
}

void ShiftDialog::showReport(const ShiftReport &report, const QString &title)
{
    m_report = report;
    m_report.timeZone = CounterSettings::timeZone();
    m_reportTitle = title;
    m_title->setText(title);
    const auto lines = m_report.lines();
    m_table->setRowCount(int(lines.size()));
    for (int i = 0; i < lines.size(); ++i) {
        m_table->setItem(i, 0, new QTableWidgetItem(lines.at(i).first));
        auto *value = new QTableWidgetItem(lines.at(i).second);
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (i == lines.size() - 1 && report.countedCents) {
            QFont f = value->font();
            f.setBold(true);
            f.setPointSize(16);
            value->setFont(f);
            value->setForeground(*report.varianceCents() == 0 ? QColor(0x1b, 0x5e, 0x20)
                                                              : QColor(0xc6, 0x28, 0x28));
        }
        m_table->setItem(i, 1, value);
    }
    m_table->resizeRowsToContents();
    updateButtons();
    Q_EMIT reportShown();
}

bool ShiftDialog::printPdf(const QString &path) const
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(path);
    return m_report.print(&printer, m_reportTitle);
}

} // namespace boxoffice::app
