// SPDX-License-Identifier: GPL-3.0-or-later
#include "duplicatedialog.h"

#include "venuetime.h"

#include <core/localtime.h>

#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

DuplicateDialog::DuplicateDialog(const QString &title,
                                 const QDateTime &startsAt,
                                 const QString &zone,
                                 QWidget *parent)
    : QDialog(parent)
    , m_zone(zone)
    , m_title(new QLineEdit(tr("%1 (copy)").arg(title), this))
    , m_starts(new QDateTimeEdit(this))
{
    setObjectName(QStringLiteral("duplicateDialog"));
    setWindowTitle(tr("Duplicate event"));
    setMinimumWidth(440);
    m_title->setObjectName(QStringLiteral("duplicateTitle"));
    m_title->setAccessibleName(tr("Title of the copy"));
    m_starts->setObjectName(QStringLiteral("duplicateStart"));
    m_starts->setAccessibleName(tr("Start of the copy"));
    m_starts->setCalendarPopup(true);
    m_starts->setTimeSpec(Qt::UTC); // the venue's wall clock, see VenueTime
    m_starts->setDisplayFormat(QLocale().dateFormat(QLocale::ShortFormat) + u' '
                               + core::LocalTime::timeFormat());
    m_starts->setDateTime(VenueTime::toEdit(startsAt.addDays(7), zone));

    auto *intro = new QLabel(tr("The copy has the same venue, settings and prices and no sales. "
                                "Its sale opens and closes at the same distance from the start."),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    auto *titleLabel = new QLabel(tr("&Title:"), this);
    titleLabel->setBuddy(m_title);
    form->addRow(titleLabel, m_title);
    auto *startLabel = new QLabel(zone.isEmpty() ? tr("&Starts:") : tr("&Starts (%1):").arg(zone),
                                  this);
    startLabel->setBuddy(m_starts);
    form->addRow(startLabel, m_starts);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    ok->setObjectName(QStringLiteral("duplicateConfirm"));
    ok->setText(tr("&Duplicate (Enter)"));
    ok->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_title, &QLineEdit::textChanged, ok, [ok](const QString &text) {
        ok->setEnabled(!text.trimmed().isEmpty());
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
    m_title->selectAll();
    m_title->setFocus();
}

QString DuplicateDialog::title() const
{
    return m_title->text().trimmed();
}

QDateTime DuplicateDialog::startsAt() const
{
    return VenueTime::fromEdit(m_starts->dateTime(), m_zone);
}

} // namespace boxoffice::app
