//go:build cgo && !noscreen

package paint

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The shape cache: the rectangles, rounded rectangles and circles drawn on every
// frame are built once as paths and tessellated once per fill or stroke width, so
// that a frame that draws the same panels as the last allocates nothing for them.
// Drawing is single-threaded (the game loop). Art drawn once (symbols, emblems)
// builds its own paths, which are not cached.

type shapeKind uint8

const (
	shapeRoundRect shapeKind = iota + 1
	shapeRect
	shapeCircle
	shapeLine // x, y to w, h
)

type shapeKey struct {
	kind          shapeKind
	x, y, w, h, r float32
}

// tessKey is a cached path and a stroke width (0: the fill).
type tessKey struct {
	p     *vector.Path
	width float32
}

type tess struct {
	vs []ebiten.Vertex
	is []uint16
}

// shapeLimit bounds the caches: past it they start again (a shape that changes on
// every frame, like a banner growing in, must not fill memory).
const shapeLimit = 4096

var (
	shapes    = map[shapeKey]*vector.Path{}
	shapeKeys = map[*vector.Path]shapeKey{}
	tessCache = map[tessKey]tess{}
)

// newShape makes the cached path of k.
func newShape(k shapeKey) *vector.Path {
	if len(shapes) >= shapeLimit {
		clear(shapes)
		clear(shapeKeys)
		clear(tessCache)
	}
	p := new(vector.Path)
	shapes[k] = p
	shapeKeys[p] = k
	return p
}

// tessellated returns the cached vertices of a cached path.
func tessellated(p *vector.Path, width float32) (tess, bool) {
	t, ok := tessCache[tessKey{p, width}]
	return t, ok
}

// remember keeps the vertices of a cached path (a copy).
func remember(p *vector.Path, width float32, vs []ebiten.Vertex, is []uint16) {
	if _, ok := shapeKeys[p]; !ok {
		return
	}
	if len(tessCache) >= shapeLimit {
		clear(tessCache)
	}
	tessCache[tessKey{p, width}] = tess{append([]ebiten.Vertex(nil), vs...), append([]uint16(nil), is...)}
}
