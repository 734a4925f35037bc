// SPDX-License-Identifier: GPL-3.0-or-later
#include "problemanswer.h"

#include "problem.h"

namespace boxoffice::server::api {

domain::Response problemAnswer(const domain::Error &error)
{
    Problem answer = problem(error);
    return domain::Response{answer.status, std::move(answer.body)};
}

} // namespace boxoffice::server::api
