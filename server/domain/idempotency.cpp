// SPDX-License-Identifier: GPL-3.0-or-later
#include "idempotency.h"

#include "db/database.h"
#include "db/idempotencyrepository.h"

#include <QCryptographicHash>

namespace boxoffice::server::domain {

void Idempotency::validateKey(const QString &key)
{
    const bool printable = std::all_of(key.begin(), key.end(), [](QChar c) {
        return c.unicode() >= 0x20 && c.unicode() <= 0x7e;
    });
    if (key.isEmpty() || key.size() > 255 || !printable)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("Idempotency-Key must be 1-255 printable ASCII characters"));
}

Idempotency::Kept Idempotency::runStored(
    const QString &owner,
    const QString &operation,
    const std::optional<QString> &key,
    const QByteArray &requestFingerprint,
    const std::function<StoredAnswerText(db::Tx &)> &work,
    const std::function<StoredAnswerText(const Error &)> &encodeError)
{
    Kept kept;
    if (!key) {
        try {
            m_database.transact([&](db::Tx &tx) { kept.answer = work(tx); });
        } catch (const Error &error) {
            kept.error = error;
        }
        return kept;
    }
    const QByteArray hash = QCryptographicHash::hash(requestFingerprint, QCryptographicHash::Sha256)
                                .toHex();
    try {
        m_database.transact([&](db::Tx &tx) {
            kept = Kept{};
            const auto stored = db::IdempotencyRepository::claim(tx, owner, operation, *key, hash);
            if (stored && stored->requestHash != hash) {
                // Not this key's answer: nothing is stored for it.
                kept.error = Error(ErrorCode::IdempotencyConflict,
                                   QStringLiteral("this Idempotency-Key was used "
                                                  "with a different request"));
                return;
            }
            if (stored) {
                kept.replayed = true;
                kept.answer = StoredAnswerText{stored->status, stored->bodyText, stored->readAt};
                return;
            }
            kept.answer = work(tx);
            db::IdempotencyRepository::complete(tx,
                                                owner,
                                                operation,
                                                *key,
                                                kept.answer.status,
                                                kept.answer.body);
        });
    } catch (const Error &error) {
        kept = Kept{.error = error};
        const StoredAnswerText answer = encodeError(error);
        m_database.transact([&](db::Tx &tx) {
            db::IdempotencyRepository::storeIfAbsent(tx,
                                                     owner,
                                                     operation,
                                                     *key,
                                                     hash,
                                                     answer.status,
                                                     answer.body);
        });
    }
    return kept;
}

} // namespace boxoffice::server::domain
