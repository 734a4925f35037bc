# Waiting room, Redis layer and their fault tests (issue 5).
boxoffice_add_test(NAME tst_redislayer SOURCES tst_redislayer.cpp redisfixture.h
    LIBS Boxoffice::ServerLib boxoffice_test_support LABELS integration TIMEOUT 60)
# Seat leases settled off the hold's path (LeaseSettler), alone and through the HTTP API.
boxoffice_add_test(NAME tst_leasesettler SOURCES tst_leasesettler.cpp redisfixture.h
    LIBS Boxoffice::ServerLib boxoffice_test_support LABELS integration TIMEOUT 60)
boxoffice_add_test(NAME tst_holdleases SOURCES tst_holdleases.cpp redisfixture.h dbcheck.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_queue SOURCES tst_queue.cpp queuefixture.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_queuechaos SOURCES tst_queuechaos.cpp queuefixture.h redisfixture.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration chaos TIMEOUT 120)
boxoffice_add_test(NAME tst_queuerate SOURCES tst_queuerate.cpp queuefixture.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
# The issue's full measurement: a 2-minute window within 5 %.
add_test(NAME tst_queuerate_soak COMMAND tst_queuerate)
set_tests_properties(tst_queuerate_soak PROPERTIES LABELS soak TIMEOUT 400
    ENVIRONMENT "BOXOFFICE_BUILD_DIR=${PROJECT_BINARY_DIR};BOXOFFICE_QUEUE_RATE_WINDOW_S=120;BOXOFFICE_QUEUE_RATE_TOLERANCE=0.05")
# Leaving the active set on a paid order or a released hold (needs the payment sandbox).
boxoffice_add_test(NAME tst_queueleave SOURCES tst_queueleave.cpp queuefixture.h redisfixture.h
    checkoutfixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration TIMEOUT 120)
# Queue joins answered ahead of Qt's HTTP parser (http/FastPathRouter) next to Qt's own path.
boxoffice_add_test(NAME tst_fastpathrouter SOURCES tst_fastpathrouter.cpp queuefixture.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 60)
