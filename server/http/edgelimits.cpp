// SPDX-License-Identifier: GPL-3.0-or-later
#include "edgelimits.h"

#include "metrics/registry.h"

#include <QTcpSocket>

namespace boxoffice::server::http {

namespace edge {

HeadVerdict checkHead(QByteArrayView buffer, qint64 maxBody)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return buffer.size() >= kMaxHeadBytes ? HeadVerdict::HeadTooLarge : HeadVerdict::Incomplete;
    if (end >= kMaxHeadBytes)
        return HeadVerdict::HeadTooLarge;
    const QByteArrayView head = buffer.first(end);
    qsizetype start = head.indexOf("\r\n");
    qint64 length = -1;
    while (start >= 0 && start < head.size()) {
        const qsizetype next = head.indexOf("\r\n", start + 2);
        const QByteArrayView line = head.sliced(start + 2,
                                                (next < 0 ? head.size() : next) - start - 2);
        start = next;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArrayView name = line.first(colon).trimmed();
        const QByteArrayView value = line.sliced(colon + 1).trimmed();
        if (name.compare("transfer-encoding", Qt::CaseInsensitive) == 0)
            return HeadVerdict::Chunked;
        if (name.compare("content-length", Qt::CaseInsensitive) == 0) {
            bool ok = false;
            const qint64 parsed = value.toByteArray().toLongLong(&ok);
            if (!ok || parsed < 0 || (length >= 0 && parsed != length))
                return HeadVerdict::BadLength;
            length = parsed;
        }
    }
    return length > maxBody ? HeadVerdict::TooLarge : HeadVerdict::Ok;
}

void countOversize()
{
    static metrics::Counter &refused = metrics::Registry::instance().counter(
        QStringLiteral("boxoffice_http_oversize_refused_total"),
        QStringLiteral("Requests refused by their head: body or head over the limit, chunked."));
    refused.add();
}

bool dropIfOverOutbound(QTcpSocket *socket, qint64 adding)
{
    if (socket->bytesToWrite() + adding <= maxOutboundBytes())
        return false;
    countSlowConsumer("http");
    socket->abort();
    return true;
}

} // namespace edge

PendingAnswers::PendingAnswers(QTcpSocket *socket)
    : QObject(socket)
{
    setObjectName(QStringLiteral("boxoffice-pending-answers"));
}

PendingAnswers *PendingAnswers::of(QTcpSocket *socket)
{
    return socket ? socket->findChild<PendingAnswers *>(QString(), Qt::FindDirectChildrenOnly)
                  : nullptr;
}

void PendingAnswers::done()
{
    if (m_count > 0 && --m_count == 0 && m_onIdle)
        m_onIdle();
}

} // namespace boxoffice::server::http
