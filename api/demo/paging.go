package demo

import "slices"

// Servers whose paging changes under a walk: what a client that learns a
// server's order and page size once must notice from the pages themselves.

// newestFirst says whether a request's order serves the newest first,
// before any change from page 1 to the next (pageOrder).
func (s *Server) newestFirst(order string) bool {
	switch {
	case s.opts.NewestUntil > 0 && s.Requests() <= s.opts.NewestUntil:
		return true
	case s.opts.NewestUntil > 0:
		return order == "desc" // upgraded: the spec's order, and desc where asked
	case s.opts.AscPageOne:
		return order != "asc" // pageOrder turns the pages after the first
	}
	return s.shape.reversed(order, s.opts.OrderDesc)
}

// pageOrder is the list as page n of a request sees it, where the order
// changes from page 1 to the next.
func (s *Server) pageOrder(matched []int, page int, order string) []int {
	if page > 1 && s.opts.AscPageOne && order == "asc" || page == 1 && s.opts.NewestPageOne {
		out := slices.Clone(matched)
		slices.Reverse(out)
		return out
	}
	return matched
}

// sizedPage is where page n starts and ends, and how many pages there
// are, where page k holds sizes[k-1] rows (the last size repeats).
func sizedPage(sizes []int, n, total int) (from, to, pages int) {
	size := func(k int) int { return max(1, sizes[min(k, len(sizes))-1]) }
	for k := 1; k < n && from < total; k++ {
		from += size(k)
	}
	for at := 0; at < total; at += size(pages) {
		pages++
	}
	from = min(from, total)
	return from, min(from+size(n), total), pages
}
