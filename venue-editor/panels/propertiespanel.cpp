// SPDX-License-Identifier: GPL-3.0-or-later
#include "propertiespanel.h"

#include "numberingschemebox.h"

#include "../commands/changevenue.h"
#include "../commands/renumberrows.h"
#include "../commands/setcategory.h"
#include "../commands/setflags.h"
#include "../document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QTimeZone>
#include <QVBoxLayout>

namespace boxoffice::editor {

using seatmap::ObjectRef;

PropertiesPanel::PropertiesPanel(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_seatGroup(new QGroupBox(this))
    , m_category(new QComboBox)
    , m_rowLabel(new QLineEdit)
    , m_seatNumber(new QLineEdit)
    , m_scheme(new NumberingSchemeBox)
    , m_start(new QSpinBox)
    , m_renumber(new QPushButton)
    , m_sectionGroup(new QGroupBox(this))
    , m_sectionName(new QLineEdit)
    , m_gaGroup(new QGroupBox(this))
    , m_gaName(new QLineEdit)
    , m_gaCapacity(new QSpinBox)
    , m_venueGroup(new QGroupBox(this))
    , m_venueName(new QLineEdit)
    , m_width(new QDoubleSpinBox)
    , m_height(new QDoubleSpinBox)
    , m_timeZone(new QComboBox)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_summary->setWordWrap(true);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    layout->addWidget(m_summary);

    auto *seatForm = new QFormLayout(m_seatGroup);
    addRow(seatForm, QT_TR_NOOP("Category:"), m_category);
    auto *flagBox = new QWidget;
    auto *flagLayout = new QGridLayout(flagBox);
    flagLayout->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < 4; ++i) {
        auto *box = new QCheckBox;
        flagLayout->addWidget(box, i, 0);
        m_flags.append(box);
        connect(box, &QCheckBox::clicked, this, [this, i](bool on) { applyFlag(i, on); });
    }
    addRow(seatForm, QT_TR_NOOP("Flags:"), flagBox);
    addRow(seatForm, QT_TR_NOOP("Row label:"), m_rowLabel);
    addRow(seatForm, QT_TR_NOOP("Seat number:"), m_seatNumber);
    m_scheme->setObjectName(QStringLiteral("numberingScheme"));
    m_start->setRange(0, 100000);
    m_start->setValue(1);
    addRow(seatForm, QT_TR_NOOP("Numbering:"), m_scheme);
    addRow(seatForm, QT_TR_NOOP("Start at:"), m_start);
    seatForm->addRow(QString(), m_renumber);
    layout->addWidget(m_seatGroup);

    auto *sectionForm = new QFormLayout(m_sectionGroup);
    addRow(sectionForm, QT_TR_NOOP("Name:"), m_sectionName);
    layout->addWidget(m_sectionGroup);

    auto *gaForm = new QFormLayout(m_gaGroup);
    m_gaCapacity->setRange(0, 10'000'000);
    addRow(gaForm, QT_TR_NOOP("Name:"), m_gaName);
    addRow(gaForm, QT_TR_NOOP("Capacity:"), m_gaCapacity);
    layout->addWidget(m_gaGroup);

    auto *venueForm = new QFormLayout(m_venueGroup);
    for (QDoubleSpinBox *box : {m_width, m_height}) {
        box->setRange(0, 1e6);
        box->setDecimals(0);
    }
    addRow(venueForm, QT_TR_NOOP("Name:"), m_venueName);
    addRow(venueForm, QT_TR_NOOP("Width:"), m_width);
    addRow(venueForm, QT_TR_NOOP("Height:"), m_height);
    m_timeZone->setObjectName(QStringLiteral("venueTimeZone"));
    m_timeZone->setEditable(true);
    m_timeZone->setInsertPolicy(QComboBox::NoInsert);
    m_timeZone->addItem(QString());
    for (const QByteArray &id : QTimeZone::availableTimeZoneIds())
        m_timeZone->addItem(QString::fromUtf8(id));
    addRow(venueForm, QT_TR_NOOP("Time zone:"), m_timeZone);
    layout->addWidget(m_venueGroup);
    layout->addStretch();

    connect(m_category, &QComboBox::activated, this, &PropertiesPanel::applyCategory);
    connect(m_rowLabel, &QLineEdit::editingFinished, this, &PropertiesPanel::applyRowLabel);
    connect(m_seatNumber, &QLineEdit::editingFinished, this, &PropertiesPanel::applySeatNumber);
    connect(m_renumber, &QPushButton::clicked, this, &PropertiesPanel::renumber);
    connect(m_sectionName, &QLineEdit::editingFinished, this, &PropertiesPanel::applySectionName);
    connect(m_gaName, &QLineEdit::editingFinished, this, &PropertiesPanel::applyGaArea);
    connect(m_gaCapacity, &QSpinBox::editingFinished, this, &PropertiesPanel::applyGaArea);
    connect(m_venueName, &QLineEdit::editingFinished, this, &PropertiesPanel::applyVenue);
    connect(m_width, &QDoubleSpinBox::editingFinished, this, &PropertiesPanel::applyVenue);
    connect(m_height, &QDoubleSpinBox::editingFinished, this, &PropertiesPanel::applyVenue);
    connect(m_timeZone, &QComboBox::activated, this, &PropertiesPanel::applyVenue);
    connect(m_timeZone->lineEdit(), &QLineEdit::editingFinished, this, &PropertiesPanel::applyVenue);
    retranslate();
}

void PropertiesPanel::addRow(QFormLayout *form, const char *label, QWidget *field)
{
    auto *text = new QLabel;
    m_labels.append({text, label});
    form->addRow(text, field);
}

void PropertiesPanel::retranslate()
{
    m_seatGroup->setTitle(tr("Seats"));
    m_renumber->setText(tr("Renumber"));
    m_sectionGroup->setTitle(tr("Section"));
    m_gaGroup->setTitle(tr("GA Area"));
    m_venueGroup->setTitle(tr("Venue"));
    const QStringList flagNames{tr("Wheelchair"),
                                tr("Companion"),
                                tr("Restricted view"),
                                tr("Aisle")};
    for (int i = 0; i < flagNames.size(); ++i)
        m_flags.at(i)->setText(flagNames.at(i));
    for (QDoubleSpinBox *box : {m_width, m_height})
        box->setSuffix(tr(" cm"));
    for (const auto &[label, source] : std::as_const(m_labels))
        label->setText(tr(source));
    refresh(); // the summary line
}

void PropertiesPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PropertiesPanel::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &Document::selectionChanged, this, &PropertiesPanel::refresh);
        connect(m_document, &Document::changed, this, &PropertiesPanel::refresh);
    }
    refresh();
}

void PropertiesPanel::refresh()
{
    if (!m_document)
        return;
    m_updating = true;
    const core::Venue &venue = m_document->venue();
    const QList<core::SeatRef> seats = m_document->selectedSeats();
    const QList<ObjectRef> objects = m_document->selectedObjects();
    QSet<QPair<int, int>> rows;
    QSet<int> sections;
    QSet<QString> categories;
    for (const core::SeatRef &ref : seats) {
        rows.insert({ref.section, ref.row});
        sections.insert(ref.section);
        categories.insert(venue.seat(ref).categoryId);
    }
    int sectionObject = -1, gaObject = -1;
    for (const ObjectRef &ref : objects) {
        if (ref.kind == ObjectRef::Kind::Section)
            sectionObject = ref.index;
        else if (ref.kind == ObjectRef::Kind::GaArea)
            gaObject = ref.index;
    }
    if (sectionObject < 0 && sections.size() == 1)
        sectionObject = *sections.cbegin();

    if (seats.isEmpty() && objects.isEmpty())
        m_summary->setText(tr("Nothing selected: venue properties."));
    else
        m_summary->setText(tr("Selected: %1 seats in %2 rows, %3 objects")
                               .arg(seats.size())
                               .arg(rows.size())
                               .arg(objects.size()));

    m_category->clear();
    for (const core::Category &category : venue.categories) {
        QPixmap swatch(12, 12);
        swatch.fill(category.colour);
        m_category->addItem(QIcon(swatch),
                            category.name.isEmpty() ? category.id : category.name,
                            category.id);
    }
    m_category->setCurrentIndex(categories.size() == 1 ? m_category->findData(*categories.cbegin())
                                                       : -1);
    for (int i = 0; i < m_flags.size(); ++i) {
        const core::SeatFlag flag = core::kAllSeatFlags[i];
        const qsizetype on = std::count_if(seats.cbegin(), seats.cend(), [&](const auto &ref) {
            return venue.seat(ref).flags.testFlag(flag);
        });
        m_flags.at(i)->setTristate(on > 0 && on < seats.size());
        m_flags.at(i)->setCheckState(on == 0              ? Qt::Unchecked
                                     : on == seats.size() ? Qt::Checked
                                                          : Qt::PartiallyChecked);
    }
    // Categories apply to seats, GA areas and whole sections; the rest only to seats.
    const bool sectionChosen = std::any_of(objects.cbegin(), objects.cend(), [](const ObjectRef &r) {
        return r.kind == ObjectRef::Kind::Section;
    });
    m_seatGroup->setVisible(!seats.isEmpty() || gaObject >= 0 || sectionChosen);
    for (QCheckBox *box : std::as_const(m_flags))
        box->setEnabled(!seats.isEmpty());
    const bool oneRow = rows.size() == 1;
    m_rowLabel->setEnabled(oneRow);
    m_rowLabel->setText(
        oneRow ? venue.sections.at(rows.cbegin()->first).rows.at(rows.cbegin()->second).label
               : QString());
    m_seatNumber->setEnabled(seats.size() == 1);
    m_seatNumber->setText(seats.size() == 1 ? venue.seat(seats.first()).number : QString());
    m_renumber->setEnabled(!seats.isEmpty());

    m_sectionGroup->setVisible(sectionObject >= 0 && sectionObject < venue.sections.size());
    if (m_sectionGroup->isVisible())
        m_sectionName->setText(venue.sections.at(sectionObject).name);
    m_gaGroup->setVisible(gaObject >= 0 && gaObject < venue.gaAreas.size());
    if (m_gaGroup->isVisible()) {
        m_gaName->setText(venue.gaAreas.at(gaObject).name);
        m_gaCapacity->setValue(venue.gaAreas.at(gaObject).capacity);
    }
    m_venueGroup->setVisible(seats.isEmpty() && objects.isEmpty());
    m_venueName->setText(venue.name);
    m_timeZone->setCurrentText(venue.timeZone);
    m_width->setValue(venue.size.width());
    m_height->setValue(venue.size.height());
    m_updating = false;
}

void PropertiesPanel::applyCategory(int index)
{
    if (m_updating || !m_document || index < 0)
        return;
    m_document->undoStack()->push(new SetCategory(m_document,
                                                  m_document->selectedSeats(),
                                                  m_document->selectedObjects(),
                                                  m_category->itemData(index).toString()));
}

void PropertiesPanel::applyFlag(int flagIndex, bool on)
{
    if (m_updating || !m_document || m_document->selectedSeats().isEmpty())
        return;
    m_document->undoStack()->push(
        new SetFlags(m_document, m_document->selectedSeats(), core::kAllSeatFlags[flagIndex], on));
}

void PropertiesPanel::applyRowLabel()
{
    const QList<core::SeatRef> seats = m_document ? m_document->selectedSeats()
                                                  : QList<core::SeatRef>();
    const QString label = m_rowLabel->text().trimmed();
    if (m_updating || seats.isEmpty() || label.isEmpty())
        return;
    const core::SeatRef ref = seats.first();
    if (m_document->venue().sections.at(ref.section).rows.at(ref.row).label == label)
        return;
    m_document->undoStack()->push(
        new ChangeVenue(m_document,
                        tr("Rename Row"),
                        {ChangeEvent::Kind::Sections, {ref.section}},
                        [ref, label](core::Venue &venue) {
                            core::Section &section = venue.sections[ref.section];
                            core::Row &row = section.rows[ref.row];
                            row.label = label;
                            row.id = label;
                            for (core::Seat &seat : row.seats)
                                seat.id = section.id + u'-' + label + u'-' + seat.number;
                        }));
}

void PropertiesPanel::applySeatNumber()
{
    const QList<core::SeatRef> seats = m_document ? m_document->selectedSeats()
                                                  : QList<core::SeatRef>();
    const QString number = m_seatNumber->text().trimmed();
    if (m_updating || seats.size() != 1 || number.isEmpty()
        || m_document->venue().seat(seats.first()).number == number)
        return;
    const core::SeatRef ref = seats.first();
    m_document->undoStack()->push(
        new ChangeVenue(m_document,
                        tr("Renumber Seat"),
                        {ChangeEvent::Kind::Sections, {ref.section}},
                        [ref, number](core::Venue &venue) {
                            const core::Section &section = venue.sections.at(ref.section);
                            const QString id = section.id + u'-' + section.rows.at(ref.row).label
                                               + u'-' + number;
                            venue.seat(ref).number = number;
                            venue.seat(ref).id = id;
                        }));
}

void PropertiesPanel::applySectionName()
{
    if (m_updating || !m_document)
        return;
    int section = -1;
    for (const ObjectRef &ref : m_document->selectedObjects()) {
        if (ref.kind == ObjectRef::Kind::Section)
            section = ref.index;
    }
    if (section < 0 && !m_document->selectedSeats().isEmpty())
        section = m_document->selectedSeats().first().section;
    const QString name = m_sectionName->text().trimmed();
    if (section < 0 || m_document->venue().sections.at(section).name == name)
        return;
    m_document->undoStack()->push(new ChangeVenue(m_document,
                                                  tr("Rename Section"),
                                                  {ChangeEvent::Kind::Sections, {section}},
                                                  [section, name](core::Venue &venue) {
                                                      venue.sections[section].name = name;
                                                  }));
}

void PropertiesPanel::applyGaArea()
{
    if (m_updating || !m_document)
        return;
    for (const ObjectRef &ref : m_document->selectedObjects()) {
        if (ref.kind != ObjectRef::Kind::GaArea)
            continue;
        const core::GaArea &area = m_document->venue().gaAreas.at(ref.index);
        const QString name = m_gaName->text().trimmed();
        const int capacity = m_gaCapacity->value();
        if (area.name == name && area.capacity == capacity)
            return;
        const int index = ref.index;
        m_document->undoStack()->push(new ChangeVenue(m_document,
                                                      tr("Change GA Area"),
                                                      {ChangeEvent::Kind::Objects, {}},
                                                      [index, name, capacity](core::Venue &venue) {
                                                          venue.gaAreas[index].name = name;
                                                          venue.gaAreas[index].capacity = capacity;
                                                      }));
        return;
    }
}

void PropertiesPanel::applyVenue()
{
    if (m_updating || !m_document)
        return;
    const QString name = m_venueName->text().trimmed();
    const QSizeF size(m_width->value(), m_height->value());
    QString zone = m_timeZone->currentText().trimmed();
    if (!zone.isEmpty() && !QTimeZone::isTimeZoneIdAvailable(zone.toUtf8())) {
        m_timeZone->setToolTip(tr("Not a time zone; pick one from the list (e.g. Europe/Madrid)."));
        zone = m_document->venue().timeZone; // keep what was there
    } else {
        m_timeZone->setToolTip(tr("The venue's local time zone; times are shown in it."));
    }
    const core::Venue &current = m_document->venue();
    if (current.name == name && current.size == size && current.timeZone == zone)
        return;
    m_document->undoStack()->push(new ChangeVenue(m_document,
                                                  tr("Change Venue"),
                                                  {ChangeEvent::Kind::Venue, {}},
                                                  [name, size, zone](core::Venue &venue) {
                                                      venue.name = name;
                                                      venue.size = size;
                                                      venue.timeZone = zone;
                                                  }));
}

void PropertiesPanel::renumber()
{
    if (!m_document || m_document->selectedSeats().isEmpty())
        return;
    m_document->undoStack()->push(new RenumberRows(m_document,
                                                   m_document->selectedSeats(),
                                                   m_scheme->scheme(),
                                                   m_start->value()));
}

} // namespace boxoffice::editor
