# Issue 15 (hardening): each test here failed against the server before its fix.
boxoffice_add_test(NAME tst_idspelling SOURCES tst_idspelling.cpp queuefixture.h dbcheck.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_salerules SOURCES tst_salerules.cpp queuefixture.h redisfixture.h
    dbcheck.h LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration chaos
    TIMEOUT 120)
boxoffice_add_test(NAME tst_wssessionlimits SOURCES tst_wssessionlimits.cpp rawwsclient.h
    realtimefixture.h dbcheck.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_paymentsafety SOURCES tst_paymentsafety.cpp checkoutfixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration chaos TIMEOUT 180)
boxoffice_add_test(NAME tst_loginguard SOURCES tst_loginguard.cpp realtimefixture.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_edgelimits SOURCES tst_edgelimits.cpp rawwsclient.h realtimefixture.h
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_sandboxsecrets SOURCES tst_sandboxsecrets.cpp
    LIBS boxoffice_sandbox_fixture LABELS integration TIMEOUT 60)
target_compile_definitions(tst_sandboxsecrets
    PRIVATE PAYMENT_SANDBOX_BIN="$<TARGET_FILE:payment-sandbox>")
