// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/userservice.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// `{"sub","role","email","name","locale"}` (the last three null for accounts without them).
QJsonObject profileJson(const domain::Profile &profile);
/// The sign-in answer: the profile plus `access_token`, `token_type` and `expires_in`.
QJsonObject accessTokenJson(const domain::AccessToken &token);

} // namespace boxoffice::server::api
