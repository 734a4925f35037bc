// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venueissue.h>

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTimer;

namespace boxoffice::editor {

class Document;

/// Live list of the venue's problems; clicking one selects the object it is about.
class ValidationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ValidationPanel(QWidget *parent = nullptr);

    void setDocument(Document *document);
    /// Validates now (normally done shortly after each change).
    void refresh();
    QList<core::VenueIssue> issues() const { return m_issues; }
    int errorCount() const;
    QTreeWidget *list() const { return m_list; }

Q_SIGNALS:
    /// An issue was activated; `focus` is where its object is (scene coordinates).
    void focusRequested(const QRectF &focus);

protected:
    void changeEvent(QEvent *event) override;

private:
    void activate(int index);
    void updateSummary();

    Document *m_document = nullptr;
    QTreeWidget *m_list;
    QLabel *m_summary;
    QTimer *m_timer;
    QList<core::VenueIssue> m_issues;
};

} // namespace boxoffice::editor
