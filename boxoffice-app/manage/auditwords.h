// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace boxoffice::app {

/// Audit lines (GET /audit) in the manager's words: what was done, and what changed from what.
class AuditWords
{
    Q_DECLARE_TR_FUNCTIONS(boxoffice::app::AuditWords)
public:
    /// "Changed the event", "Held seats back", ... for an action code such as `event.update`.
    static QString action(const QString &code);
    /// A short account of `line`'s before and after ("Title: Gala → Gala Night; ...").
    static QString summary(const QJsonObject &line);
    /// What a member of an event's settings is called ("title" -> "Title").
    static QString settingName(const QString &key);
};

} // namespace boxoffice::app
