// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QSaveFile;

namespace boxoffice::client {

class HttpTransport;

/// One GET saved to a file as its bytes arrive (a CSV export of a million rows, a PDF): nothing
/// is held in memory beyond the network's small read buffer. The bytes go to a temporary file
/// beside the chosen one, which takes its name only once the answer is whole: a cancelled,
/// refused or cut-short download leaves no file behind (and an older file of that name as it
/// was). Counts the bytes and the CSV records (line ends outside quotes) so far; the total is
/// known only when the server sends a length (an export streamed in chunks has none).
class FileDownload : public QObject
{
    Q_OBJECT
public:
    enum class Outcome {
        Saved,
        Cancelled,
        Refused,     ///< the server answered an error (status(), problemDetail())
        Unreachable, ///< no answer at all (networkError())
        CutShort,    ///< the answer began and stopped part way (networkError())
        CannotWrite, ///< the file could not be written (fileError())
    };
    Q_ENUM(Outcome)

    explicit FileDownload(HttpTransport *transport, QObject *parent = nullptr);
    ~FileDownload() override;

    /// Starts GET `pathAndQuery` (the query already encoded) into `filePath`; false (and
    /// fileError()) when the file cannot be created. One download at a time.
    bool start(const QString &pathAndQuery, const QString &filePath, const QByteArray &accept);
    /// Stops a running download; finished(Cancelled) follows, and no file is left.
    void cancel();
    bool isRunning() const { return m_reply != nullptr; }

    QString filePath() const { return m_path; }
    qint64 bytes() const { return m_bytes; }
    /// The answer's length, or -1 while the server has not said.
    qint64 total() const { return m_total; }
    /// Complete lines (CSV records, the header included) written so far.
    qint64 lines() const { return m_lines; }
    int status() const { return m_status; }
    QString problemDetail() const { return m_problem; }
    QString networkError() const { return m_networkError; }
    QString fileError() const { return m_fileError; }

Q_SIGNALS:
    void progressed(qint64 bytes, qint64 total, qint64 lines);
    void finished(boxoffice::client::FileDownload::Outcome outcome);

private:
    void drain();
    void finish();
    void count(const char *data, qint64 size);

    HttpTransport *m_transport;
    QPointer<QNetworkReply> m_reply;
    std::unique_ptr<QSaveFile> m_file;
    QString m_path;
    QByteArray m_errorBody; ///< an error answer's problem+json (small), never file bytes
    qint64 m_bytes = 0;
    qint64 m_total = -1;
    qint64 m_lines = 0;
    bool m_inQuotes = false;
    bool m_cancelled = false;
    int m_status = 0;
    QString m_problem;
    QString m_networkError;
    QString m_fileError;
};

} // namespace boxoffice::client
