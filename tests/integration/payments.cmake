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
target_include_directories(boxoffice_sandbox_fixture PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(boxoffice_sandbox_fixture
    PRIVATE PAYMENT_SANDBOX_BIN="$<TARGET_FILE:payment-sandbox>")
add_dependencies(boxoffice_sandbox_fixture payment-sandbox)

foreach(test IN ITEMS tst_paymentsandbox tst_sandboxprovider)
    boxoffice_add_test(NAME ${test} SOURCES ${test}.cpp
        LIBS boxoffice_sandbox_fixture LABELS integration TIMEOUT 120)
endforeach()
