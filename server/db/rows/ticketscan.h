// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Scans at the door as stored (db owns these rows; domain/ticketscan.h names them).

#include <QString>

namespace boxoffice::server::db {

/// A ticket as a scan sees it, with what the door screen shows about its place.
struct ScannedTicket
{
    QString id;
    QString eventId;
    QString seatId;
    QString gaId;
    QString status;
    int version = 1;
    QString section;
    QString row;
    QString number;
    QString category;    ///< the price category's name
    QString firstUsedAt; ///< empty when never admitted
    QString usedGate;
    QString usedDevice;
    QString code; ///< the code as issued (lockForScans only)
};

/// One scan as the door asked for it.
struct ScanRequest
{
    QString ticketId;
    int codeVersion = 0; ///< 0 for a legacy (HMAC) code: any version
    QString eventId;
    QString gate;
    QString direction; ///< in|out
    QString scannedAt; ///< RFC 3339; empty: now
    QString deviceId;
    bool offline = false; ///< the scanner admitted it already (journaled while offline)
};

/// A scan as it is written to the log.
struct LoggedScan
{
    ScanRequest scan;
    QString result; ///< valid|already_used|void|wrong_event|unknown|replayed
    bool flagged = false;
};

/// A revocation: codes of `ticketId` up to `version` are void.
struct Revocation
{
    QString ticketId;
    int version = 0;
};

} // namespace boxoffice::server::db
