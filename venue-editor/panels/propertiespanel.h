// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace boxoffice::editor {

class Document;
class NumberingSchemeBox;

/// Properties of the selection: category, flags, labels, renumbering; of the venue when nothing
/// is selected. Every edit is a command.
class PropertiesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit PropertiesPanel(QWidget *parent = nullptr);

    void setDocument(Document *document);
    /// Renumbers the rows of the selected seats with the panel's scheme and start.
    void renumber();

protected:
    void changeEvent(QEvent *event) override;

private:
    /// A form row whose label (untranslated `label`) follows the language.
    void addRow(QFormLayout *form, const char *label, QWidget *field);
    void retranslate();
    void refresh();
    void applyCategory(int index);
    void applyFlag(int flagIndex, bool on);
    void applyRowLabel();
    void applySeatNumber();
    void applySectionName();
    void applyGaArea();
    void applyVenue();

    Document *m_document = nullptr;
    bool m_updating = false;
    QLabel *m_summary;
    QGroupBox *m_seatGroup;
    QComboBox *m_category;
    QList<QCheckBox *> m_flags;
    QLineEdit *m_rowLabel;
    QLineEdit *m_seatNumber;
    NumberingSchemeBox *m_scheme;
    QSpinBox *m_start;
    QPushButton *m_renumber;
    QGroupBox *m_sectionGroup;
    QLineEdit *m_sectionName;
    QGroupBox *m_gaGroup;
    QLineEdit *m_gaName;
    QSpinBox *m_gaCapacity;
    QGroupBox *m_venueGroup;
    QLineEdit *m_venueName;
    QDoubleSpinBox *m_width;
    QDoubleSpinBox *m_height;
    QComboBox *m_timeZone; ///< IANA id, editable with completion; empty = the server's default
    QList<QPair<QLabel *, const char *>> m_labels;
};

} // namespace boxoffice::editor
