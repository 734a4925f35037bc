// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sandboxrecords.h"

#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <utility>

namespace boxoffice::sandbox {

/// Records to write together: all of them reach the disk or none.
struct StateBatch
{
    QList<const IntentRecord *> intents;
    QList<const RefundRecord *> refunds;
    QList<std::pair<QString, const IdempotencyRecord *>> keys; ///< scoped key, record
    QList<std::pair<qint64, const EventRecord *>> events;      ///< creation order, record

    bool isEmpty() const
    {
        return intents.isEmpty() && refunds.isEmpty() && keys.isEmpty() && events.isEmpty();
    }
};

/// Where read() hands over each stored record (events in creation order).
struct StateReader
{
    std::function<void(IntentRecord &&)> intent;
    std::function<void(RefundRecord &&)> refund;
    std::function<void(const QString &scopedKey, IdempotencyRecord &&)> key;
    std::function<void(EventRecord &&)> event;
};

/// The sandbox's state on disk: an SQLite database in WAL mode, one row per record, each write
/// one transaction synced before it returns. SQLite's commit is atomic, so a process killed at
/// any point leaves every committed write and none of a half-done one.
class StateDatabase
{
public:
    explicit StateDatabase(QString path);
    ~StateDatabase();
    StateDatabase(const StateDatabase &) = delete;
    StateDatabase &operator=(const StateDatabase &) = delete;

    /// Opens or creates the database, locked for this process alone; false with `error`.
    bool open(QString *error);
    /// Hands every stored record to `reader`; false with `error`.
    bool read(const StateReader &reader, QString *error) const;
    /// Writes `batch` in one transaction; true once it is on disk.
    bool write(const StateBatch &batch, QString *error);
    /// Ends WAL mode so the file stands alone (a migrated file before its rename).
    bool closeStandalone(QString *error);

    /// True when `path` starts like an SQLite database (an empty file counts as one).
    static bool isDatabaseFile(const QString &path);

private:
    struct Connection;
    QString m_path;
    std::unique_ptr<Connection> m_connection;
};

} // namespace boxoffice::sandbox
