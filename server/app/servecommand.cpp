// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"
#include "databasetarget.h"

#include "api/holdcodec.h"
#include "api/invoicecodec.h"
#include "api/saleops.h"
#include "db/database.h"
#include "db/migrator.h"
#include "domain/accountdata.h"
#include "domain/accountlinks.h"
#include "domain/auditlog.h"
#include "domain/catalogservice.h"
#include "domain/countersales.h"
#include "domain/countertickets.h"
#include "domain/eventadmin.h"
#include "domain/holdbacks.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "domain/invoices.h"
#include "domain/loginguard.h"
#include "domain/moneyreports.h"
#include "domain/orderservice.h"
#include "domain/paymentservice.h"
#include "domain/pricing.h"
#include "domain/queueservice.h"
#include "domain/salesdashboard.h"
#include "domain/seatmapcache.h"
#include "domain/sessionrevocations.h"
#include "domain/shifts.h"
#include "domain/staff.h"
#include "domain/staffaccess.h"
#include "domain/ticketpdfservice.h"
#include "domain/ticketscanservice.h"
#include "domain/tickettransfers.h"
#include "domain/transactionlog.h"
#include "domain/userservice.h"
#include "domain/vouchers.h"
#include "domain/waitinglist.h"
#include "http/apiserver.h"
#include "http/authenticator.h"
#include "http/boundedpool.h"
#include "http/services.h"
#include "http/tlsconfig.h"
#include "http/webshop.h"
#include "mail/mailworker.h"
#include "mailsetup.h"
#include "metrics/registry.h"
#include "payments/sandboxprovider.h"
#include "periodicjob.h"
#include "realtime.h"
#include "redis/redispool.h"
#include "redisconnection.h"
#include "routes.h"
#include "servelog.h"
#include "signalwatcher.h"
#include "systemdnotify.h"
#include "ticketkeyring.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QTextStream>
#include <QThreadPool>

namespace boxoffice::server {

Q_LOGGING_CATEGORY(lcServe, "boxoffice.serve")

namespace {

// Waits (on the event loop, so finished futures still get their responses written) until the
// worker pool is idle or `timeoutMs` passed.
void drain(QThreadPool *workers, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (workers->activeThreadCount() == 0)
            break;
    }
    // Let the last responses reach their sockets.
    for (int i = 0; i < 10; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

// Where to listen, from --listen and the TLS files; false after saying why on stderr.
bool listenTarget(const Config &config,
                  QHostAddress *address,
                  quint16 *port,
                  std::optional<QSslConfiguration> *tls)
{
    if (!config.tlsCert.isEmpty() || !config.tlsKey.isEmpty()) {
        QString tlsError;
        *tls = http::loadTlsConfiguration(config.tlsCert, config.tlsKey, &tlsError);
        if (!*tls) {
            QTextStream(stderr) << "boxoffice-server: " << tlsError << "\n";
            return false;
        }
    }
    QString host;
    config.listenAddress(&host, port);
    *address = QHostAddress(host == u"localhost" ? QStringLiteral("127.0.0.1") : host);
    if (address->isNull()) {
        QTextStream(stderr) << "boxoffice-server: --listen needs an IP address, got " << host
                            << "\n";
        return false;
    }
    return true;
}

// The key access tokens are signed with: the configured private key, else the HMAC secret
// (generated into the data directory when none is configured).
std::optional<auth::JwtSigner> tokenSigner(Config &config)
{
    QString error;
    config.ensureJwtSecret(&error);
    std::optional<auth::JwtSigner> signer;
    if (!config.jwtPrivateKeyPem.isEmpty())
        signer = auth::JwtSigner::fromPrivateKeyPem(config.jwtPrivateKeyPem, &error);
    else if (!config.jwt.hmacSecret.isEmpty())
        signer = auth::JwtSigner::hs256(config.jwt.hmacSecret);
    if (!signer)
        QTextStream(stderr) << "boxoffice-server: no token signing key: " << error << "\n";
    return signer;
}

// The provider's hosted payment page, where a fan's browser goes to pay.
QUrl hostedPaymentPage(QUrl page)
{
    static const QRegularExpression trailingSlashes(QStringLiteral("/+$"));
    page.setPath(page.path().remove(trailingSlashes) + QStringLiteral("/pay"));
    return page;
}

// scheme://host:port of `url`: where the shop's forms may post (its content security policy).
QByteArray origin(const QUrl &url)
{
    return url
        .adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
        .toString(QUrl::FullyEncoded)
        .toUtf8();
}

// Tickets by mail: a worker drains the outbox the paid transactions fill (docs/tickets.md),
// when mail is configured; null (and a warning that says why) when it is not.
std::unique_ptr<mail::MailWorker> mailWorkerFor(const MailSetup &setup,
                                                db::Database &database,
                                                domain::TicketPdfService &ticketPdfs,
                                                domain::Invoices &invoices)
{
    if (!setup.enabled) {
        qCWarning(lcServe) << "mail:" << setup.problem;
        return nullptr;
    }
    return std::make_unique<mail::MailWorker>(
        database,
        mail::SmtpSender(setup.smtp),
        setup.worker,
        [&ticketPdfs](const QString &orderId, const QString &language) {
            // The same PDF the fan downloads.
            return ticketPdfs.pdf({QStringLiteral("mailer"), auth::Role::Admin}, orderId, language);
        },
        [&invoices](const QString &orderId, qint64 number, const QString &language) {
            // The same document the buyer downloads from the order.
            mail::InvoiceDocument out;
            const auto issued = invoices.forOrder({QStringLiteral("mailer"), auth::Role::Admin},
                                                  orderId);
            for (const db::Invoice &invoice : issued ? *issued : QList<db::Invoice>()) {
                if (invoice.number != number)
                    continue;
                out.number = api::invoiceNumber(invoice.organiser, invoice.number);
                if (invoice.refersTo > 0)
                    out.cancels = api::invoiceNumber(invoice.organiser, invoice.refersTo);
                out.company = invoice.billing.company;
                out.pdf = core::StatementPdf::write(
                    api::invoiceStatement(invoice, invoices.seller(), language));
            }
            return out;
        });
}

} // namespace

int runServe(Config config)
{
    installLogFormat(config.realtime.logFormat);
    std::optional<QSslConfiguration> tls;
    QHostAddress address;
    quint16 port = 0;
    if (!listenTarget(config, &address, &port, &tls))
        return 2;

    DatabaseTarget target(config);
    if (!target.open())
        return 1;
    try {
        for (const QString &name : db::Migrator(target.url()).migrate())
            qCInfo(lcServe) << "applied migration" << name;
    } catch (const std::exception &error) {
        QTextStream(stderr) << "boxoffice-server: migrate failed: " << error.what() << "\n";
        return 1;
    }

    const std::optional<auth::JwtSigner> signer = tokenSigner(config);
    if (!signer)
        return 1;
    const auth::JwtVerifier verifier(config.jwt);
    for (const QString &problem : verifier.configErrors())
        qCWarning(lcServe) << "JWT key ignored:" << problem;

    db::Database database(target.url(), config.dbPoolSize);
    // Search reads may go to a standby: seconds behind at most, and off the primary's back.
    std::unique_ptr<db::Database> standby;
    if (const QString readUrl = qEnvironmentVariable("BOXOFFICE_DATABASE_READ_URL");
        !readUrl.isEmpty())
        standby = std::make_unique<db::Database>(readUrl.toStdString(),
                                                 std::max(2, config.dbPoolSize / 4));
    http::Authenticator authenticator(verifier);
    // Staff tokens: their account is read per request (a disable counts at once, everywhere).
    const domain::StaffAccess staffAccess(target.url());
    authenticator.setStaffAccess(&staffAccess);
    const domain::LinkSettings linkSettings = domain::LinkSettings::fromEnvironment();
    domain::UserService users(database,
                              *signer,
                              {config.jwt.issuer, config.jwt.audience, config.tokenTtlSeconds},
                              linkSettings);
    // Fans' tokens that a password reset ended: known before the first request is served.
    domain::SessionRevocations revocations(database);
    revocations.refresh();
    authenticator.setSessionRevocations(&revocations);
    domain::AccountLinks accountLinks(database, users, revocations, linkSettings);
    // An erased name stays refused as long as a token issued to it could live (and its leeway).
    domain::AccountData accountData(database, revocations, config.tokenTtlSeconds + 120);
    domain::HoldService holds(database, api::holdCodec());
    domain::CatalogService catalog(database, config.holdSeconds, config.defaultTimeZone);
    domain::SeatmapCache seatmaps(database);

    // Redis: the configured one, or a private redis-server next to the private PostgreSQL.
    const domain::QueueConfig queueConfig = domain::QueueConfig::fromEnvironment();
    RedisConnection redis;
    if (const int failed = redis.open(config,
                                      queueConfig.redisTimeoutMs,
                                      queueConfig.redisDownAfterMs))
        return failed;
    redis::RedisPool &redisPool = redis.pool();
    domain::QueueService queue(database,
                               redisPool,
                               {*signer, config.jwt.issuer, config.jwt.audience},
                               queueConfig);
    domain::HoldGate holdGate(holds, queue, redisPool);
    queue.registerMetrics();
    holdGate.registerMetrics();
    // Sign-in: limits and lockouts in Redis, scrypt on a small bounded pool of its own.
    domain::LoginGuard loginGuard(redisPool, domain::LoginGuard::Options::fromEnvironment());
    loginGuard.registerMetrics();
    const auto [passwordThreads, passwordQueue] = http::BoundedPool::passwordPoolSize();
    http::BoundedPool passwordPool(QStringLiteral("password-hashing"),
                                   passwordThreads,
                                   passwordQueue);
    // Orders and payments.
    if (config.paymentWebhookSecret.isEmpty())
        qCWarning(lcServe) << "BOXOFFICE_PAYMENT_WEBHOOK_SECRET is empty: every webhook is refused";
    const QUrl paymentUrl(config.paymentUrl.isEmpty() ? QStringLiteral("http://127.0.0.1:8081")
                                                      : config.paymentUrl);
    payments::SandboxProvider provider({paymentUrl, config.paymentApiKey, config.paymentTimeoutMs});
    // Browsers reach the provider's hosted page at its public address.
    const QUrl paymentPage(config.paymentPageUrl.isEmpty() ? paymentUrl
                                                           : QUrl(config.paymentPageUrl));
    // Ticket codes: Ed25519 keys from the database, their private halves sealed (tickets.md).
    QString error;
    const QByteArray ticketWrapping = TicketKeyring::wrappingKey(config, &error);
    if (ticketWrapping.isEmpty()) {
        QTextStream(stderr) << "boxoffice-server: " << error << "\n";
        return 1;
    }
    TicketKeyring ticketKeyring(database, ticketWrapping);
    std::optional<domain::TicketCodes> ticketCodesHolder;
    try {
        ticketKeyring.ensureKey();
        ticketCodesHolder.emplace([&ticketKeyring] { return ticketKeyring.load(); },
                                  TicketKeyring::legacySecret(config));
    } catch (const std::exception &e) {
        QTextStream(stderr) << "boxoffice-server: ticket keys: " << e.what() << "\n";
        return 1;
    }
    const domain::TicketCodes &ticketCodes = *ticketCodesHolder;
    // A paid order (online or at the counter) frees its buyer's place in the waiting room.
    const domain::Fulfilment fulfilment(ticketCodes,
                                        [&queue](const QString &eventId, const QString &owner) {
                                            queue.leave(eventId, owner);
                                        });
    domain::OrderService orders(database,
                                provider,
                                QStringLiteral("sandbox"),
                                config.paymentWindowSeconds);
    orders.setPaymentPage(hostedPaymentPage(paymentPage));
    domain::PaymentService paymentService(database,
                                          provider,
                                          fulfilment,
                                          orders,
                                          payments::WebhookVerifier(config.paymentWebhookSecret),
                                          config.reconcileAfterSeconds);
    domain::CounterSales counterSales(database, fulfilment);
    domain::EventAdmin eventAdmin(database, fulfilment);
    domain::SalesDashboard dashboard(database, queue);
    domain::CounterTickets counterTickets(database, fulfilment);
    domain::Shifts shifts(database);
    domain::TicketScanService ticketScans(database, ticketCodes);
    domain::TicketTransfers transfers(database, ticketCodes, linkSettings);
    domain::WaitingList waitingList(database);
    domain::Holdbacks holdbacks(database);
    domain::TicketPdfService ticketPdfs(database, orders, catalog);
    domain::StaffService staff(database);
    domain::AuditLog audit(database);
    domain::TransactionLog transactions(database);
    domain::Pricing pricing(database);
    domain::Vouchers vouchers(database);
    domain::Invoices invoices(database, config.seller);
    domain::MoneyReports reports(database);
    // Exports hold a connection each while the client reads: two at once, two more waiting.
    http::BoundedPool exportPool(QStringLiteral("exports"), 2, 4);
    const MailSetup mailSetup = MailSetup::fromEnvironment(config);
    const std::unique_ptr<mail::MailWorker> mailWorker = mailWorkerFor(mailSetup,
                                                                       database,
                                                                       ticketPdfs,
                                                                       invoices);

    // Behind a proxy that speaks TLS to the browsers (BOXOFFICE_PUBLIC_URL is https), the session
    // cookie is Secure as much as with the server's own TLS.
    const bool publicHttps = mailSetup.worker.publicUrl.startsWith(u"https://", Qt::CaseInsensitive);
    // Holds, orders and the queue, as REST and the WebSocket both call them.
    api::SaleOps sales({.holdGate = holdGate,
                        .holds = holds,
                        .orders = orders,
                        .counterSales = counterSales,
                        .queue = queue,
                        .tokens = authenticator.tokens()});
    http::Services services{.database = database,
                            .readDatabase = standby ? *standby : database,
                            .authenticator = authenticator,
                            .users = users,
                            .accountLinks = accountLinks,
                            .accountData = accountData,
                            .loginGuard = loginGuard,
                            .passwordPool = passwordPool,
                            .catalog = catalog,
                            .eventAdmin = eventAdmin,
                            .dashboard = dashboard,
                            .seatmaps = seatmaps,
                            .holdGate = holdGate,
                            .holds = holds,
                            .queue = queue,
                            .orders = orders,
                            .sales = sales,
                            .payments = paymentService,
                            .counterSales = counterSales,
                            .counterTickets = counterTickets,
                            .shifts = shifts,
                            .ticketScans = ticketScans,
                            .transfers = transfers,
                            .waitingList = waitingList,
                            .holdbacks = holdbacks,
                            .staff = staff,
                            .audit = audit,
                            .transactions = transactions,
                            .reports = reports,
                            .exportPool = exportPool,
                            .pricing = pricing,
                            .vouchers = vouchers,
                            .invoices = invoices,
                            .mailEnabled = mailSetup.enabled,
                            .mailProblem = mailSetup.problem,
                            .secureCookies = tls.has_value() || publicHttps};
    http::ApiServer api(database.workers(), config.bodyLimit);
    const http::WebShop shop(config.webDir, origin(paymentPage));
    if (!shop.isInstalled())
        qCWarning(lcServe) << "no web shop in" << shop.root() << "(see --web-dir)";
    api.setWebShop(&shop);
    registerRoutes(api, services, ticketPdfs);
    // Realtime serves /metrics (the registry plus HoldService's counts).
    Realtime realtime(api, services, target.url(), config.realtime);
    api.setSocketSendBuffer(config.realtime.socketSendBuffer);

    const quint16 bound = api.listen(address, port, tls);
    if (bound == 0) {
        QTextStream(stderr) << "boxoffice-server: cannot listen on " << config.listen << "\n";
        return 1;
    }
    {
        QTextStream out(stdout);
        out << "listening on " << (tls ? "https" : "http") << "://" << address.toString() << ':'
            << bound << Qt::endl;
    }
    notifyReady();

    // The sweeper only helps the seat map catch up; holds expire logically without it.
    PeriodicJob sweeper(QStringLiteral("sweeper"), [&holds] { holds.sweep(); });
    sweeper.start(config.sweepIntervalMs);
    // Waiting lists: every instance runs, each event's run under a database lock (one at a
    // time), on the sweeper's interval: seats that came back are offered to the next fans.
    PeriodicJob waitingOffers(QStringLiteral("waiting-list"),
                              [&waitingList] { waitingList.runOffers(); });
    waitingOffers.start(config.sweepIntervalMs);
    // The admitter: every instance ticks, the lease holder of each event admits.
    PeriodicJob admitter(QStringLiteral("admitter"), [&queue] { queue.tick(); });
    admitter.start(queueConfig.admitTickMs);
    // Redis' health without traffic: a PING while it is down (it is back at the first answer)
    // or while calls time out unanswered (an answer ends the doubt, more silence makes it down).
    PeriodicJob redisHealth(QStringLiteral("redis-health"), [&redisPool] {
        if (!redisPool.isUp() || redisPool.isSlow())
            redisPool.probe();
    });
    redisHealth.start(250);
    // Reconciler and compensation worker: leaders by advisory lock, provider calls outside
    // transactions.
    PeriodicJob reconciler(QStringLiteral("reconciler"), [&] {
        paymentService.compensate();
        paymentService.reconcile();
        ticketCodes.reload(); // a rotation by `rotate-ticket-key` signs from now on
        metrics::Registry::instance()
            .gauge(QStringLiteral("boxoffice_compensations_pending"), {})
            .set(double(paymentService.pendingCompensations()));
    });
    reconciler.start(config.reconcileIntervalMs);
    // Password resets made through the other servers (this one's count at once).
    PeriodicJob sessionResets(QStringLiteral("session-resets"),
                              [&revocations] { revocations.refresh(); });
    sessionResets.start(2000);
    // Mail goes out one run at a time, never on a request's thread.
    PeriodicJob mailer(QStringLiteral("mailer"), [&mailWorker] { mailWorker->runOnce(); });
    if (mailWorker)
        mailer.start(mailSetup.pollMs);

    SignalWatcher signals;
    QObject::connect(&signals, &SignalWatcher::terminationRequested, [&](int signal) {
        qCInfo(lcServe) << "signal" << signal << "- shutting down";
        notifyStopping();
        api.stopListening();
        realtime.stop();
        sweeper.stop();
        waitingOffers.stop();
        admitter.stop();
        reconciler.stop();
        mailer.stop();
        sessionResets.stop();
        drain(database.workers(), 10000);
        QCoreApplication::quit();
    });
    const int status = QCoreApplication::exec();
    QThreadPool::globalInstance()->waitForDone(10000);
    database.workers()->waitForDone(10000);
    queue.stop();
    redis.stop();
    return status;
}

} // namespace boxoffice::server
