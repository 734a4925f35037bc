// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QThread>

#include <functional>

namespace boxoffice::app {

/// One journal row: a sale (in flight until the server answered), a printed receipt, or a cash
/// movement (float, sale, refund).
struct JournalEntry
{
    qint64 id = 0;
    QString kind;  ///< "sale", "receipt", "cash"
    QString state; ///< "in_flight", "done", "failed"
    QString idempotencyKey;
    QString holdId;
    QString orderId;
    qint64 amountCents = 0;
    QJsonObject payload;
    QString createdAt;
};

class JournalWorker;

/// The local SQLite journal of the counter (QtSql, QSQLITE). All database work runs on the
/// journal's own thread; callbacks come back on the caller's thread once the row is on disk, so
/// the UI says "done" only after the journal has it.
class Journal : public QObject
{
    Q_OBJECT
public:
    /// Opens (creating if needed) the journal at `path`.
    explicit Journal(const QString &path, QObject *parent = nullptr);
    ~Journal() override;

    /// Appends `entry`; `done(id)` gets the new row id (0 when the write failed).
    void append(const JournalEntry &entry, std::function<void(qint64)> done = {});
    /// Updates state, order id and payload of row `id`.
    void update(qint64 id,
                const QString &state,
                const QString &orderId,
                const QJsonObject &payload,
                std::function<void(bool)> done = {});
    /// Every entry still in flight (e.g. after a crash).
    void inFlight(std::function<void(QList<JournalEntry>)> done);
    /// Every entry, oldest first.
    void all(std::function<void(QList<JournalEntry>)> done);
    /// Waits until every queued write is on disk (for shutdown and tests).
    void flush();

private:
    QThread m_thread;
    JournalWorker *m_worker; // lives on m_thread; deleted when it finishes
};

} // namespace boxoffice::app
