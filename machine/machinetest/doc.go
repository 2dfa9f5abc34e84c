// Package machinetest holds the fakes the tests of the machine and of the
// packages around it share: a clock moved by hand (Clock), deciders that fail
// their health test on demand (FailingDecider) or play the next seed whose outcome
// a test wants (HitDecider), and a file system that fills up (FullFS), so that
// each package's tests use one copy of them.
//
// It owns nothing of the product: it is for tests and for the lab's harness,
// whose checks drive a machine as tests do (package lab, which the cabinet's
// programs must not link); no other product code may import it
// (TestOnlyTestsImport holds every non-test file of the module to that).
// It must not import the machine itself, so that the machine's own (internal)
// tests can use it: the fakes satisfy machine.Clock, machine.Decider and
// meters.FS by their methods alone.
package machinetest
