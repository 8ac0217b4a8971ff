package ui

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/ask"
	"donations/dataset"
	"donations/ui/uictx"
	listview "donations/ui/views/list"
)

// pageMsg is the answer to one step of a walk through the API, already put
// in the walk's scratch store; gen says which walk.
type pageMsg struct {
	gen  int
	step dataset.Step
	err  error
}

// browserData is the browser's data. Every question the list, the totals and the
// views ask is a query on a store: the profile's own once it has been
// synced, or else a scratch store in memory that a walk through the API
// fills a page at a time as the user scrolls (--demo, --no-cache, a first
// sync still running, a campaign the store cannot filter by). One code path
// answers both; a scratch store answers over what is loaded.
type browserData struct {
	src   Source
	local dataset.Local // the profile's store; none without one
	sync  syncer        // the store's background sync

	// q is the question in force; its Query.PerPage is the config's page
	// size, which no question changes.
	q   ask.Question
	now func() time.Time
	// picked says the sort in force is the user's choice, this run or a
	// remembered one: the next run opens on it rather than newest first.
	picked bool
	// allStatuses is the switch (key a) that has the totals count every
	// status but refunded, not only the paid gifts (rule).
	allStatuses bool

	// The walk through the API into scratch, when the store cannot answer.
	scratch *dataset.Scratch
	order   api.Order // the end of the API a walk reads first
	gen     int
	cancel  context.CancelFunc

	loading, loadAll, done bool
	loaded                 int // donations the walk has brought
	pages                  int // pages the walk has brought
	err                    error
	warnings               []string

	shown      *listview.Answer // the list's answer to the question in force
	shownAt    time.Time        // when a running sync last refreshed it
	recountDue bool             // a refresh is set for the end of the second after shownAt
}

// source is where the answer to the question in force comes from, by the
// rule the commands follow too (dataset.SourceFor).
func (w *browserData) source() dataset.From {
	return w.asked().Source()
}

// asked is the question in force and what answers it, as the views and
// the list read it through the dataset.
func (w *browserData) asked() dataset.Asked {
	return w.local.Ask(w.q, w.allStatuses, !w.sync.last.IsZero(), w.scratch)
}

// fromStore says whether the profile's store answers.
func (w *browserData) fromStore() bool { return w.source() == dataset.FromStore }

// pending says a page is on its way, or none is in yet of a walk that may
// find rows: what is newest is not known yet.
func (w *browserData) pending() bool { return w.loading || w.Len() == 0 && !w.done }

// narrowed says whether the store selects fewer rows than are loaded: then
// scrolling to the end fetches nothing on its own (G does).
func (w *browserData) narrowed() bool {
	if w.fromStore() {
		return false
	}
	for _, f := range ask.Fields {
		if !f.Server && f.Name != "dates" && w.q.Has(f.Name) { // the walk reads only the range's pages
			return true
		}
	}
	return false
}

// restart starts over for the server's filters and order in force: a new
// walk into a new scratch store, unless the profile's store answers.
func (w *browserData) restart() {
	w.stop()
	w.gen++
	if w.scratch != nil {
		go w.scratch.Close() // it waits for a page being stored to end
		w.scratch = nil
	}
	w.loading, w.loadAll, w.done = false, false, true
	w.loaded, w.pages, w.err, w.warnings = 0, 0, nil, nil
	if !w.fromStore() {
		// A walk loads every page of its question, so that what it
		// answers becomes whole; Esc stops it, G goes on.
		sc, err := dataset.NewScratch(context.Background(), w.src, w.q.Query, w.order, w.q.Filter.Dates)
		if err != nil {
			w.err = err
		} else {
			w.scratch, w.done, w.loadAll = sc, false, true
		}
	}
	if w.q.Sort == "" {
		w.q.Desc = w.order == api.NewestFirst
	}
	w.shown.Invalidate()
}

// fetch asks for the next page unless one is on its way or none is left.
func (w *browserData) fetch() tea.Cmd {
	if w.loading || w.done || w.scratch == nil {
		return nil
	}
	w.loading = true
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	sc, gen := w.scratch, w.gen
	return func() tea.Msg {
		step, err := sc.Next(ctx)
		return pageMsg{gen: gen, step: step, err: err}
	}
}

// onPage notes a page the walk stored; it says whether rows arrived for this
// walk, so the list may go on loading.
func (w *browserData) onPage(msg pageMsg) bool {
	if msg.gen != w.gen {
		return false
	}
	w.loading = false
	w.cancel = nil
	w.warnings = msg.step.Warnings
	if msg.err != nil {
		w.loadAll = false
		w.shown.Refresh() // pages stored since the last count
		if !errors.Is(msg.err, context.Canceled) {
			w.err = msg.err
		}
		return false
	}
	w.err = nil
	w.loaded += msg.step.New
	w.done = msg.step.Done
	w.pages++
	// While G loads page after page, what is shown is counted and read
	// again every tenth page, not after each.
	if !w.loadAll || w.done || w.pages%10 == 0 {
		w.shown.Refresh()
	}
	return true
}

// stored counts the rows a sync other than the walk's own (Live's) put in
// its store: the header's "N of M loaded" must count them among the loaded.
func (w *browserData) stored(n int) {
	if n > 0 && !w.fromStore() {
		w.loaded += n
		w.shown.Refresh()
	}
}

// stopLoadingAll stops a G in progress. The cancelled step comes back as
// context.Canceled and changes nothing in the walker; until it does, loading
// stays set so no second step runs on the same walker at once.
func (w *browserData) stopLoadingAll() {
	w.loadAll = false
	w.shown.Refresh()
	if w.cancel != nil {
		w.cancel()
	}
}

func (w *browserData) stop() {
	if w.cancel != nil {
		w.cancel()
	}
}

// reorder reverses the sort. By date over a walk still loading, the other
// end of the API is what the user wants to see first, so the walk starts
// again from it; a walk that has loaded everything is only sorted again.
func (w *browserData) reorder() {
	if w.q.Sort == "" && !w.fromStore() && !w.done {
		w.order = 1 - w.order
		w.restart()
		return
	}
	w.q.Desc = !w.q.Desc
	if w.q.Sort == "" {
		w.order = 1 - w.order
	}
	w.shown.Invalidate()
}

// sortBy orders by a query.Sorts key; the same key again reverses.
func (w *browserData) sortBy(key string) {
	if key == "date" {
		key = ""
	}
	if key == w.q.Sort {
		w.reorder()
		return
	}
	w.q.Sort, w.q.Desc = key, key == "amount" // the biggest gift first is what one looks for
	if key == "" {
		w.q.Desc = w.order == api.NewestFirst
	}
	w.shown.Invalidate()
}

// setSearch narrows the rows to those matching text, in the store, from
// the first letter at any size: the store answers a screenful at once and
// counts a common word at least (shownRows.atLeast) until it has counted
// it whole.
func (w *browserData) setSearch(text string) {
	if strings.TrimSpace(text) == w.q.Texts["search"] {
		return
	}
	if q, err := w.q.With("search", text, w.now()); err == nil {
		w.q = q
		w.shown.Invalidate()
	}
}

// onSyncProgress shows what a running sync has stored so far, at most once
// a second: counting a large store is not free. Pages stored within the
// second after a count are counted at its end: a sync that then waits (on
// a rate limit's reset) would leave them off the screen for the wait.
func (w *browserData) onSyncProgress(now time.Time) tea.Cmd {
	switch {
	case !w.fromStore():
		return nil
	case now.Sub(w.shownAt) >= time.Second:
		w.shownAt = now
		w.shown.Refresh()
		return nil
	case w.recountDue:
		return nil
	}
	w.recountDue = true
	return tea.Tick(w.shownAt.Add(time.Second).Sub(now), func(time.Time) tea.Msg { return recountMsg{} })
}

// Len is how many rows the list shows.
func (w *browserData) Len() int { return w.shown.Len() }

// At is row i of what the list shows (listview.Answer's).
func (w *browserData) At(i int) *uictx.Row { return w.shown.At(i) }

// show asks what the screen from offset on needs of the answer and does
// not have; nothing when nothing changed. While a walk loads page after
// page, the totals wait for the last.
func (w *browserData) show(offset, height int) tea.Cmd {
	return w.shown.Show(w.asked, listview.Want{Offset: offset, Height: height, Sums: !w.loadAll})
}

// onAnswer keeps a reply of the list's reads; ok is false for any other
// message.
func (w *browserData) onAnswer(msg tea.Msg) (tea.Cmd, bool) {
	cmd, err, ok := w.shown.Update(msg, w.asked)
	if err != nil {
		w.err = err
	}
	return cmd, ok
}

// partial is "" when the answer on screen is whole, else what it covers,
// in words (listview.Answer.Partial).
func (w *browserData) partial() string {
	return w.shown.Partial(listview.Loading{Source: w.source(), Walking: w.scratch != nil, Done: w.done, All: w.loadAll,
		Loaded: w.loaded, Synced: !w.sync.last.IsZero(), Syncing: w.sync.running, Progress: w.sync.progress})
}

// recountMsg is the end of the second after a count during a sync.
type recountMsg struct{}

func (w *browserData) onRecount(now time.Time) {
	w.recountDue = false
	w.shownAt = now
	w.shown.Refresh()
}
