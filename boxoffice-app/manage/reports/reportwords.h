// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/filedownload.h>

#include <QCoreApplication>
#include <QString>

namespace boxoffice::app {

/// The reports' codes in the manager's words: the log's kinds, channels and payment methods,
/// the reconciler's checks, and how a download ended.
class ReportWords
{
    Q_DECLARE_TR_FUNCTIONS(boxoffice::app::ReportWords)
public:
    /// "Sales", "Refunds", ... for a transaction-log `kind` (an unknown kind as it is).
    static QString kind(const QString &kind);
    /// "Online", "Box office" for a log `channel`.
    static QString channel(const QString &channel);
    /// "Card", "Cash", "Card at the counter", "Comp" for a payment `method`.
    static QString method(const QString &method);
    /// What a reconciler's `check` means, in a sentence.
    static QString check(const QString &check);
    /// "1.2 MB" for a byte count.
    static QString size(qint64 bytes);
    /// Why a download did not save its file, in words (empty when it did).
    static QString downloadFailure(const client::FileDownload &download,
                                   client::FileDownload::Outcome outcome);
};

} // namespace boxoffice::app
