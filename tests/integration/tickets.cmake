# Tickets after the sale (#16): signed codes, scans at the door. A real server and sandbox.
foreach(test IN ITEMS tst_ticketcodes tst_ticketscan)
    boxoffice_add_test(NAME ${test} SOURCES ${test}.cpp checkoutfixture.h ticketfixture.h
        LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
        LABELS integration TIMEOUT 180)
endforeach()
set_tests_properties(tst_ticketscan PROPERTIES LABELS "integration;chaos")
# Mail against a real SMTP server (tests/support/mailbox.py, Debian's python3-aiosmtpd).
boxoffice_add_test(NAME tst_ticketmail SOURCES tst_ticketmail.cpp checkoutfixture.h mailboxfixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration chaos TIMEOUT 180)
target_compile_definitions(tst_ticketmail PRIVATE
    BOXOFFICE_MAILBOX_SCRIPT="${PROJECT_SOURCE_DIR}/tests/support/mailbox.py")
# A scanner's journal synced set-based: speed, the rules in one journal, two gates at once.
boxoffice_add_test(NAME tst_scansync SOURCES tst_scansync.cpp checkoutfixture.h ticketfixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration TIMEOUT 240)
# Mail over STARTTLS / SMTPS with AUTH, certificates made by the test (openssl).
boxoffice_add_test(NAME tst_smtptls SOURCES tst_smtptls.cpp checkoutfixture.h mailboxfixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration TIMEOUT 180)
target_compile_definitions(tst_smtptls PRIVATE
    BOXOFFICE_MAILBOX_SCRIPT="${PROJECT_SOURCE_DIR}/tests/support/mailbox.py")
