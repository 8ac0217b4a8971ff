package ui

import (
	"donations/dataset"
	"donations/ui/uictx"
)

// What the answer on screen covers. A number the browser shows is over the
// whole set its question names, or says in words that it is partial and
// what it covers: fundraisers report these numbers. The numbers are the
// dataset's (dataset.Coverage), read with the count; the words are ours.

// covered keeps where snap's count was read and how whole it is.
func (s *shownRows) covered(snap *dataset.Snapshot) {
	s.source, s.cover, s.coverKnown = snap.From, snap.Coverage, true
}

// partial is "" when the answer on screen is whole, else what it covers, in
// words ("partial: 1,200 of ≈30,000 loaded · loading"): the header, the
// footer, the insights, the donors, the search bar and the export all say
// it.
func (w *walk) partial() string {
	s := &w.shown
	source := s.source
	if !s.coverKnown {
		source = w.source()
	}
	switch {
	case source == dataset.FromStore:
		return w.storePartial()
	case w.scratch == nil || w.done || s.cover.Whole:
		// The walk's last page is in before the count that says so.
		return ""
	}
	// The walk's own count follows each page as it comes, before the
	// count that reads it: "50 loaded" from the first page on.
	note := "partial: " + uictx.Commas(w.loaded) + " loaded"
	if w.loaded == 0 {
		note = "partial: nothing loaded yet"
	}
	if w.loadAll {
		return note + " · loading"
	}
	return note + " · stopped"
}

// storePartial is partial for the profile's store (or the one in memory of
// --demo and --no-cache): whole once a sync has finished, or when it holds
// the question's dates complete (a first sync fills newest first, so the
// last month is whole in seconds).
func (w *walk) storePartial() string {
	c := &w.shown.cover
	switch {
	case !w.sync.last.IsZero():
		// The header says synced from the moment the sync ends, before
		// a count read since says whole.
		return ""
	case !w.shown.coverKnown:
		return "partial · loading"
	case c.Whole:
		return ""
	}
	all, about := c.Held.All, c.Held.About
	if p := w.sync.progress; w.sync.running && p.About > 0 {
		// The header says the sync's progress as it comes: the note says
		// the same numbers, not those read with the count a moment ago.
		all, about = p.Held, p.About
	}
	note := "partial: " + uictx.Commas(all) + " of ≈" + uictx.Commas(max(about, all)) + " loaded"
	if about == 0 && all == 0 {
		note = "partial: nothing loaded yet"
	}
	if c.Loading || w.sync.running {
		// Our own sync is loading from its start, before a count reads
		// the store's status.
		note += " · loading"
	}
	return note
}
