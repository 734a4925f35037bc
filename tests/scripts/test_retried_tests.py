#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/retried-tests on ctest logs as ctest 3.25 writes them with --repeat until-pass:2."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "retried-tests")

# flaky fails once then passes; bad fails twice; good passes (the retry lines have no "N/M").
LOG = """    Start 1: flaky
1/3 Test #1: flaky ............................***Failed    0.25 sec

    Start 1: flaky
    Test #1: flaky ............................   Passed    0.16 sec
    Start 2: good
2/3 Test #2: good .............................   Passed    0.10 sec
    Start 3: bad
3/3 Test #3: bad ..............................***Failed    0.22 sec

    Start 3: bad
    Test #3: bad ..............................***Failed    0.10 sec

67% tests passed, 1 tests failed out of 3

The following tests FAILED:
	  3 - bad (Failed)
Errors while running CTest
"""
CLEAN = """    Start 1: flaky
1/2 Test #1: flaky ............................   Passed    0.25 sec
    Start 2: good
2/2 Test #2: good .............................   Passed    0.10 sec

100% tests passed, 0 tests failed out of 2
"""


class RetriedTests(unittest.TestCase):
    def run_script(self, log_text, state):
        with tempfile.NamedTemporaryFile("w", delete=False) as log:
            log.write(log_text)
        try:
            return subprocess.run([sys.executable, SCRIPT, log.name, state],
                                  capture_output=True, text=True, check=False)
        finally:
            os.unlink(log.name)

    def test_names_the_retried_test_and_fails_on_the_second_run_in_a_row(self):
        with tempfile.TemporaryDirectory() as folder:
            state = os.path.join(folder, "ci.txt")
            first = self.run_script(LOG, state)
            self.assertEqual(first.returncode, 0, first.stdout)
            self.assertIn("flaky", first.stdout)
            self.assertNotIn("bad", first.stdout)  # a real failure is no flake
            second = self.run_script(LOG, state)
            self.assertEqual(second.returncode, 1, second.stdout)
            self.assertIn("previous run too", second.stdout)
            # A run without the flake clears the record.
            clean = self.run_script(CLEAN, state)
            self.assertEqual(clean.returncode, 0, clean.stdout)
            self.assertIn("none", clean.stdout)
            self.assertEqual(self.run_script(LOG, state).returncode, 0)


if __name__ == "__main__":
    unittest.main()
