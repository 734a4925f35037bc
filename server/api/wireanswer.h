// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/error.h"

#include <core/protocol/parsed.h>

namespace boxoffice::server::api {

/// The wire value of an answer this server stored itself (a replay): one it cannot read back
/// means the store holds something else, so the request is refused as unavailable (503) rather
/// than answered with half a value.
template<typename T>
T readStoredWire(const protocol::Parsed<T> &parsed)
{
    if (!parsed)
        throw domain::Error(domain::ErrorCode::Unavailable,
                            QStringLiteral("a stored answer could not be read back (%1)")
                                .arg(parsed.error()));
    return *parsed;
}

} // namespace boxoffice::server::api
