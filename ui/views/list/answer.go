// Package list is the browser's list as a model of its own: the question
// in force's answer, as the screen draws it. It owns the count, a window
// of rows, the footer's sums and the words of how whole they are; the
// root routes its messages and draws the screen from it.
//
// A question is read by one command, tagged with the question's
// generation, that decides once where the answer comes from (the store or
// the scratch walk: dataset.Answer) and brings the count, the window and
// the coverage in one message. The rest of the same answer goes on from
// that decision (dataset.Reading): the exact count after a lower bound,
// then the sums, each a message of the same chain; scrolling past the
// window reads the next window alone. A late reply to an older question
// is dropped.
package list

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/ui/tally"
	"donations/ui/uictx"
)

// windowSize is how many rows are decoded at once around what the list
// shows: a few screens, so scrolling reads the store once in a while.
const windowSize = 200

// Want is what the screen needs of the answer: the rows from Offset on,
// Height of them, and whether the sums may be added up now (Sums false:
// a walk loading page after page, whose totals wait for its last).
type Want struct {
	Offset, Height int
	Sums           bool
}

// Answer is the answer to the question in force, as the screen draws it:
// how many rows it selects and a window of them, and what they add up to.
// Commands fill it off the event loop; Update and View only read it, so
// no keypress waits on the store. Until an answer for the question in
// force arrives, the previous one stays on screen.
type Answer struct {
	gen     int // bumped when the question changes
	counted int // the gen the count is for
	count   int
	// atLeast says count is a lower bound: a search of words so common
	// that counting them reads every donation. The list shows that many
	// until the exact count, read after the first screen, replaces it.
	atLeast bool
	// hidden is, when the search finds nothing, how many the rest of the
	// question finds without it: the search is then what hides them.
	hidden int
	from   int
	rows   []uictx.Row
	// source and cover are where the count on screen was read and how
	// whole it is, read with it; known once one is in.
	source     dataset.From
	cover      dataset.Coverage
	coverKnown bool

	// reading is the source decided for the answer on screen, which the
	// rest of the answer is read from.
	reading *dataset.Reading
	want    Want
	// asking says a read of the count or a window is under way: one at a
	// time; a newer question cancels it.
	asking bool
	cancel context.CancelFunc
	// dirty says the store changed since the count on screen was read: the
	// same question is asked again once the read under way (if any) is in,
	// rather than cancelled, so a store that changes every moment (a sync)
	// still gets its answers shown.
	dirty bool
	// settled says nothing more is wanted of the store until the question,
	// the store or what the screen wants changes, or a reply comes: a read
	// that failed is not asked again on every message.
	settled bool
	// changes counts the store's and the question's changes: a view that
	// adds up the store on its own (insights, donors) reads again on one.
	changes int

	exactCancel context.CancelFunc // of the exact count under way, if any

	raw       *dataset.Sums // the sums as read, which the switch of rule tallies again
	all       bool          // the switch (key a): count every status but refunded
	sums      tally.Sums
	sumsGen   int              // the gen the sums are for
	sumsOf    *dataset.Reading // the reading the sums were read from
	sumsBusy  bool             // one totals command at a time: they are whole-store scans
	sumsAsked *dataset.Reading // the reading the totals under way read
	// sumsCancel stops the totals under way when the question changes: the
	// next key's first screen must not wait behind them.
	sumsCancel context.CancelFunc
}

// New is an answer not read yet.
func New() *Answer { return &Answer{} }

// The messages of the chain; each carries what it answers, so a late one
// is told and dropped.
type (
	// AnsweredMsg is the first half of an answer: the count, the window
	// and the coverage, and the reading the rest goes on from.
	AnsweredMsg struct {
		snap    dataset.Snapshot
		reading *dataset.Reading
		err     error
	}
	// WindowMsg is another window of the answer on screen.
	WindowMsg struct {
		reading *dataset.Reading
		offset  int
		rows    []dataset.Row
		err     error
	}
	// ExactMsg is the exact count after a lower bound.
	ExactMsg struct {
		reading *dataset.Reading
		count   int
		err     error
	}
	// SumsMsg is the second half of an answer: what it adds up to.
	SumsMsg struct {
		reading *dataset.Reading
		sums    *dataset.Sums
		err     error
	}
)

// Invalidate says the question changed: count and read again. A read
// under way for the old question is cancelled.
func (s *Answer) Invalidate() {
	s.gen++
	s.settled = false
	s.changes++
	s.reading = nil
	if s.cancel != nil {
		s.cancel()
		s.cancel, s.asking = nil, false
	}
	if s.exactCancel != nil {
		s.exactCancel()
		s.exactCancel = nil
	}
	if s.sumsCancel != nil {
		s.sumsCancel() // its answer, for an old reading, still ends sumsBusy
	}
}

// Refresh says the store changed under the same question.
func (s *Answer) Refresh() { s.dirty, s.settled, s.changes = true, false, s.changes+1 }

// Changes counts the store's and the question's changes (uictx.Rereader).
func (s *Answer) Changes() int { return s.changes }

// Answered says whether the count on screen is for the question in force.
func (s *Answer) Answered() bool { return s.counted == s.gen }

// Len is how many rows the list shows.
func (s *Answer) Len() int { return s.count }

// AtLeast says the count shown is a lower bound.
func (s *Answer) AtLeast() bool { return s.atLeast }

// Hidden is, when the search finds nothing, how many it hides.
func (s *Answer) Hidden() int { return s.hidden }

var noRow uictx.Row

// At is row i of what the list shows, or an empty row while its window is
// being read; by pointer: a row is large enough that copying one per drawn
// line shows in a profile.
func (s *Answer) At(i int) *uictx.Row {
	if i < s.from || i >= s.from+len(s.rows) {
		return &noRow
	}
	return &s.rows[i-s.from]
}

// Sums are the footer's totals; ok is false while those of the question
// in force are not in.
func (s *Answer) Sums() (t *tally.Sums, ok bool) { return &s.sums, s.sumsGen == s.gen }

// CountAll switches what the totals count (key a): every status but
// refunded, or the rule's. The groups read already are tallied again:
// the rule changes, not what the question selects.
func (s *Answer) CountAll(all bool) {
	s.all = all
	s.tally()
}

func (s *Answer) tally() {
	if s.raw == nil {
		return
	}
	rule := s.raw.Rule
	rule.All = s.all
	s.sums = tally.Of(s.raw.Groups, rule)
}

// Busy says whether a read is under way that the screen waits for.
func (s *Answer) Busy() bool { return s.asking || s.exactCancel != nil || s.sumsBusy }

// Show asks, off the event loop, what the screen needs of the answer to
// a and does not have. It reads nothing when the screen wants what it
// wanted and nothing changed since: the root calls it whatever the
// message, and a tick changes nothing.
func (s *Answer) Show(a func() dataset.Asked, w Want) tea.Cmd {
	if w == s.want && s.settled {
		return nil
	}
	s.want = w
	return s.next(a)
}

// next is the next read of the chain, if one is wanted: the first half
// of a new answer, the window the screen has moved to, the exact count
// after a lower bound, then the sums.
func (s *Answer) next(a func() dataset.Asked) tea.Cmd {
	s.settled = true
	switch {
	case !s.Answered() || s.dirty || s.reading == nil:
		if s.asking {
			return nil // what the read under way brings says what comes next
		}
		return s.first(a())
	case s.asking:
		return tea.Batch(s.exact(), s.total())
	}
	return tea.Batch(s.window(), s.exact(), s.total())
}

// first reads the count, quickly, and the window: the one decision of
// where the answer comes from.
func (s *Answer) first(a dataset.Asked) tea.Cmd {
	if !a.Ready() {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.asking, s.cancel, s.dirty = true, cancel, false
	r := a.Request(s.gen)
	r.Window = s.span()
	return func() tea.Msg {
		defer cancel()
		snap, rd, err := dataset.Answer(ctx, r)
		return AnsweredMsg{snap: snap, reading: rd, err: err}
	}
}

// span is the window around the screen. Near the end it is what is left
// from its first row on: still the screen, which starts a third of a
// window after it.
func (s *Answer) span() dataset.Window {
	return dataset.Window{Offset: max(0, s.want.Offset-windowSize/3), Limit: windowSize}
}

// window reads the window the screen has moved to, from the reading in
// force, unless the one on hand holds the screen.
func (s *Answer) window() tea.Cmd {
	offset := s.want.Offset
	last := min(offset+s.want.Height, s.count) - 1
	if last < offset || offset >= s.from && last < s.from+len(s.rows) {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.asking, s.cancel = true, cancel
	rd, w := s.reading, s.span()
	if !s.atLeast {
		w.Total = s.count
	}
	return func() tea.Msg {
		defer cancel()
		rows, err := rd.Window(ctx, w)
		return WindowMsg{reading: rd, offset: w.Offset, rows: rows, err: err}
	}
}

// exact counts exactly, apart from the window's reads so that scrolling
// does not wait for it, what a quick count gave a lower bound of.
func (s *Answer) exact() tea.Cmd {
	if !s.atLeast || s.exactCancel != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.exactCancel = cancel
	rd := s.reading
	return func() tea.Msg {
		defer cancel()
		n, err := rd.Exact(ctx)
		return ExactMsg{reading: rd, count: n, err: err}
	}
}

// total adds up the answer in force, unless its sums are in or being
// added up. Adding up a common search reads every donation: begun with
// the key, it slowed the first screen several times over, and beside the
// exact count, which reads them too, the event loop; so it waits for the
// exact count.
func (s *Answer) total() tea.Cmd {
	if !s.want.Sums || s.atLeast || s.sumsBusy || s.sumsOf == s.reading {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.sumsBusy, s.sumsAsked, s.sumsCancel = true, s.reading, cancel
	rd := s.reading
	return func() tea.Msg {
		defer cancel()
		sums, err := rd.Sums(ctx)
		return SumsMsg{reading: rd, sums: sums, err: err}
	}
}
