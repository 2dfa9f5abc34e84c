// Package pgtest gives a test its own PostgreSQL to use: URL returns a connection
// URL to the server named by EGM_TEST_POSTGRES (make unit, make pg-test and make
// pg-shell start one: scripts/with-postgres.sh), on a schema of the test's own,
// made for it and dropped after it, so that tests and packages running at once
// do not see each other's tables. Without the variable the test is skipped, with
// a line (once per test binary, on stderr, and in the skip) saying how to run it;
// with it, a server that does not answer fails the test: `make test` never skips
// them.
//
// It owns no data of its own and must not be imported by anything but tests.
package pgtest
