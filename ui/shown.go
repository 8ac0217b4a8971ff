package ui

import (
	"context"
	"slices"

	tea "charm.land/bubbletea/v2"

	"donations/api"
)

// Rows is what the list shows, by position: a window over a store query.
type Rows interface {
	Len() int
	At(i int) *row
}

// windowSize is how many rows are decoded at once around what the list
// shows: a few screens, so scrolling reads the store once in a while.
const windowSize = 200

// shownRows is what the query selects: how many, and a window of them in
// memory around what the list shows. Whatever the store holds, only the
// window is decoded.
type shownRows struct {
	stale bool
	count int
	from  int
	rows  []row

	sums      footerSums
	sumsGen   int  // the query the sums are wanted for
	sumsAsked int  // the query a totals command is running for, if any
	asking    bool // one totals command at a time: they are whole-store scans
}

type footerMsg struct {
	gen  int
	sums footerSums
	err  error
}

// invalidate says the query or the store changed: count and rows again.
func (s *shownRows) invalidate() { s.stale = true }

// settle counts what the query selects, once after each change.
func (w *walk) settle() {
	s := &w.shown
	if !s.stale {
		return
	}
	s.stale, s.rows, s.from, s.count = false, nil, 0, 0
	s.sumsGen++
	st := w.active()
	if st == nil {
		return
	}
	n, err := st.Count(context.Background(), w.storeQuery())
	if err != nil {
		w.err = err
		return
	}
	s.count = n
}

// Len is how many rows the list shows.
func (w *walk) Len() int {
	w.settle()
	return w.shown.count
}

var noRow row

// At is row i of what the list shows, read from the store when it is out of
// the window; by pointer: a row is large enough that copying one per drawn
// line shows in a profile.
func (w *walk) At(i int) *row {
	w.settle()
	s := &w.shown
	if i < s.from || i >= s.from+len(s.rows) {
		w.load(max(0, i-windowSize/3))
	}
	if i < s.from || i >= s.from+len(s.rows) {
		return &noRow
	}
	return &s.rows[i-s.from]
}

// load decodes the window that starts at from. Past the middle it reads the
// reversed order from the other end: SQLite skips an offset row by row.
func (w *walk) load(from int) {
	s, st := &w.shown, w.active()
	if st == nil {
		return
	}
	q := w.storeQuery()
	n := min(windowSize, s.count-from)
	offset := from
	reversed := from > s.count/2
	if reversed {
		q.Desc = !q.Desc
		offset = s.count - from - n
	}
	rows := make([]row, 0, n)
	err := st.Donations(context.Background(), q, offset, n, func(d *api.Donation) error {
		rows = append(rows, newRow(d, w.exchanges[d.ID.Value]))
		return nil
	})
	if err != nil {
		w.err = err
		return
	}
	if reversed {
		slices.Reverse(rows)
	}
	s.from, s.rows = from, rows
}

// askSums starts the footer's totals for the query in force, unless they
// are known or being added up.
func (w *walk) askSums() tea.Cmd {
	w.settle()
	s, st := &w.shown, w.active()
	if st == nil || s.asking || s.sumsAsked == s.sumsGen || w.loadAll {
		return nil // while G loads page after page, the totals wait for the last
	}
	s.asking, s.sumsAsked = true, s.sumsGen
	gen, f := s.sumsGen, w.filter()
	return func() tea.Msg {
		sums, err := sumFooter(context.Background(), st, f)
		return footerMsg{gen: gen, sums: sums, err: err}
	}
}

// onSums keeps totals that are still for the query in force.
func (w *walk) onSums(msg footerMsg) {
	s := &w.shown
	s.asking = false
	if msg.gen != s.sumsGen {
		return
	}
	if msg.err != nil {
		w.err = msg.err
		return
	}
	s.sums = msg.sums
}

// ensure decodes the rows from offset on that a screen of height shows,
// before View needs them.
func (w *walk) ensure(offset, height int) {
	w.settle()
	s := &w.shown
	last := min(offset+height, s.count) - 1
	if last < offset || offset >= s.from && last < s.from+len(s.rows) {
		return
	}
	w.load(max(0, offset-windowSize/3))
}
