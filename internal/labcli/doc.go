// Package labcli is the program egm-lab: the test lab's commands (the RNG
// batteries and raw stream, the RTP simulations, the PAR sheets, the table games
// dealt, the kill campaigns on the host and on the emulated board, and the whole
// checklist). It parses flags and calls lab (the simulations), lab/campaign,
// lab/board, lab/checklist, games and tables; the checks themselves are theirs.
//
// A campaign's children are the machine's programs (Lab.Programs): by default the
// egm and egm-floor beside egm-lab (make build puts them side by side), else on
// PATH, and egm-lab itself for its child modes (aft-powerfail --child). Tests
// give their own (the test binary re-executed as each program).
//
// It must not touch a cabinet's state except through the programs it runs, and
// it is never on the cabinet: egm links no package of the lab.
package labcli
