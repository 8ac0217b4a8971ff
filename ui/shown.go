package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/ui/tally"
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
	// source and cover are where the count on screen was read and how
	// whole it is (coverage.go), read with it; known once one is in.
	source     dataset.From
	cover      dataset.Coverage
	coverKnown bool

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

	sums      tally.Sums
	sumsGen   int  // the gen the sums are for
	sumsAsked int  // the gen a totals command is running for, if any
	sumsBusy  bool // one totals command at a time: they are whole-store scans
	// sumsCancel stops the totals under way when the question changes: the
	// next key's first screen must not wait behind them.
	sumsCancel context.CancelFunc
}

// shownMsg is an answer read off the event loop for the gen it echoes.
type shownMsg struct {
	snap    dataset.Snapshot
	counted bool // the count is new (else the window alone was read)
	exact   bool // the exact count alone, after a lower bound
	err     error
}

type footerMsg struct {
	gen  int
	sums tally.Sums
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

// request is the request every answer the list shows starts from: the
// question in force, for the gen in force, of the store and the walk.
func (w *walk) request(parts dataset.Parts) dataset.AnswerRequest {
	return w.asked().Request(parts, w.shown.gen)
}

// answer is r's answer as a command's message.
func answer(ctx context.Context, r dataset.AnswerRequest, counted, exact bool) shownMsg {
	snap, err := dataset.Answer(ctx, r)
	return shownMsg{snap: snap, counted: counted, exact: exact, err: err}
}

// askExact counts exactly, apart from the window's reads so that scrolling
// does not wait for it, what a quick count gave a lower bound of.
func (w *walk) askExact() tea.Cmd {
	s := &w.shown
	if !w.asked().Ready() || !s.atLeast || s.exactCancel != nil || !s.answered() {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.exactCancel = cancel
	r := w.request(dataset.PartExact)
	return func() tea.Msg {
		defer cancel()
		return answer(ctx, r, true, true)
	}
}

// askWindow reads the count for a new question, quickly, and the window.
// Near the end the window is what is left from its first row on: still
// the screen, which starts a third of a window after it.
func (w *walk) askWindow(offset, height int) tea.Cmd {
	s := &w.shown
	if !w.asked().Ready() || s.asking {
		return nil
	}
	recount := !s.answered() || s.dirty
	last := min(offset+height, s.count) - 1
	if !recount && (last < offset || offset >= s.from && last < s.from+len(s.rows)) {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.asking, s.cancel, s.dirty = true, cancel, false
	r := w.request(0)
	r.Window = dataset.Window{Offset: max(0, offset-windowSize/3), Limit: windowSize}
	switch {
	case recount:
		r.Parts = dataset.PartCount
	case !s.atLeast:
		r.Window.Total = s.count
	}
	return func() tea.Msg {
		defer cancel()
		return answer(ctx, r, recount, false)
	}
}

// onShown keeps an answer that is still for the question in force.
func (w *walk) onShown(msg shownMsg) {
	s, snap := &w.shown, &msg.snap
	if snap.Gen != s.gen {
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
	if msg.counted {
		s.count, s.counted, s.hidden, s.atLeast = snap.Count, s.gen, snap.Hidden, snap.AtLeast
		s.covered(snap)
		if len(w.q.Texts) == 0 {
			s.total = snap.Count
		}
	}
	s.from, s.rows = snap.Offset, make([]uictx.Row, len(snap.Rows))
	for i, r := range snap.Rows {
		s.rows[i] = uictx.Row{Summary: r.Summary, Exchange: r.Kept}
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
		s.count, s.atLeast = msg.snap.Count, false
		s.covered(&msg.snap)
	}
}

// askSums starts the footer's totals for the question in force, unless they
// are known or being added up.
func (w *walk) askSums() tea.Cmd {
	s := &w.shown
	if !w.asked().Ready() || s.sumsBusy || s.sumsAsked == s.gen && !s.sumsDirty || w.loadAll {
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
	r := w.request(dataset.PartSums)
	return func() tea.Msg {
		defer cancel()
		snap, err := dataset.Answer(ctx, r)
		msg := footerMsg{gen: snap.Gen, err: err}
		if err == nil && snap.Sums != nil {
			msg.sums = tally.Of(snap.Sums.Groups, snap.Sums.Rule)
		}
		return msg
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
