// Package paint is the screen's drawing kit: the logical screen size, colours and
// gradients (paint.go), filled and stroked shapes tessellated once and recoloured
// each frame (shapecache.go), the fonts and text layout (font.go: Noto Sans with
// the Go fonts behind it, sizes fitted to a width), and text drawn once into an
// image and then tinted (labelcache.go: Label, swept of labels unused for a while
// by SweepLabels at the end of a frame).
//
// It owns pixels only: it knows no scene, no session, no language and no money.
// Drawing is single-threaded (Ebiten's Draw): its caches and reused buffers are
// not safe for concurrent use. Only the screen's packages (egm/ui/...) import it.
package paint
