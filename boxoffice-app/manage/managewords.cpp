// SPDX-License-Identifier: GPL-3.0-or-later
#include "managewords.h"

#include <client/httptransport.h>

namespace boxoffice::app {

QString ManageWords::saleState(const QString &state)
{
    if (state == u"scheduled")
        return tr("Not on sale yet");
    if (state == u"on_sale")
        return tr("On sale");
    if (state == u"paused")
        return tr("Sale paused");
    if (state == u"off_sale")
        return tr("Sale closed");
    if (state == u"cancelled")
        return tr("Cancelled");
    return tr("Unknown");
}

QString ManageWords::availability(const QString &availability)
{
    if (availability == u"sold_out")
        return tr("Sold out");
    if (availability == u"few")
        return tr("Few left");
    return tr("Available");
}

QString ManageWords::failure(const client::ApiResult &result)
{
    const QString code = result.code();
    if (result.status == 0)
        return tr("The server cannot be reached. Check the network and try again.");
    if (result.status == 401)
        return tr("Your session has ended. Sign in again.");
    if (result.status == 403)
        return tr("Your account may not change events. Ask a manager.");
    if (result.status == 404)
        return tr("This event or venue no longer exists.");
    if (result.status == 412 || result.status == 428)
        return tr("Someone else changed this event meanwhile.");
    if (code == u"event_cancelled")
        return tr("This event is cancelled: it takes no more changes.");
    if (code == u"event_has_sales")
        return tr("Seats of this event were already held or sold, so it must stay in its venue.");
    if (code == u"category_in_use")
        return tr("A price category that seats or standing areas use cannot be removed.");
    if (code == u"shift_required")
        return tr("An order was partly paid in cash at the counter: open a shift (Orders > Shift) "
                  "and cancel again.");
    if (result.status >= 500)
        return tr("The server had a problem. Try again in a moment.");
    return tr("The server did not accept this. Check the values and try again.");
}

QString ManageWords::fieldProblem(const QString &field, const QString &code)
{
    if (field == u"title")
        return tr("Enter a title.");
    if (field == u"venue_id")
        return tr("Choose a venue. An event keeps its venue once created.");
    if (field == u"starts_at")
        return tr("The start must be in the future.");
    if (field == u"on_sale_at")
        return tr("The sale must open before the event starts.");
    if (field == u"off_sale_at")
        return tr("The sale must close after it opens, and at the latest a day after the start.");
    if (field == u"doors_at")
        return tr("Doors open on the day of the event, not after it starts.");
    if (field == u"categories" || field == u"prices")
        return code == u"category_in_use"
                   ? tr("A price category that seats use cannot be removed.")
                   : tr("Each price category needs a name, a colour such as #cc0000 and a price "
                        "of 0 or more.");
    if (field == u"max_seats_per_user")
        return tr("Seats per buyer: from 1 to 1000.");
    if (field == u"max_holds_per_user")
        return tr("Baskets per buyer: from 1 to 100.");
    if (field == u"hold_seconds")
        return tr("Hold time: from 1 second to a day.");
    if (field == u"queue" || field == u"admit_per_minute" || field == u"max_active")
        return tr("The waiting room needs admissions per minute and an active cap of 1 or more.");
    if (field == u"artists")
        return tr("Artists: names separated by commas, at most 200 characters each.");
    if (field == u"currency")
        return tr("The currency is a three-letter code such as EUR.");
    return tr("This value is not accepted.");
}

} // namespace boxoffice::app
