// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

#include <QStringList>

namespace boxoffice::app {

/// The back office's call that moves seats to another price category of an event
/// (docs/back-office.md, PUT /events/{id}/seat-categories); the answer arrives through `done`.
class SeatCategoriesApi
{
public:
    using Callback = client::HttpTransport::Callback;

    explicit SeatCategoriesApi(client::HttpTransport *transport)
        : m_transport(transport)
    {}

    /// PUT /events/{id}/seat-categories with If-Match: "`version`": `seats` move to `category`.
    void assign(const QString &eventId,
                qint64 version,
                const QString &category,
                const QStringList &seats,
                Callback done) const;

private:
    client::HttpTransport *m_transport;
};

} // namespace boxoffice::app
