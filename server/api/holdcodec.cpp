// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdcodec.h"

#include "storedanswer.h"
#include "wireanswer.h"

namespace boxoffice::server::api {

using domain::Hold;

QJsonObject holdJson(const Hold &hold)
{
    return hold.toJson();
}

Hold holdFromJson(const QJsonObject &json)
{
    Hold hold;
    static_cast<protocol::Hold &>(hold) = readStoredWire(protocol::Hold::fromJson(json));
    hold.storedStatus = hold.status;
    return hold;
}

domain::AnswerCodec<Hold> holdCodec()
{
    auto codec = jsonAnswerCodec<Hold>(201, holdJson, holdFromJson);
    codec.decode = [](const domain::StoredAnswerText &stored) {
        Hold hold = holdFromJson(storedObject(stored));
        if (stored.readAt.isValid())
            hold.remainingMs = stored.readAt.msecsTo(hold.expiresAt);
        return hold;
    };
    return codec;
}

} // namespace boxoffice::server::api
