// SPDX-License-Identifier: GPL-3.0-or-later
#include "loopbackport.h"

#include <QTcpServer>

namespace boxoffice::server::embedded {

quint16 freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

} // namespace boxoffice::server::embedded
