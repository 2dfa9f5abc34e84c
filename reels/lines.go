package reels

import "fmt"

// Line is one pay line compiled: the row on each reel.
type Line [MaxReels]uint8

// Standard line sets. Each line gives the row index per reel, top row 0. They are
// copied on every call so a title cannot modify another's lines.

var lines3x3x5 = [][]int{
	{1, 1, 1}, {0, 0, 0}, {2, 2, 2}, {0, 1, 2}, {2, 1, 0},
}

var lines5x3x10 = [][]int{
	{1, 1, 1, 1, 1}, {0, 0, 0, 0, 0}, {2, 2, 2, 2, 2}, {0, 1, 2, 1, 0}, {2, 1, 0, 1, 2},
	{1, 0, 0, 0, 1}, {1, 2, 2, 2, 1}, {0, 0, 1, 2, 2}, {2, 2, 1, 0, 0}, {1, 2, 1, 0, 1},
}

var lines5x3x40 = append(append([][]int{}, lines5x3x10...), [][]int{
	{1, 0, 1, 2, 1}, {0, 1, 1, 1, 0}, {2, 1, 1, 1, 2}, {0, 1, 0, 1, 0}, {2, 1, 2, 1, 2},
	{1, 1, 0, 1, 1}, {1, 1, 2, 1, 1}, {0, 0, 2, 0, 0}, {2, 2, 0, 2, 2}, {0, 2, 2, 2, 0},
	{2, 0, 0, 0, 2}, {1, 2, 0, 2, 1}, {1, 0, 2, 0, 1}, {0, 2, 0, 2, 0}, {2, 0, 2, 0, 2},
	{0, 2, 1, 0, 2}, {2, 0, 1, 2, 0}, {0, 0, 1, 0, 0}, {2, 2, 1, 2, 2}, {1, 0, 1, 0, 1},
	{1, 2, 1, 2, 1}, {0, 1, 2, 2, 2}, {2, 1, 0, 0, 0}, {0, 0, 0, 1, 2}, {2, 2, 2, 1, 0},
	{1, 1, 1, 0, 0}, {1, 1, 1, 2, 2}, {0, 1, 1, 1, 2}, {2, 1, 1, 1, 0}, {1, 0, 0, 1, 2},
}...)

var lines5x4x40 = [][]int{
	{0, 0, 0, 0, 0}, {1, 1, 1, 1, 1}, {2, 2, 2, 2, 2}, {3, 3, 3, 3, 3}, {0, 1, 2, 1, 0},
	{1, 2, 3, 2, 1}, {2, 1, 0, 1, 2}, {3, 2, 1, 2, 3}, {0, 1, 0, 1, 0}, {1, 0, 1, 0, 1},
	{2, 3, 2, 3, 2}, {3, 2, 3, 2, 3}, {1, 2, 1, 2, 1}, {2, 1, 2, 1, 2}, {0, 0, 1, 0, 0},
	{1, 1, 0, 1, 1}, {2, 2, 3, 2, 2}, {3, 3, 2, 3, 3}, {1, 1, 2, 1, 1}, {2, 2, 1, 2, 2},
	{0, 1, 1, 1, 0}, {1, 0, 0, 0, 1}, {2, 3, 3, 3, 2}, {3, 2, 2, 2, 3}, {1, 2, 2, 2, 1},
	{2, 1, 1, 1, 2}, {0, 0, 0, 1, 2}, {3, 3, 3, 2, 1}, {0, 1, 2, 3, 3}, {3, 2, 1, 0, 0},
	{0, 0, 1, 2, 3}, {3, 3, 2, 1, 0}, {1, 0, 1, 2, 3}, {2, 3, 2, 1, 0}, {0, 2, 0, 2, 0},
	{3, 1, 3, 1, 3}, {1, 3, 1, 3, 1}, {2, 0, 2, 0, 2}, {0, 3, 0, 3, 0}, {3, 0, 3, 0, 3},
}

// StandardLines returns a copy of the house's standard line set for a window of
// reels × rows with n lines: the first n lines of the shape's list (3×3: 5 lines;
// 5×3 and 5×4: 40 lines), for n among 5, 10, 20 and 40. Each list starts with the
// straight rows.
func StandardLines(reels, rows, n int) ([][]int, error) {
	var src [][]int
	switch {
	case reels == 3 && rows == 3:
		src = lines3x3x5
	case reels == 5 && rows == 3:
		src = lines5x3x40
	case reels == 5 && rows == 4:
		src = lines5x4x40
	}
	if src == nil || n > len(src) || (n != 5 && n != 10 && n != 20 && n != 40) {
		return nil, fmt.Errorf("reels: no standard set of %d lines for %d×%d", n, reels, rows)
	}
	out := make([][]int, n)
	for i, l := range src[:n] {
		out[i] = append([]int(nil), l...)
	}
	return out, nil
}

// MustStandardLines is StandardLines for package-level title data; it panics on an
// unsupported shape (a program error caught by any test of the title).
func MustStandardLines(reels, rows, n int) [][]int {
	l, err := StandardLines(reels, rows, n)
	if err != nil {
		panic(err)
	}
	return l
}
