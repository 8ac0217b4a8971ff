package list

import (
	"donations/dataset"
	"donations/ui/uictx"
)

// What the answer on screen covers. A number the browser shows is over the
// whole set its question names, or says in words that it is partial and
// what it covers: fundraisers report these numbers. The numbers are the
// dataset's (dataset.Coverage), read with the count; the words are these.

// Loading is what the root knows of what fills the data as it goes: the
// scratch walk and the store's sync, which move between two reads.
type Loading struct {
	// Source is where the question in force is answered from, as the root
	// last heard of the store's syncs: the words before a count is in.
	Source dataset.From
	// Walking says a scratch walk is started; Done that it read its last
	// page; All that it loads every page (G), Loaded how many it brought.
	Walking, Done, All bool
	Loaded             int
	// Synced says a sync of the store has finished; Syncing that one runs
	// here, whose Progress the header says as it comes.
	Synced, Syncing bool
	Progress        dataset.Progress
}

// Partial is "" when the answer on screen is whole, else what it covers,
// in words ("partial: 1,200 of ≈30,000 loaded · loading"): the header, the
// footer, the insights, the donors, the search bar and the export all say
// it.
func (s *Answer) Partial(l Loading) string {
	source := s.source
	if !s.coverKnown {
		source = l.Source
	}
	switch {
	case source == dataset.FromStore:
		return s.storePartial(l)
	case !l.Walking || l.Done || s.cover.Whole:
		// The walk's last page is in before the count that says so.
		return ""
	}
	// The walk's own count follows each page as it comes, before the
	// count that reads it: "50 loaded" from the first page on.
	note := "partial: " + uictx.Commas(l.Loaded) + " loaded"
	if l.Loaded == 0 {
		note = "partial: nothing loaded yet"
	}
	if l.All {
		return note + " · loading"
	}
	return note + " · stopped"
}

// storePartial is Partial for the profile's store (or the one in memory of
// --demo and --no-cache): whole once a sync has finished, or when it holds
// the question's dates complete (a first sync fills newest first, so the
// last month is whole in seconds).
func (s *Answer) storePartial(l Loading) string {
	c := &s.cover
	switch {
	case l.Synced:
		// The header says synced from the moment the sync ends, before
		// a count read since says whole.
		return ""
	case !s.coverKnown:
		return "partial · loading"
	case c.Whole:
		return ""
	}
	all, about := c.Held.All, c.Held.About
	if p := l.Progress; l.Syncing && p.About > 0 {
		// The header says the sync's progress as it comes: the note says
		// the same numbers, not those read with the count a moment ago.
		all, about = p.Held, p.About
	}
	note := "partial: " + uictx.Commas(all) + " of ≈" + uictx.Commas(max(about, all)) + " loaded"
	if about == 0 && all == 0 {
		note = "partial: nothing loaded yet"
	}
	if c.Loading || l.Syncing {
		// Our own sync is loading from its start, before a count reads
		// the store's status.
		note += " · loading"
	}
	return note
}
