// Package shotgolden holds one test: the screenshot set a refactor of the screen
// must not change. It renders every picture of `egm-screen demo --screenshots`
// (ui.WriteScreenshots: the attract mode, the lobby, play and help of the titles,
// the operator menu and recall on a rig machine, the table games in demo and in
// metered play) and compares each file's SHA-256 with testdata/screenshots.sha256.
//
// A change that is meant to change pixels records the new set with
//
//	xvfb-run -a go test ./ui/shotgolden -update
//
// and the diff of the golden file names the pictures it changed; look at them
// (`egm-screen demo --screenshots DIR --only NAME`) before committing it.
//
// It is a package of its own because Ebiten runs one game per process: the
// screen's own tests (package ui) keep theirs running for the whole binary. It
// touches nothing but a temporary directory.
package shotgolden
