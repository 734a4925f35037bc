// SPDX-License-Identifier: GPL-3.0-or-later
#include "filedownload.h"

#include "httptransport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QSaveFile>

namespace boxoffice::client {

namespace {
// What the network may hold unread: the server's stream waits for us beyond this.
constexpr qint64 kReadBuffer = 256 * 1024;
constexpr qint64 kChunk = 64 * 1024;
constexpr qsizetype kMaxErrorBody = 64 * 1024;
} // namespace

FileDownload::FileDownload(HttpTransport *transport, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
{}

FileDownload::~FileDownload()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    // m_file, never committed, takes its temporary file with it.
}

bool FileDownload::start(const QString &pathAndQuery,
                         const QString &filePath,
                         const QByteArray &accept)
{
    if (m_reply)
        return false;
    m_path = filePath;
    m_bytes = 0;
    m_total = -1;
    m_lines = 0;
    m_inQuotes = false;
    m_cancelled = false;
    m_status = 0;
    m_errorBody.clear();
    m_problem.clear();
    m_networkError.clear();
    m_fileError.clear();
    m_file = std::make_unique<QSaveFile>(filePath);
    if (!m_file->open(QIODevice::WriteOnly)) {
        m_fileError = m_file->errorString();
        m_file.reset();
        return false;
    }
    m_reply = m_transport->get(pathAndQuery, accept);
    m_reply->setReadBufferSize(kReadBuffer);
    connect(m_reply, &QNetworkReply::readyRead, this, &FileDownload::drain);
    connect(m_reply, &QNetworkReply::finished, this, &FileDownload::finish);
    connect(m_reply, &QNetworkReply::downloadProgress, this, [this](qint64, qint64 total) {
        m_total = total > 0 ? total : -1;
    });
    return true;
}

void FileDownload::cancel()
{
    if (!m_reply)
        return;
    m_cancelled = true;
    m_reply->abort(); // finished() follows at once
}

void FileDownload::count(const char *data, qint64 size)
{
    // A line break inside a quoted field is part of the record (RFC 4180); a doubled quote
    // flips the state twice.
    for (qint64 i = 0; i < size; ++i) {
        if (data[i] == '"')
            m_inQuotes = !m_inQuotes;
        else if (data[i] == '\n' && !m_inQuotes)
            ++m_lines;
    }
}

void FileDownload::drain()
{
    if (!m_reply || !m_file || m_cancelled || !m_fileError.isEmpty())
        return;
    m_status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_status != 0 && (m_status < 200 || m_status >= 300)) {
        // A refusal's problem+json: kept (bounded) to say why, never written to the file.
        const QByteArray bytes = m_reply->readAll();
        if (m_errorBody.size() < kMaxErrorBody)
            m_errorBody += bytes.left(kMaxErrorBody - m_errorBody.size());
        return;
    }
    char chunk[kChunk];
    qint64 got = 0;
    while ((got = m_reply->read(chunk, kChunk)) > 0) {
        if (m_file->write(chunk, got) != got) {
            m_fileError = m_file->errorString();
            m_reply->abort();
            return;
        }
        m_bytes += got;
        count(chunk, got);
    }
    Q_EMIT progressed(m_bytes, m_total, m_lines);
}

void FileDownload::finish()
{
    drain();
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->deleteLater();
    m_status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    Outcome outcome = Outcome::Saved;
    if (m_cancelled) {
        outcome = Outcome::Cancelled;
    } else if (!m_fileError.isEmpty()) {
        outcome = Outcome::CannotWrite;
    } else if (m_status != 0 && (m_status < 200 || m_status >= 300)) {
        outcome = Outcome::Refused;
        const QJsonObject problem = QJsonDocument::fromJson(m_errorBody).object();
        m_problem = problem.value(u"detail").toString(problem.value(u"title").toString());
    } else if (reply->error() != QNetworkReply::NoError) {
        // No status: nothing came back. A status: the answer began, then broke off (a server
        // that fails part way ends the stream without its last chunk).
        outcome = m_status == 0 ? Outcome::Unreachable : Outcome::CutShort;
        m_networkError = reply->errorString();
    }
    if (outcome == Outcome::Saved) {
        if (!m_file->commit()) {
            m_fileError = m_file->errorString();
            outcome = Outcome::CannotWrite;
        }
    } else {
        m_file->cancelWriting();
    }
    m_file.reset(); // uncommitted: its temporary file is removed
    Q_EMIT progressed(m_bytes, m_total, m_lines);
    Q_EMIT finished(outcome);
}

} // namespace boxoffice::client
