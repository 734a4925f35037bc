# Tickets after the sale (#16): signed codes, scans at the door. A real server and sandbox.
foreach(test IN ITEMS tst_ticketcodes tst_ticketscan)
    boxoffice_add_test(NAME ${test} SOURCES ${test}.cpp checkoutfixture.h ticketfixture.h
        LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
        LABELS integration TIMEOUT 180)
endforeach()
set_tests_properties(tst_ticketscan PROPERTIES LABELS "integration;chaos")
