# Payment tests: server/payments (boxoffice_payments) and the payment-sandbox process.
# Included from this folder because everything here needs BUILD_SERVER; the two pure unit tests
# live in tests/unit/ with the other unit tests.
boxoffice_add_test(NAME tst_webhookverifier
    SOURCES ${PROJECT_SOURCE_DIR}/tests/unit/tst_webhookverifier.cpp
    LIBS Boxoffice::Payments LABELS unit)
boxoffice_add_test(NAME tst_webhookevent
    SOURCES ${PROJECT_SOURCE_DIR}/tests/unit/tst_webhookevent.cpp
    LIBS Boxoffice::Payments LABELS unit)

add_library(boxoffice_sandbox_fixture STATIC sandboxfixture.cpp sandboxfixture.h)
boxoffice_target_defaults(boxoffice_sandbox_fixture)
target_link_libraries(boxoffice_sandbox_fixture PUBLIC Boxoffice::Payments Qt6::HttpServer)
target_include_directories(boxoffice_sandbox_fixture PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
    ${PROJECT_SOURCE_DIR}/tests/support)
target_compile_definitions(boxoffice_sandbox_fixture
    PRIVATE PAYMENT_SANDBOX_BIN="$<TARGET_FILE:payment-sandbox>")
add_dependencies(boxoffice_sandbox_fixture payment-sandbox)

foreach(test IN ITEMS tst_paymentsandbox tst_sandboxprovider)
    boxoffice_add_test(NAME ${test} SOURCES ${test}.cpp
        LIBS boxoffice_sandbox_fixture LABELS integration TIMEOUT 120)
endforeach()

# Orders and payments end to end: a real server and a real sandbox delivering webhooks to it.
foreach(test IN ITEMS tst_orders tst_boxoffice tst_refunds tst_checkoutchaos tst_latesuccess tst_counterday
    tst_exchangerefund)
    boxoffice_add_test(NAME ${test} SOURCES ${test}.cpp
        LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
        LABELS integration TIMEOUT 180)
endforeach()
set_tests_properties(tst_checkoutchaos PROPERTIES LABELS "integration;chaos")
boxoffice_add_test(NAME tst_wsorders SOURCES tst_wsorders.cpp checkoutfixture.h realtimefixture.h
    LIBS boxoffice_sandbox_fixture boxoffice_server_test_support boxoffice_test_support
    LABELS integration TIMEOUT 120)
