// SPDX-License-Identifier: GPL-3.0-or-later
#include "journal.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QMetaObject>
#include <QPointer>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace boxoffice::app {

/// The database side of the journal; only ever touched on the journal thread.
class JournalWorker : public QObject
{
public:
    explicit JournalWorker(QString path)
        : m_path(std::move(path))
        , m_connection(QUuid::createUuid().toString())
    {}
    ~JournalWorker() override
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            if (db.isOpen())
                db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }

    QSqlDatabase db()
    {
        if (!QSqlDatabase::contains(m_connection)) {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
            db.setDatabaseName(m_path);
            if (!db.open())
                qWarning("journal: cannot open %s: %s",
                         qPrintable(m_path),
                         qPrintable(db.lastError().text()));
            QSqlQuery q(db);
            q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            q.exec(QStringLiteral("PRAGMA synchronous=FULL"));
            q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS journal ("
                                  "id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL,"
                                  " kind TEXT NOT NULL, state TEXT NOT NULL, idem_key TEXT,"
                                  " hold_id TEXT, order_id TEXT, amount_cents INTEGER NOT NULL,"
                                  " payload TEXT NOT NULL)"));
        }
        return QSqlDatabase::database(m_connection);
    }

    qint64 append(const JournalEntry &e)
    {
        QSqlQuery q(db());
        q.prepare(QStringLiteral(
            "INSERT INTO journal (created_at, kind, state, idem_key, hold_id, order_id,"
            " amount_cents, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
        q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        q.addBindValue(e.kind);
        q.addBindValue(e.state);
        q.addBindValue(e.idempotencyKey);
        q.addBindValue(e.holdId);
        q.addBindValue(e.orderId);
        q.addBindValue(e.amountCents);
        q.addBindValue(QString::fromUtf8(QJsonDocument(e.payload).toJson(QJsonDocument::Compact)));
        if (!q.exec()) {
            qWarning("journal: %s", qPrintable(q.lastError().text()));
            return 0;
        }
        return q.lastInsertId().toLongLong();
    }

    bool update(qint64 id, const QString &state, const QString &orderId, const QJsonObject &payload)
    {
        QSqlQuery q(db());
        q.prepare(QStringLiteral("UPDATE journal SET state = ?, order_id = COALESCE(NULLIF(?, ''),"
                                 " order_id), payload = ? WHERE id = ?"));
        q.addBindValue(state);
        q.addBindValue(orderId);
        q.addBindValue(QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact)));
        q.addBindValue(id);
        return q.exec() && q.numRowsAffected() == 1;
    }

    QList<JournalEntry> select(bool inFlightOnly)
    {
        QSqlQuery q(db());
        q.exec(QStringLiteral("SELECT id, kind, state, idem_key, hold_id, order_id, amount_cents,"
                              " payload, created_at FROM journal")
               + (inFlightOnly ? QStringLiteral(" WHERE state = 'in_flight'") : QString())
               + QStringLiteral(" ORDER BY id"));
        QList<JournalEntry> out;
        while (q.next())
            out.append({q.value(0).toLongLong(),
                        q.value(1).toString(),
                        q.value(2).toString(),
                        q.value(3).toString(),
                        q.value(4).toString(),
                        q.value(5).toString(),
                        q.value(6).toLongLong(),
                        QJsonDocument::fromJson(q.value(7).toString().toUtf8()).object(),
                        q.value(8).toString()});
        return out;
    }

private:
    QString m_path;
    QString m_connection;
};

Journal::Journal(const QString &path, QObject *parent)
    : QObject(parent)
    , m_worker(new JournalWorker(path))
{
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("journal"));
    m_thread.start();
}

Journal::~Journal()
{
    m_thread.quit();
    m_thread.wait();
}

// Runs `work` on the journal thread and hands its result to `done` on this object's thread.
template<typename Work, typename Done>
static void runOn(QObject *worker, QObject *receiver, Work work, Done done)
{
    QPointer<QObject> guard(receiver);
    QMetaObject::invokeMethod(worker, [guard, work = std::move(work), done = std::move(done)] {
        auto result = work();
        if (!guard)
            return;
        QMetaObject::invokeMethod(guard, [done, result] {
            if (done)
                done(result);
        });
    });
}

void Journal::append(const JournalEntry &entry, std::function<void(qint64)> done)
{
    runOn(
        m_worker, this, [w = m_worker, entry] { return w->append(entry); }, std::move(done));
}

void Journal::update(qint64 id,
                     const QString &state,
                     const QString &orderId,
                     const QJsonObject &payload,
                     std::function<void(bool)> done)
{
    runOn(
        m_worker,
        this,
        [w = m_worker, id, state, orderId, payload] {
            return w->update(id, state, orderId, payload);
        },
        std::move(done));
}

void Journal::inFlight(std::function<void(QList<JournalEntry>)> done)
{
    runOn(
        m_worker, this, [w = m_worker] { return w->select(true); }, std::move(done));
}

void Journal::all(std::function<void(QList<JournalEntry>)> done)
{
    runOn(
        m_worker, this, [w = m_worker] { return w->select(false); }, std::move(done));
}

void Journal::flush()
{
    // A blocking round trip through the worker's queue: every earlier write is done after it.
    // Only for shutdown and tests (never on a UI path that waits on the network).
    QMetaObject::invokeMethod(
        m_worker, [] {}, Qt::BlockingQueuedConnection);
}

} // namespace boxoffice::app
