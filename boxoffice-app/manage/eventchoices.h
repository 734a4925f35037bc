// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

class QComboBox;

namespace boxoffice::app {

/// Fills `box` with the events of a GET /events?include=all answer that are not cancelled
/// ("Title (2030-06-01)", the id as item data) and selects `currentId` if it is among them (else
/// the first); how many it added. The map tabs' event pickers.
int fillEventChoices(QComboBox *box, const QJsonObject &listing, const QString &currentId);

} // namespace boxoffice::app
