// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

#include <QStringList>

namespace boxoffice::app {

/// The back office's calls for seats held back (docs/back-office.md, Seats held back): kills,
/// house seats and named allocations of one event; every answer arrives through `done`.
class HoldbacksApi
{
public:
    using Callback = client::HttpTransport::Callback;

    explicit HoldbacksApi(client::HttpTransport *transport)
        : m_transport(transport)
    {}

    /// GET /events/{id}/holdbacks: items and allocations.
    void list(const QString &eventId, Callback done) const;
    /// PUT /events/{id}/holdbacks: all of `seats` become `kind` (and `allocation`), or none.
    void hold(const QString &eventId,
              const QStringList &seats,
              const QString &kind,
              const QString &allocation,
              Callback done) const;
    /// DELETE /events/{id}/holdbacks {"seats"}: back to sale.
    void releaseSeats(const QString &eventId, const QStringList &seats, Callback done) const;
    /// DELETE /events/{id}/holdbacks {"kind","allocation"?}: every seat of a kind or allocation.
    void releaseKind(const QString &eventId,
                     const QString &kind,
                     const QString &allocation,
                     Callback done) const;
    /// PATCH /events/{id}/allocations/{name} {"counter_sale"}.
    void setCounterSale(const QString &eventId,
                        const QString &allocation,
                        bool allowed,
                        Callback done) const;

private:
    void remove(const QString &eventId, const QJsonObject &body, Callback done) const;

    client::HttpTransport *m_transport;
};

} // namespace boxoffice::app
