// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace boxoffice::server::embedded {

/// A TCP port on 127.0.0.1 that nothing listens on now (0 when none could be found), for an
/// embedded PostgreSQL or Redis to listen on.
quint16 freeLoopbackPort();

} // namespace boxoffice::server::embedded
