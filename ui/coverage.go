package ui

import (
	"donations/textsafe"
	"donations/ui/uictx"
)

// What the answer on screen covers. A number the browser shows is over the
// whole set its question names, or says in words that it is partial and
// what it covers: fundraisers report these numbers.

// partial is "" when the answer on screen is whole, else what it covers, in
// words ("partial: 1,200 of ≈30,000 loaded · loading"): the header, the
// footer, the insights, the donors, the search bar and the export all say
// it.
func (w *walk) partial() string {
	switch {
	case w.fromStore():
		return w.storePartial()
	case w.scratch != nil && !w.done:
		note := "partial: " + uictx.Commas(w.loaded) + " loaded"
		if w.loaded == 0 {
			note = "partial: nothing loaded yet"
		}
		if w.loadAll {
			return note + " · loading"
		}
		return note + " · stopped"
	}
	return ""
}

// storePartial is partial for the profile's store (or the one in memory of
// --demo and --no-cache): whole once a sync has finished, or when it holds
// the question's dates complete (a first sync fills newest first, so the
// last month is whole in seconds).
func (w *walk) storePartial() string {
	s := &w.shown
	switch {
	case !w.sync.last.IsZero():
		return ""
	case !s.heldKnown:
		return "partial · loading"
	case s.held.Complete:
		return ""
	}
	all, about := s.held.All, s.held.About
	if p := w.sync.progress; w.sync.running && p.About > 0 {
		// The sync's own count is newer, and the header says it.
		all, about = p.Held, p.About
	}
	note := "partial: " + uictx.Commas(all) + " of ≈" + uictx.Commas(max(about, all)) + " loaded"
	if about == 0 && all == 0 {
		note = "partial: nothing loaded yet"
	}
	if w.sync.running || w.sync.other {
		note += " · loading"
	}
	return note
}

// needsHeld says whether the answer needs the store's coverage of the
// question's dates read with its count.
func (w *walk) needsHeld() bool { return w.fromStore() && w.sync.last.IsZero() }

// partialNote is partial as a view's title ends with it: in the warning
// colour, "" when the answer is whole.
func partialNote(ctx *uictx.Context, w *walk) string {
	if p := w.partial(); p != "" {
		return " " + ctx.Styles.Warn.Render("· "+textsafe.Line(p))
	}
	return ""
}
