// SPDX-License-Identifier: GPL-3.0-or-later
#include "venueissue.h"

namespace boxoffice::core {

QString formatIssues(const QList<VenueIssue> &issues)
{
    QString text;
    for (const VenueIssue &issue : issues) {
        text += (issue.severity == VenueIssue::Severity::Error ? u"error: " : u"warning: ")
                + issue.path + u": " + issue.message + u'\n';
    }
    return text;
}

void IssueList::error(const QString &path, const QString &message)
{
    ++m_errorCount;
    add(VenueIssue::Severity::Error, path, message);
}

void IssueList::errorOnce(const QString &path, const QString &message)
{
    for (const VenueIssue &issue : std::as_const(m_issues)) {
        if (issue.severity != VenueIssue::Severity::Error || !path.startsWith(issue.path))
            continue;
        // Same path, or an error on an enclosing element ("$.zones[1]" covers "$.zones[1].id").
        if (path.size() == issue.path.size() || path.at(issue.path.size()) == u'.'
            || path.at(issue.path.size()) == u'[')
            return;
    }
    error(path, message);
}

void IssueList::warning(const QString &path, const QString &message)
{
    add(VenueIssue::Severity::Warning, path, message);
}

void IssueList::add(VenueIssue::Severity severity, const QString &path, const QString &message)
{
    if (m_issues.size() >= kMaxIssues) {
        ++m_dropped;
        return;
    }
    m_issues.append(VenueIssue{severity, path, message});
}

QList<VenueIssue> IssueList::take()
{
    QList<VenueIssue> issues = std::move(m_issues);
    if (m_dropped > 0) {
        issues.append(VenueIssue{m_errorCount > 0 ? VenueIssue::Severity::Error
                                                  : VenueIssue::Severity::Warning,
                                 QStringLiteral("$"),
                                 QStringLiteral("%1 more problems not listed").arg(m_dropped)});
    }
    m_issues.clear();
    m_dropped = 0;
    return issues;
}

} // namespace boxoffice::core
