// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/tickettransfers.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// A pending transfer: {"ticket_id","email","created_at","expires_at","status":"pending"}.
QJsonObject pendingTransferJson(const domain::PendingTransfer &transfer);
/// What a link offers: {"ticket_id","event_title","starts_at","from","place":{...}}.
QJsonObject transferOfferJson(const domain::TransferOffer &offer);
/// An accepted transfer: {"ticket_id","event_id","code","version","status":"accepted"}.
QJsonObject acceptedTransferJson(const domain::AcceptedTransfer &accepted);
/// GET /me/transfers: {"offered":[...],"received":[...]}.
QJsonObject myTransfersJson(const domain::MyTransfers &mine);

} // namespace boxoffice::server::api
