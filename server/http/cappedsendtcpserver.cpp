// SPDX-License-Identifier: GPL-3.0-or-later
#include "cappedsendtcpserver.h"

#include <sys/socket.h>

namespace boxoffice::server::http {

void capSendBuffer(qintptr handle, int sendBufferBytes)
{
    if (sendBufferBytes > 0)
        ::setsockopt(int(handle), SOL_SOCKET, SO_SNDBUF, &sendBufferBytes, sizeof sendBufferBytes);
}

} // namespace boxoffice::server::http
