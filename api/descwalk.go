package api

// A list that only descends (OrderDescending) has the range's newest
// donations on the earliest pages: a RangeWalk without a date filter reads
// it newest first from page 1, and ends at the first page that reaches
// before the range. Ranges are most often recent, so this reads few pages;
// a range far back costs the pages after it.

// beginNewest starts the walk from page 1, which learning the order fetched.
func (w *RangeWalk) beginNewest() {
	w.started, w.newest = true, true
	w.p = w.search.c.Pager(w.search.q, NewestFirst)
	w.p.cache, w.p.learnt = w.search.cache, true
	if w.carried.ids != nil {
		w.p.seen = w.carried
	}
}

// nextNewest keeps a page's donations in the range. Where the dates stop
// descending (a gift back-dated into the list), every page is read.
func (w *RangeWalk) nextNewest(b Batch) Batch {
	if !w.full && b.Page != nil && !w.descends(b.Page.Donations) {
		w.fallBack()
	}
	early := !w.full && b.Page != nil && w.beforeStart(b.Page)
	b.Donations = w.inRange(b.Donations)
	b.Done = b.Done || early
	w.done = b.Done
	if w.done {
		w.p.Close()
	}
	return b
}

// descends says whether the dates fall (or stay), from the oldest one
// read before them.
func (w *RangeWalk) descends(list []Donation) bool {
	for i := range list {
		t, ok := Time(list[i].DonationDate)
		if !ok || !w.low.IsZero() && t.After(w.low) {
			return false
		}
		w.low = t
	}
	return true
}

// beforeStart says whether a page of a descending list ends before the
// range starts: no page after it holds a donation in the range.
func (w *RangeWalk) beforeStart(pg *Page) bool {
	if w.r.Since.IsZero() || len(pg.Donations) == 0 {
		return false
	}
	t, ok := Time(pg.Donations[len(pg.Donations)-1].DonationDate)
	return ok && t.Before(w.r.Since)
}
