package uictx

// Follow moves a list's cursor to row i of n (kept within them) and scrolls
// the h rows on screen, the first of which is offset, just enough to show
// it, never past the last row: the browser's list and the donor view move
// by this one rule.
func Follow(i, n, h, offset int) (cursor, first int) {
	cursor = max(0, min(i, n-1))
	first = min(offset, cursor)
	if h > 0 && cursor >= first+h {
		first = cursor - h + 1
	}
	return cursor, max(0, min(first, max(0, n-h)))
}
