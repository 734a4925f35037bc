// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/shiftreport.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// POST /shifts `{"float_cents", "drawer"?}`; throws Error(BadRequest).
domain::OpenShift parseOpenShift(const QJsonObject &body);
/// POST /shifts/{id}/close `{"counted_cents"}`; throws Error(BadRequest).
qint64 parseCountedCents(const QJsonObject &body);
/// An X or Z report as API.md shows it (`kind`, `by_method`, `drawer` when the report has one).
QJsonObject shiftReportJson(const domain::ShiftReport &report);

} // namespace boxoffice::server::api
