// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/staff.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// POST /staff's body; 400 `bad_request` naming the `field` for a missing or mistyped member or
/// an unknown one (the rules on values are the service's: 422 `invalid_field`).
domain::NewStaff parseNewStaff(const QJsonObject &body);
/// PATCH /staff/{id}'s body: any of `disabled`, `role`, `password`; 400 like parseNewStaff.
domain::StaffPatch parseStaffPatch(const QJsonObject &body);

/// `{"id","username","role","disabled","created_at","last_sign_in_at"}` (never a password).
QJsonObject staffJson(const domain::StaffMember &member);
/// `{"items":[staffJson...]}`.
QJsonObject staffListJson(const QList<domain::StaffMember> &members);
/// `{"items":[{"username","at","address"}]}`.
QJsonObject signInsJson(const QList<domain::StaffSignIn> &signIns);

} // namespace boxoffice::server::api
