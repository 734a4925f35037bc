// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace boxoffice::server::domain {

/// A place in a waiting room while it waits: the usual answer of a queue join or poll. Written
/// either as a QJsonObject or straight to JSON text (the join's hot path: building the object
/// and serializing it cost more than the rest of the join on the server's thread).
struct WaitingPlace
{
    QString queueId;
    QString eventId;
    qint64 position = 0;
    qint64 ahead = 0;
    qint64 etaSeconds = 0;
    int retryAfter = 0;
    QString opensAt; ///< ISO time of the on-sale while it is ahead; empty: null

    QJsonObject toJson() const;
    /// The same object as compact JSON text (keys in QJsonDocument's order).
    QByteArray toText() const;
};

} // namespace boxoffice::server::domain
