// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"
#include "databasetarget.h"

#include "db/database.h"
#include "db/migrator.h"
#include "domain/catalogservice.h"
#include "domain/countersales.h"
#include "domain/countertickets.h"
#include "domain/holdgate.h"
#include "domain/holdservice.h"
#include "domain/loginguard.h"
#include "domain/orderservice.h"
#include "domain/paymentservice.h"
#include "domain/queueservice.h"
#include "domain/shifts.h"
#include "domain/ticketpdfservice.h"
#include "domain/ticketscanservice.h"
#include "domain/userservice.h"
#include "http/apiserver.h"
#include "http/authcontroller.h"
#include "http/authenticator.h"
#include "http/boundedpool.h"
#include "http/boxofficecontroller.h"
#include "http/eventcontroller.h"
#include "http/healthcontroller.h"
#include "http/holdcontroller.h"
#include "http/ordercontroller.h"
#include "http/queuecontroller.h"
#include "http/ticketcontroller.h"
#include "http/ticketpdfcontroller.h"
#include "http/tlsconfig.h"
#include "http/venuecontroller.h"
#include "http/webshop.h"
#include "mail/mailworker.h"
#include "mailsetup.h"
#include "metrics/registry.h"
#include "payments/sandboxprovider.h"
#include "realtime.h"
#include "redis/embeddedredis.h"
#include "redis/redispool.h"
#include "redis/sentinel.h"
#include "signalwatcher.h"
#include "systemdnotify.h"
#include "ticketkeyring.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <atomic>

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

// Redis through Sentinels: the primary they name now (waiting a little for one while the
// cluster starts), followed on failover by the watcher. Null on a bad Sentinel list.
std::unique_ptr<redis::SentinelWatcher> startSentinelWatcher(const Config &config, QString *url)
{
    QString error;
    const auto addresses = redis::parseSentinels(config.redisSentinels, &error);
    if (!addresses) {
        QTextStream(stderr) << "boxoffice-server: BOXOFFICE_REDIS_SENTINELS: " << error << "\n";
        return nullptr;
    }
    auto watcher = std::make_unique<redis::SentinelWatcher>(*addresses, config.redisMaster);
    QElapsedTimer waited;
    waited.start();
    std::optional<QUrl> primary;
    while (!(primary = watcher->resolve(&error)) && waited.elapsed() < 10000)
        QThread::msleep(250);
    if (primary) {
        *url = primary->toString();
    } else {
        // Degraded like a Redis that is down: the watcher connects the pool once one is named.
        qCWarning(lcServe) << "no Sentinel names a Redis primary yet:" << error;
        *url = QStringLiteral("redis://127.0.0.1:1");
    }
    return watcher;
}

} // namespace

int runServe(Config config)
{
    installLogFormat(config.realtime.logFormat);
    std::optional<QSslConfiguration> tls;
    if (!config.tlsCert.isEmpty() || !config.tlsKey.isEmpty()) {
        QString tlsError;
        tls = http::loadTlsConfiguration(config.tlsCert, config.tlsKey, &tlsError);
        if (!tls) {
            QTextStream(stderr) << "boxoffice-server: " << tlsError << "\n";
            return 2;
        }
    }
    QString host;
    quint16 port = 0;
    config.listenAddress(&host, &port);
    const QHostAddress address(host == u"localhost" ? QStringLiteral("127.0.0.1") : host);
    if (address.isNull()) {
        QTextStream(stderr) << "boxoffice-server: --listen needs an IP address, got " << host
                            << "\n";
        return 2;
    }

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

    QString error;
    config.ensureJwtSecret(&error);
    std::optional<auth::JwtSigner> signer;
    if (!config.jwtPrivateKeyPem.isEmpty())
        signer = auth::JwtSigner::fromPrivateKeyPem(config.jwtPrivateKeyPem, &error);
    else if (!config.jwt.hmacSecret.isEmpty())
        signer = auth::JwtSigner::hs256(config.jwt.hmacSecret);
    if (!signer) {
        QTextStream(stderr) << "boxoffice-server: no token signing key: " << error << "\n";
        return 1;
    }
    const auth::JwtVerifier verifier(config.jwt);
    for (const QString &problem : verifier.configErrors())
        qCWarning(lcServe) << "JWT key ignored:" << problem;

    db::Database database(target.url(), config.dbPoolSize);
    http::Authenticator authenticator(verifier);
    domain::UserService users(database,
                              *signer,
                              {config.jwt.issuer, config.jwt.audience, config.tokenTtlSeconds});
    domain::HoldService holds(database);
    domain::CatalogService catalog(database, config.holdSeconds, config.defaultTimeZone);
    http::Services services{database, authenticator, users, holds, catalog};
    services.secureCookies = tls.has_value();
    // Search reads may go to a standby: seconds behind at most, and off the primary's back.
    std::unique_ptr<db::Database> readDatabase;
    if (const QString readUrl = qEnvironmentVariable("BOXOFFICE_DATABASE_READ_URL");
        !readUrl.isEmpty()) {
        readDatabase = std::make_unique<db::Database>(readUrl.toStdString(),
                                                      std::max(2, config.dbPoolSize / 4));
        services.readDatabase = readDatabase.get();
    }

    // Redis: the configured one, or a private redis-server next to the private PostgreSQL.
    const domain::QueueConfig queueConfig = domain::QueueConfig::fromEnvironment();
    std::unique_ptr<redis::EmbeddedRedis> embeddedRedis;
    QString redisUrl = config.redisUrl;
    std::unique_ptr<redis::SentinelWatcher> sentinels;
    if (!config.redisSentinels.isEmpty()) {
        sentinels = startSentinelWatcher(config, &redisUrl);
        if (!sentinels)
            return 2;
    } else if (redisUrl.isEmpty()) {
        embeddedRedis = std::make_unique<redis::EmbeddedRedis>(config.dataDir);
        if (!embeddedRedis->start()) {
            QTextStream(stderr) << "boxoffice-server: embedded Redis: " << embeddedRedis->error()
                                << "\n";
            return 1;
        }
        redisUrl = embeddedRedis->url();
    }
    redis::RedisPool redisPool(QUrl(redisUrl),
                               std::chrono::milliseconds(queueConfig.redisTimeoutMs));
    if (sentinels)
        sentinels->start([&redisPool](const QUrl &primary) { redisPool.setUrl(primary); });
    if (!redisPool.probe())
        qCWarning(lcServe) << "Redis is not reachable at" << redisUrl
                           << "- queue paused, holds capped until it is";
    domain::QueueService queue(database,
                               redisPool,
                               {*signer, config.jwt.issuer, config.jwt.audience},
                               queueConfig);
    domain::HoldGate holdGate(holds, queue, redisPool);
    queue.registerMetrics();
    holdGate.registerMetrics();
    services.queue = &queue;
    services.holdGate = &holdGate;
    // Sign-in: limits and lockouts in Redis, scrypt on a small bounded pool of its own.
    domain::LoginGuard loginGuard(redisPool, domain::LoginGuard::Options::fromEnvironment());
    loginGuard.registerMetrics();
    const auto [passwordThreads, passwordQueue] = http::BoundedPool::passwordPoolSize();
    http::BoundedPool passwordPool(QStringLiteral("password-hashing"),
                                   passwordThreads,
                                   passwordQueue);
    services.loginGuard = &loginGuard;
    services.passwordPool = &passwordPool;
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
    domain::PaymentService paymentService(database,
                                          provider,
                                          fulfilment,
                                          orders,
                                          payments::WebhookVerifier(config.paymentWebhookSecret),
                                          config.reconcileAfterSeconds);
    domain::CounterSales counterSales(database, fulfilment);
    domain::CounterTickets counterTickets(database, fulfilment);
    domain::Shifts shifts(database);
    domain::TicketScanService ticketScans(database, ticketCodes);
    services.ticketScans = &ticketScans;
    QUrl hostedPage = paymentPage;
    hostedPage.setPath(hostedPage.path().remove(QRegularExpression(QStringLiteral("/+$")))
                       + QStringLiteral("/pay"));
    orders.setPaymentPage(hostedPage);
    services.orders = &orders;
    services.payments = &paymentService;
    services.counterSales = &counterSales;
    services.counterTickets = &counterTickets;
    services.shifts = &shifts;

    domain::TicketPdfService ticketPdfs(database, orders, catalog);
    // Tickets by mail: a worker drains the outbox the paid transactions fill (docs/tickets.md).
    const MailSetup mailSetup = MailSetup::fromEnvironment(config);
    services.mailEnabled = mailSetup.enabled;
    services.mailProblem = mailSetup.problem;
    std::unique_ptr<mail::MailWorker> mailWorker;
    if (mailSetup.enabled)
        mailWorker = std::make_unique<mail::MailWorker>(database,
                                                        mail::SmtpSender(mailSetup.smtp),
                                                        mailSetup.worker,
                                                        [&ticketPdfs](const QString &orderId,
                                                                      const QString &language) {
                                                            // The same PDF the fan downloads.
                                                            return ticketPdfs
                                                                .pdf({QStringLiteral("mailer"),
                                                                      auth::Role::Admin},
                                                                     orderId,
                                                                     language);
                                                        });
    else
        qCWarning(lcServe) << "mail:" << mailSetup.problem;

    http::ApiServer api(database.workers(), config.bodyLimit);
    const http::WebShop shop(config.webDir,
                             paymentPage
                                 .adjusted(QUrl::RemovePath | QUrl::RemoveQuery
                                           | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
                                 .toString(QUrl::FullyEncoded)
                                 .toUtf8());
    if (!shop.isInstalled())
        qCWarning(lcServe) << "no web shop in" << shop.root() << "(see --web-dir)";
    api.setWebShop(&shop);
    // Qt's router tries the routes in registration order (a path regex per route of the
    // method): the busiest route under a rush, the queue join, goes first.
    http::QueueController::registerRoutes(api, services);
    http::HealthController::registerRoutes(api, services);
    http::AuthController::registerRoutes(api, services);
    http::VenueController::registerRoutes(api, services);
    http::EventController::registerRoutes(api, services);
    http::HoldController::registerRoutes(api, services);
    http::OrderController::registerRoutes(api, services);
    http::BoxOfficeController::registerRoutes(api, services);
    http::TicketController::registerRoutes(api, services);
    http::TicketPdfController::registerRoutes(api, services, ticketPdfs);
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
    std::atomic_bool sweeping = false;
    QTimer sweeper;
    QObject::connect(&sweeper, &QTimer::timeout, [&] {
        if (sweeping.exchange(true))
            return;
        QThreadPool::globalInstance()->start([&] {
            try {
                holds.sweep();
            } catch (const std::exception &e) {
                qCWarning(lcServe) << "sweeper:" << e.what();
            }
            sweeping = false;
        });
    });
    sweeper.start(config.sweepIntervalMs);

    // The admitter: every instance ticks, the lease holder of each event admits.
    std::atomic_bool admitting = false;
    QTimer admitter;
    QObject::connect(&admitter, &QTimer::timeout, [&] {
        if (admitting.exchange(true))
            return;
        QThreadPool::globalInstance()->start([&] {
            try {
                queue.tick();
                if (!redisPool.isUp())
                    redisPool.probe(); // so /readyz sees Redis return without traffic
            } catch (const std::exception &e) {
                qCWarning(lcServe) << "admitter:" << e.what();
            }
            admitting = false;
        });
    });
    admitter.start(queueConfig.admitTickMs);
    // Reconciler and compensation worker: leaders by advisory lock, provider calls outside
    // transactions, on the global pool so buyers' workers stay free.
    std::atomic_bool reconciling = false;
    QTimer reconciler;
    QObject::connect(&reconciler, &QTimer::timeout, [&] {
        if (reconciling.exchange(true))
            return;
        QThreadPool::globalInstance()->start([&] {
            try {
                paymentService.compensate();
                paymentService.reconcile();
                ticketCodes.reload(); // a rotation by `rotate-ticket-key` signs from now on
                metrics::Registry::instance()
                    .gauge(QStringLiteral("boxoffice_compensations_pending"), {})
                    .set(double(paymentService.pendingCompensations()));
            } catch (const std::exception &e) {
                qCWarning(lcServe) << "reconciler:" << e.what();
            }
            reconciling = false;
        });
    });
    reconciler.start(config.reconcileIntervalMs);

    // Mail goes out on the global pool, one run at a time, never on a request's thread.
    std::atomic_bool mailing = false;
    QTimer mailer;
    if (mailWorker) {
        QObject::connect(&mailer, &QTimer::timeout, [&] {
            if (mailing.exchange(true))
                return;
            QThreadPool::globalInstance()->start([&] {
                mailWorker->runOnce();
                mailing = false;
            });
        });
        mailer.start(mailSetup.pollMs);
    }

    SignalWatcher signals;
    QObject::connect(&signals, &SignalWatcher::terminationRequested, [&](int signal) {
        qCInfo(lcServe) << "signal" << signal << "- shutting down";
        notifyStopping();
        api.stopListening();
        realtime.stop();
        sweeper.stop();
        admitter.stop();
        reconciler.stop();
        mailer.stop();
        drain(database.workers(), 10000);
        QCoreApplication::quit();
    });
    const int status = QCoreApplication::exec();
    QThreadPool::globalInstance()->waitForDone(10000);
    database.workers()->waitForDone(10000);
    queue.stop();
    if (sentinels)
        sentinels->stop();
    return status;
}

} // namespace boxoffice::server
