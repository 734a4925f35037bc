// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dbfwd.h"
#include "error.h"
#include "result.h"

#include <QByteArray>
#include <QDateTime>

#include <functional>
#include <optional>

namespace boxoffice::server::domain {

/// A first answer as the idempotency store keeps it: the HTTP status and the JSON text of the
/// body (a problem for a refusal).
struct StoredAnswerText
{
    int status = 200;
    QByteArray body;
    /// A replay: the database's clock when the answer was read (null for a fresh answer), so
    /// that a decoded answer can tell how much of its time is left by the database's clock.
    QDateTime readAt;
};

/// How an operation's typed answer is kept and replayed, supplied by the api layer so that domain
/// stores bytes and never writes JSON: `encode` a T (with its status), `decode` it back from what
/// `encode` wrote, and the same for an Error as a problem. decode(encode(x)) must encode to the
/// same bytes again: replays answer byte for byte what the first request got.
template<class T>
struct AnswerCodec
{
    std::function<StoredAnswerText(const T &)> encode;
    std::function<T(const StoredAnswerText &)> decode;
    std::function<StoredAnswerText(const Error &)> encodeError;
    std::function<Error(const StoredAnswerText &)> decodeError;
};

/// Runs an operation at most once per (owner, operation, key): the first answer (success or
/// rule error) is stored with a hash of the request and replayed for the same request; the same
/// key with another request is 409 `idempotency_conflict`. Used by holds, orders and the
/// counter's sales, refunds and exchanges.
class Idempotency
{
public:
    explicit Idempotency(db::Database &database)
        : m_database(database)
    {}

    /// Keys are 1-255 printable ASCII characters; throws Error(BadRequest) otherwise.
    static void validateKey(const QString &key);
    /// Runs `work` once per key: it answers a T or throws Error (rolling back); a key's first answer is
    /// stored through `codec` and decoded again for a replay. `requestFingerprint` is the
    /// canonical text of the request (its SHA-256 tells a replay from a conflict).
    template<class T>
    Result<T> run(const QString &owner,
                  const QString &operation,
                  const std::optional<QString> &key,
                  const QByteArray &requestFingerprint,
                  const AnswerCodec<T> &codec,
                  const std::function<T(db::Tx &)> &work)
    {
        std::optional<T> fresh;
        const auto kept = runStored(
            owner,
            operation,
            key,
            requestFingerprint,
            [&](db::Tx &tx) {
                fresh = work(tx);
                return key ? codec.encode(*fresh) : StoredAnswerText{};
            },
            codec.encodeError);
        if (kept.error)
            return *kept.error;
        if (!kept.replayed)
            return std::move(*fresh);
        if (kept.answer.status >= 400)
            return codec.decodeError(kept.answer);
        return codec.decode(kept.answer);
    }

private:
    /// What runStored() kept: a fresh answer, a replayed one, or an error of this request.
    struct Kept
    {
        bool replayed = false;
        StoredAnswerText answer;
        std::optional<Error> error;
    };
    Kept runStored(const QString &owner,
                   const QString &operation,
                   const std::optional<QString> &key,
                   const QByteArray &requestFingerprint,
                   const std::function<StoredAnswerText(db::Tx &)> &work,
                   const std::function<StoredAnswerText(const Error &)> &encodeError);

    db::Database &m_database;
};

} // namespace boxoffice::server::domain
