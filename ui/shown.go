package ui

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/store"
	"donations/ui/uictx"
)

// windowSize is how many rows are decoded at once around what the list
// shows: a few screens, so scrolling reads the store once in a while.
const windowSize = 200

// shownRows is the answer to the question in force, as the screen draws it:
// how many rows it selects and a window of them. Commands fill it off the
// event loop (askShown); Update and View only read it, so no keypress waits
// on the store. Until an answer for the question in force arrives, the
// previous one stays on screen.
type shownRows struct {
	gen     int // bumped when the question or the store changes
	counted int // the gen count is for
	count   int
	// atLeast says count is a lower bound: a search of words so common
	// that counting them reads every donation. The list shows that many
	// until the exact count, read after the first screen, replaces it.
	atLeast     bool
	exactCancel context.CancelFunc // of the exact count under way, if any
	from        int
	rows        []uictx.Row
	total       int // every stored donation, when last counted without a filter
	// hidden is, when the search finds nothing, how many the rest of the
	// question finds without it: the search is then what hides them.
	hidden int
	// held is what the store holds of the question's dates, read with the
	// count while no sync has finished (coverage.go).
	held      store.Held
	heldKnown bool

	asking bool // one read at a time; a newer question cancels it
	// dirty says the store changed since the count on screen was read: the
	// same question is asked again once the read under way (if any) is in,
	// rather than cancelled, so a store that changes every moment (a sync)
	// still gets its answers shown.
	dirty     bool
	sumsDirty bool
	cancel    context.CancelFunc // of the read under way

	// changes counts the store's and the question's changes: a view that
	// adds up the store on its own (insights, donors) reads again on one.
	changes int

	sums      footerSums
	sumsGen   int  // the gen the sums are for
	sumsAsked int  // the gen a totals command is running for, if any
	sumsBusy  bool // one totals command at a time: they are whole-store scans
	// sumsCancel stops the totals under way when the question changes: the
	// next key's first screen must not wait behind them.
	sumsCancel context.CancelFunc
}

// shownMsg is an answer read off the event loop for one gen.
type shownMsg struct {
	gen     int
	count   int
	counted bool // count is new (else the window alone was read)
	atLeast bool // count is a lower bound
	exact   bool // the exact count alone, after a lower bound
	hidden  int
	held    *store.Held
	from    int
	rows    []api.Summary
	ids     []int64
	kept    map[int64]*api.Exchange // the requests the store kept, by id
	err     error
}

type footerMsg struct {
	gen  int
	sums footerSums
	err  error
}

// invalidate says the question or the store changed: count and read again.
// A read under way for the old question is cancelled.
func (s *shownRows) invalidate() {
	s.gen++
	s.changes++
	if s.cancel != nil {
		s.cancel()
		s.cancel, s.asking = nil, false
	}
	if s.exactCancel != nil {
		s.exactCancel()
		s.exactCancel = nil
	}
	if s.sumsCancel != nil {
		s.sumsCancel() // its answer, for an old gen, still ends sumsBusy
	}
}

// refresh says the store changed under the same question.
func (s *shownRows) refresh() { s.dirty, s.sumsDirty, s.changes = true, true, s.changes+1 }

// answered says whether the count on screen is for the question in force.
func (s *shownRows) answered() bool { return s.counted == s.gen }

// Len is how many rows the list shows.
func (w *walk) Len() int { return w.shown.count }

var noRow uictx.Row

// At is row i of what the list shows, or an empty row while its window is
// being read; by pointer: a row is large enough that copying one per drawn
// line shows in a profile.
func (w *walk) At(i int) *uictx.Row {
	s := &w.shown
	if i < s.from || i >= s.from+len(s.rows) {
		return &noRow
	}
	return &s.rows[i-s.from]
}

// askShown reads, off the event loop, what the screen from offset on
// needs and does not have: the count for a new question, the window of
// rows around offset, and the exact count after a lower bound.
func (w *walk) askShown(offset, height int) tea.Cmd {
	return tea.Batch(w.askWindow(offset, height), w.askExact())
}

// askExact counts exactly, apart from the window's reads so that scrolling
// does not wait for it, what a quick count gave a lower bound of.
func (w *walk) askExact() tea.Cmd {
	s, st := &w.shown, w.active()
	if st == nil || !s.atLeast || s.exactCancel != nil || !s.answered() {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.exactCancel = cancel
	gen, q := s.gen, w.storeQuery()
	return func() tea.Msg {
		defer cancel()
		n, err := st.Count(ctx, q)
		return shownMsg{gen: gen, count: n, exact: true, err: err}
	}
}

// askWindow reads the count for a new question, quickly, and the window.
func (w *walk) askWindow(offset, height int) tea.Cmd {
	s, st := &w.shown, w.active()
	if st == nil || s.asking {
		return nil
	}
	recount := !s.answered() || s.dirty
	count := s.count
	last := min(offset+height, count) - 1
	if !recount && (last < offset || offset >= s.from && last < s.from+len(s.rows)) {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.asking, s.cancel, s.dirty = true, cancel, false
	gen, q, held, atLeast := s.gen, w.storeQuery(), recount && w.needsHeld(), s.atLeast
	from := max(0, offset-windowSize/3)
	return func() tea.Msg {
		defer cancel()
		msg := shownMsg{gen: gen, count: count, counted: recount, atLeast: atLeast, from: from}
		if recount {
			if msg.count, msg.atLeast, msg.err = st.QuickCount(ctx, q); msg.err != nil {
				return msg
			}
		}
		if recount && msg.count == 0 && q.Filter.Search != "" {
			unsearched := q
			unsearched.Filter.Search = ""
			if msg.hidden, msg.err = st.Count(ctx, unsearched); msg.err != nil {
				return msg
			}
		}
		if held {
			h, err := st.Holds(ctx, q.Filter.Dates)
			if msg.held, msg.err = &h, err; err != nil {
				return msg
			}
		}
		msg.from = min(from, max(0, msg.count-windowSize))
		if msg.rows, msg.ids, msg.err = readWindow(ctx, st, q, msg.from, msg.count, !msg.atLeast); msg.err == nil {
			msg.kept, msg.err = st.Exchanges(ctx, msg.ids)
		}
		return msg
	}
}

// readWindow decodes the rows from from on. Past the middle of an exact
// count it reads the reversed order from the other end: SQLite skips an
// offset row by row.
func readWindow(ctx context.Context, st *store.Store, q store.Query, from, count int, exact bool) ([]api.Summary, []int64, error) {
	n := min(windowSize, count-from)
	if n <= 0 {
		return nil, nil, nil
	}
	offset := from
	reversed := exact && from > count/2
	if reversed {
		q.Desc = !q.Desc
		offset = count - from - n
	}
	rows := make([]api.Summary, 0, n)
	ids := make([]int64, 0, n)
	err := st.Donations(ctx, q, offset, n, func(d *api.Donation) error {
		rows, ids = append(rows, d.Summary()), append(ids, d.ID.Value)
		return nil
	})
	if reversed {
		slices.Reverse(rows)
		slices.Reverse(ids)
	}
	return rows, ids, err
}

// onShown keeps an answer that is still for the question in force.
func (w *walk) onShown(msg shownMsg) {
	s := &w.shown
	if msg.gen != s.gen {
		return
	}
	if msg.exact {
		w.onExact(msg)
		return
	}
	s.asking, s.cancel = false, nil
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			w.err = msg.err
		}
		return
	}
	if msg.held != nil {
		s.held, s.heldKnown = *msg.held, true
	}
	if msg.counted {
		s.count, s.counted, s.hidden, s.atLeast = msg.count, s.gen, msg.hidden, msg.atLeast
		if len(w.q.Texts) == 0 {
			s.total = msg.count
		}
	}
	s.from, s.rows = msg.from, make([]uictx.Row, len(msg.rows))
	for i, id := range msg.ids {
		s.rows[i] = uictx.Row{Summary: msg.rows[i], Exchange: msg.kept[id]}
	}
}

// onExact keeps the exact count that follows a lower bound, unless a
// quick count since (the store changed) says it is exact already.
func (w *walk) onExact(msg shownMsg) {
	s := &w.shown
	s.exactCancel = nil
	if msg.err != nil {
		if !errors.Is(msg.err, context.Canceled) {
			w.err = msg.err
		}
		return
	}
	if s.atLeast {
		s.count, s.atLeast = msg.count, false
	}
}

// askSums starts the footer's totals for the question in force, unless they
// are known or being added up.
func (w *walk) askSums() tea.Cmd {
	s, st := &w.shown, w.active()
	if st == nil || s.sumsBusy || s.sumsAsked == s.gen && !s.sumsDirty || w.loadAll {
		return nil // while a walk loads page after page, the totals wait for the last
	}
	if !s.answered() || s.atLeast {
		// Adding up a common search reads every donation: begun with the
		// key, it slowed the first screen several times over, and beside
		// the exact count, which reads them too, the event loop.
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.sumsBusy, s.sumsAsked, s.sumsDirty, s.sumsCancel = true, s.gen, false, cancel
	gen, f, rule := s.gen, w.filter(), w.rule()
	return func() tea.Msg {
		defer cancel()
		sums, err := sumFooter(ctx, st, f, rule)
		return footerMsg{gen: gen, sums: sums, err: err}
	}
}

// onSums keeps totals that are still for the question in force.
func (w *walk) onSums(msg footerMsg) {
	s := &w.shown
	s.sumsBusy, s.sumsCancel = false, nil
	if msg.gen != s.gen {
		return
	}
	if msg.err != nil {
		w.err = msg.err
		return
	}
	s.sums, s.sumsGen = msg.sums, msg.gen
}
