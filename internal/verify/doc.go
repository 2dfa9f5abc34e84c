// Package verify is the software authentication a test lab runs on the cabinet
// (`egm verify`): which files make up the installed program set (the platform, the
// screen beside it and, on the board, the init scripts, services and configuration
// that image/ and buildroot/ install), and each file's SHA-256 and GLI-style seeded
// signature (HMAC-SHA1 keyed by the seed), with one signature over the whole set in
// a documented order (docs/lab.md, Software verification).
//
// It only reads files. It must not touch the machine, its meters, critical memory,
// devices or the network.
package verify
