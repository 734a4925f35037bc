// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

namespace boxoffice::client {
struct ApiResult;
}

namespace boxoffice::app {

/// The back office's server codes in the manager's words (never an API path or code).
class ManageWords
{
    Q_DECLARE_TR_FUNCTIONS(boxoffice::app::ManageWords)
public:
    /// "On sale", "Paused", ... for an event's `sale_state`.
    static QString saleState(const QString &state);
    /// "Available", "Few left", "Sold out" for an event's `availability`.
    static QString availability(const QString &availability);
    /// Why a call failed, for people (network, rights, a cancelled event, ...).
    static QString failure(const client::ApiResult &result);
    /// What is wrong with `field` when the server refused it (422 invalid_field, 400 with field).
    static QString fieldProblem(const QString &field, const QString &code);
};

} // namespace boxoffice::app
