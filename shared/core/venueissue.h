// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace boxoffice::core {

/// One problem found while reading a venue or a pretix plan.
struct VenueIssue
{
    enum class Severity : quint8 { Error, Warning };

    Severity severity = Severity::Error;
    QString path;    ///< JSON path, e.g. "$.sections[2].rows[0].seats[5].category"
    QString message; ///< what is wrong, for people

    bool operator==(const VenueIssue &) const = default;
};

/// "error: $.path: message" lines, one per issue.
QString formatIssues(const QList<VenueIssue> &issues);

/// Collects issues while reading; stops collecting (but keeps counting) after a limit so that
/// garbage input with millions of bad values stays cheap.
class IssueList
{
public:
    static constexpr int kMaxIssues = 500;

    void error(const QString &path, const QString &message);
    void warning(const QString &path, const QString &message);
    /// Adds an error unless one is already reported at `path` or an element enclosing it, so a
    /// consequence is not reported twice ("missing" and then "empty" about the same field).
    void errorOnce(const QString &path, const QString &message);

    bool hasErrors() const { return m_errorCount > 0; }
    int errorCount() const { return m_errorCount; }
    /// The collected issues, plus a final one saying how many were left out.
    QList<VenueIssue> take();

private:
    void add(VenueIssue::Severity severity, const QString &path, const QString &message);

    QList<VenueIssue> m_issues;
    int m_errorCount = 0;
    int m_dropped = 0;
};

} // namespace boxoffice::core
