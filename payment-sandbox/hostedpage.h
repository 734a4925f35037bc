// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pagetext.h"

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QUrlQuery>

class QHttpServer;

namespace boxoffice::sandbox {

class SandboxApi;
class SandboxStore;
struct IntentRecord;

/// The hosted payment page, like a real provider's checkout: GET /pay/{intent}?client_secret=
/// &return_url= shows a card form (plain HTML, no script) with the test cards; POSTing it
/// confirms the intent as the API's confirm does (so webhooks flow as usual) and sends the buyer
/// back with 303 to return_url?order_id=... A wrong secret is 404. English or Spanish by
/// Accept-Language (or ?lang=).
class HostedPage
{
public:
    HostedPage(SandboxStore *store, SandboxApi *api);

    void registerRoutes(QHttpServer &server);

private:
    /// What a request to the page says, GET query or POST form alike.
    struct Visit
    {
        QString intentId;
        QString secret;
        QString returnUrl; ///< checked against the intent's; empty: none
        QString language;
        bool returnMismatch = false;
    };

    Visit visit(const QString &id, const QUrlQuery &fields, const QHttpServerRequest &request) const;
    QHttpServerResponse show(const QString &id, const QHttpServerRequest &request);
    QHttpServerResponse pay(const QString &id, const QHttpServerRequest &request);

    /// The page for the intent's current state (the form while it can be paid).
    QHttpServerResponse stateOf(const Visit &visit, const IntentRecord &intent, bool invalidCard);
    QHttpServerResponse form(const Visit &visit, const IntentRecord &intent, bool invalidCard);
    QHttpServerResponse message(const Visit &visit,
                                int status,
                                PageText::Key heading,
                                PageText::Key text,
                                const QString &backUrl);
    QHttpServerResponse page(const Visit &visit,
                             int status,
                             const QString &title,
                             const QString &main);

    SandboxStore *m_store;
    SandboxApi *m_api;
};

} // namespace boxoffice::sandbox
