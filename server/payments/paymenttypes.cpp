// SPDX-License-Identifier: GPL-3.0-or-later
#include "payments/paymenttypes.h"

#include <array>

namespace boxoffice::server::payments {

namespace {
struct StatusName
{
    IntentStatus status;
    const char *name;
};
constexpr std::array kStatusNames{
    StatusName{IntentStatus::RequiresConfirmation, "requires_confirmation"},
    StatusName{IntentStatus::Processing, "processing"},
    StatusName{IntentStatus::Succeeded, "succeeded"},
    StatusName{IntentStatus::Failed, "failed"},
};
} // namespace

QString intentStatusName(IntentStatus status)
{
    for (const auto &entry : kStatusNames) {
        if (entry.status == status)
            return QString::fromLatin1(entry.name);
    }
    return {};
}

bool parseIntentStatus(const QString &name, IntentStatus *status)
{
    for (const auto &entry : kStatusNames) {
        if (name == QLatin1String(entry.name)) {
            *status = entry.status;
            return true;
        }
    }
    return false;
}

} // namespace boxoffice::server::payments
