// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

#include <functional>

class QComboBox;

namespace boxoffice::app {

/// Fills `box` with the events of a GET /events?include=all answer that are not cancelled
/// ("Title (2030-06-01)", the id as item data) and selects `currentId` if it is among them (else
/// the first); how many it added. The map tabs' event pickers.
int fillEventChoices(QComboBox *box, const QJsonObject &listing, const QString &currentId);

/// The zone an event's times are shown in: its own, else its venue's (IANA; empty: UTC).
QString eventZone(const QJsonObject &event);
/// When an event starts, short, on its venue's clock.
QString eventStart(const QJsonObject &event);

/// Refills `box`, its signals quiet, with every event of a GET /events answer (cancelled ones
/// too), each as `label(event)` with the id as item data and the whole event at
/// Qt::UserRole + 1; selects `currentId` if it is among them, else the first. The dashboard's
/// and the reports' pickers.
void refillEventPicker(QComboBox *box,
                       const QJsonObject &listing,
                       const QString &currentId,
                       const std::function<QString(const QJsonObject &)> &label);

} // namespace boxoffice::app
