# The fans' web shop's server side (issue 13): static files and routing, fan accounts and the
# session cookie, the sandbox's hosted payment page with return URLs, ticket PDFs.
boxoffice_add_test(NAME tst_webshop SOURCES tst_webshop.cpp
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_fanaccounts SOURCES tst_fanaccounts.cpp
    LIBS boxoffice_server_test_support boxoffice_test_support LABELS integration TIMEOUT 120)
boxoffice_add_test(NAME tst_hostedpayment SOURCES tst_hostedpayment.cpp checkoutfixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration TIMEOUT 180)
