// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outbox/outboxrelay.h"
#include "ws/wsoptions.h"

#include <QCommandLineParser>
#include <QString>

namespace boxoffice::server {

/// Settings of the relay, the WebSocket endpoint and logging (flag > environment > default).
struct RealtimeConfig
{
    QString logFormat = QStringLiteral("text"); ///< text or json
    outbox::RelayOptions relay;
    ws::WsOptions ws;
    bool relayEnabled = true;
    int socketSendBuffer = 0; ///< SO_SNDBUF for accepted sockets; 0: system default

    static void addOptions(QCommandLineParser &parser);
    static RealtimeConfig load(const QCommandLineParser &parser, QString *error);
};

/// With "json", every log message becomes one JSON object per line on stderr.
void installLogFormat(const QString &format);

} // namespace boxoffice::server
