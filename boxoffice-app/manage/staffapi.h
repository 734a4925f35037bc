// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

namespace boxoffice::app {

/// The back office's staff and audit calls (docs/back-office.md, Staff and Audit) on the app's
/// signed-in transport; every answer arrives asynchronously through `done`.
class StaffApi
{
public:
    using Callback = client::HttpTransport::Callback;

    explicit StaffApi(client::HttpTransport *transport)
        : m_transport(transport)
    {}

    /// GET /me: who is signed in (`sub`, `role`).
    void me(Callback done) const;
    /// GET /staff: every staff account.
    void list(Callback done) const;
    /// POST /staff {username, role, password}.
    void create(const QString &username,
                const QString &role,
                const QString &password,
                Callback done) const;
    /// PATCH /staff/{id} with `changes` (disabled, role or password).
    void update(qint64 id, const QJsonObject &changes, Callback done) const;
    /// GET /staff/sign-ins?limit=`limit`: newest first.
    void signIns(int limit, Callback done) const;
    /// GET /audit: one page, newest first; `eventId` empty for every line, `before` 0 for the
    /// newest page.
    void audit(const QString &eventId, qint64 before, int limit, Callback done) const;

private:
    client::HttpTransport *m_transport;
};

} // namespace boxoffice::app
