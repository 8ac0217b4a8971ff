package api

// PageSizes learns the size of a server's pages from the pages of a walk,
// by the one rule the client's learned size (Profile) and a store's both
// follow: a page next to one that brings other donations is a full one;
// the size it counts is the rows a page moves the list on by, past those
// it repeats of the page before it (a server that repeats rows at the
// start of each page makes the later ones longer); and the full page
// furthest along the list is believed, whichever way the walk went: a
// server whose page size changed serves the new size where the list goes
// on, where a sync reads what is new. The zero value is ready to use.
type PageSizes struct {
	pages map[int]pageSize
	size  int
	at    int // the page size is of
}

// pageSize is what PageSizes keeps of a page: its key, the range of its
// ids, and the rows it brought past the page before it.
type pageSize struct {
	key    contentKey
	lo, hi int64
	moved  int
}

// Add counts a page read, and says whether it showed a full page as far
// along the list as any before (Size is then that page's).
func (s *PageSizes) Add(pg *Page) bool {
	if len(pg.Donations) == 0 {
		return false
	}
	if s.pages == nil {
		s.pages = map[int]pageSize{}
	}
	lo, hi, _ := idRange(pg.Donations)
	this := pageSize{key: keyOf(pg), lo: lo, hi: hi, moved: len(pg.Donations)}
	prev, before := s.pages[pg.Number-1]
	if before {
		this.moved = 0
		for _, d := range pg.Donations {
			if !d.ID.Valid || d.ID.Value < prev.lo || d.ID.Value > prev.hi {
				this.moved++
			}
		}
	}
	s.pages[pg.Number] = this
	full := false
	if before && prev.key != this.key {
		full = s.full(pg.Number-1, prev.moved) || full
	}
	if next, ok := s.pages[pg.Number+1]; ok && next.key != this.key {
		full = s.full(pg.Number, this.moved) || full
	}
	return full
}

// full takes page n, full and moving the list on by moved rows, for the
// size where no page further along was seen full.
func (s *PageSizes) full(n, moved int) bool {
	if n < s.at {
		return false
	}
	s.size, s.at = moved, n
	return true
}

// Size is the size learned, 0 where no page was seen to be full.
func (s *PageSizes) Size() int { return s.size }

// idRange is the smallest and largest valid id of a page.
func idRange(ds []Donation) (lo, hi int64, ok bool) {
	for _, d := range ds {
		if !d.ID.Valid {
			continue
		}
		if !ok || d.ID.Value < lo {
			lo = d.ID.Value
		}
		if !ok || d.ID.Value > hi {
			hi = d.ID.Value
		}
		ok = true
	}
	return lo, hi, ok
}
