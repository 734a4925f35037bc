// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The back office's event calls (docs/back-office.md) for tests: changes with If-Match.

#include "httpclient.h"

#include <QStringList>

namespace boxoffice::test {

/// Rows of section S1 handed out one at a time, so that each step of a test takes fresh seats.
class SeatRows
{
public:
    /// Seats 1..count of the next row.
    QStringList next(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    void restart() { m_row = 0; }
    int row() const { return m_row; }

private:
    int m_row = 0;
};

inline QByteArray eventPath(const QString &eventId, const QByteArray &tail = {})
{
    return "/events/" + eventId.toLatin1() + tail;
}

/// `method` `path` with a JSON body, the token and `If-Match: <ifMatch>` (none when empty).
inline HttpResponse sendWithIfMatch(const HttpClient &client,
                                    const QByteArray &method,
                                    const QByteArray &path,
                                    const QJsonObject &body,
                                    const QByteArray &token,
                                    const QByteArray &ifMatch)
{
    QList<QPair<QByteArray, QByteArray>> headers{{"Content-Type", "application/json"}};
    if (!ifMatch.isEmpty())
        headers.append({"If-Match", ifMatch});
    return client.send(HttpClient::request(method,
                                           path,
                                           QJsonDocument(body).toJson(QJsonDocument::Compact),
                                           token,
                                           headers));
}

inline HttpResponse patchEvent(const HttpClient &client,
                               const QString &eventId,
                               const QJsonObject &body,
                               const QByteArray &token,
                               const QByteArray &ifMatch)
{
    return sendWithIfMatch(client, "PATCH", eventPath(eventId), body, token, ifMatch);
}

/// The event's current ETag ("<version>").
inline QByteArray eventTag(const HttpClient &client, const QString &eventId)
{
    return client.get(eventPath(eventId)).header("etag");
}

} // namespace boxoffice::test
