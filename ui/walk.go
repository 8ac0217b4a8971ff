package ui

import (
	"context"
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"donations/api"
)

// pageMsg is the answer to one step of a walk; gen says which walk.
type pageMsg struct {
	gen      int
	batch    api.Batch
	err      error
	warnings []string
}

// walk is the browser's data: the query and order in force, the walker
// reading them, and what has arrived. The root owns it; children read it and
// ask it to fetch. A reply to an old walk is recognised by its gen and dropped.
type walk struct {
	src    Source
	query  api.Query
	order  api.Order
	walker Walker
	gen    int
	cancel context.CancelFunc

	loading, loadAll, done bool
	rows                   loadedRows
	tally                  tally
	err                    error
	warnings               []string
	sync                   syncer // the store's background sync, when rows come from one
}

// restart drops what is loaded and starts a new walk for the query and order
// in force.
func (w *walk) restart() {
	if w.cancel != nil {
		w.cancel()
	}
	w.gen++
	w.walker = w.src.Walk(w.query, w.order, 1)
	w.rows.reset()
	w.tally = newTally()
	w.loading, w.loadAll, w.done = false, false, false
	w.err, w.warnings = nil, nil
}

// fetch asks for the next page unless one is on its way or none is left.
func (w *walk) fetch() tea.Cmd {
	if w.loading || w.done || w.walker == nil {
		return nil
	}
	w.loading = true
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	walker, gen := w.walker, w.gen
	return func() tea.Msg {
		b, err := walker.Next(ctx)
		return pageMsg{gen: gen, batch: b, err: err, warnings: walker.Warnings()}
	}
}

// onPage adds a page's rows; it says whether rows arrived for this walk, so
// the list may go on loading.
func (w *walk) onPage(msg pageMsg) bool {
	if msg.gen != w.gen {
		return false
	}
	w.loading = false
	w.cancel = nil
	w.warnings = msg.warnings
	if msg.err != nil {
		w.loadAll = false
		if !errors.Is(msg.err, context.Canceled) {
			w.err = msg.err
		}
		return false
	}
	w.err = nil
	var ex *api.Exchange
	if msg.batch.Page != nil {
		// A copy: a pointer into the page would keep its full records alive.
		x := msg.batch.Page.Exchange
		ex = &x
	}
	for i := range msg.batch.Donations {
		r := newRow(&msg.batch.Donations[i], ex)
		w.tally.add(&r.s)
		w.rows.add(r)
	}
	w.done = msg.batch.Done
	return true
}

// stopLoadingAll stops a G in progress. The cancelled step comes back as
// context.Canceled and changes nothing in the walker; until it does, loading
// stays set so no second step runs on the same walker at once.
func (w *walk) stopLoadingAll() {
	w.loadAll = false
	if w.cancel != nil {
		w.cancel()
	}
}

func (w *walk) stop() {
	if w.cancel != nil {
		w.cancel()
	}
}

// Rows is what the list shows, by position. Today it is the loaded rows,
// narrowed by the quick search; a store-backed list would be a window over a
// query behind the same two methods.
type Rows interface {
	Len() int
	At(i int) *row
}

// loadedRows is every row that has arrived, and the quick search over them.
type loadedRows struct {
	all     []row
	words   []string // the folded quick search; nil when none is set
	matched []int    // rows matching words
}

func (l *loadedRows) reset() { l.all, l.matched = nil, nil }

func (l *loadedRows) add(r row) {
	l.all = append(l.all, r)
	if l.words != nil && r.matches(l.words) {
		l.matched = append(l.matched, len(l.all)-1)
	}
}

func (l *loadedRows) searching() bool { return l.words != nil }

// Len is how many rows the list shows.
func (l *loadedRows) Len() int {
	if l.words != nil {
		return len(l.matched)
	}
	return len(l.all)
}

// At is row i of what the list shows, by pointer: rows are large enough that
// copying one per drawn line shows in a profile.
func (l *loadedRows) At(i int) *row {
	if l.words != nil {
		return &l.all[l.matched[i]]
	}
	return &l.all[i]
}

func (l *loadedRows) search(text string) {
	words := strings.Fields(fold(text))
	if len(words) == 0 {
		l.words, l.matched = nil, nil
		return
	}
	l.words = words
	l.matched = l.matched[:0]
	for i := range l.all {
		if l.all[i].matches(words) {
			l.matched = append(l.matched, i)
		}
	}
}
