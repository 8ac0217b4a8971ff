package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/dataset"
	"donations/ui/uictx"
)

// Syncer brings the local store up to date and tells how the store's
// syncs stand (Live's and other processes' too) on one stream of events.
// The wiring gives one when the browser reads from a store; nil otherwise.
type Syncer interface {
	// Watch starts the store's stream of sync events, ended with ctx.
	Watch(ctx context.Context) *dataset.Watcher
	// Sync runs a sync told on w as the browser's own; want, asked between
	// its pages, is the date range of the browser's question, which a
	// first sync reads first.
	Sync(ctx context.Context, w *dataset.Watcher, want func() (api.DateRange, bool)) (dataset.SyncResult, error)
}

// StoreSyncer is the Syncer of the store held, read from src as o says.
func StoreSyncer(h dataset.Local, src dataset.Source, o dataset.SyncOptions) Syncer {
	return storeSyncer{h, src, o}
}

type storeSyncer struct {
	h   dataset.Local
	src dataset.Source
	o   dataset.SyncOptions
}

func (s storeSyncer) Watch(ctx context.Context) *dataset.Watcher {
	return s.h.Watch(ctx, dataset.WatchOptions{})
}

func (s storeSyncer) Sync(ctx context.Context, w *dataset.Watcher, want func() (api.DateRange, bool)) (dataset.SyncResult, error) {
	o := s.o
	o.Want = want
	return w.Sync(ctx, s.src, o)
}

// wanted is the date range of the question in force, which the background
// sync reads first where the store does not hold it: the event loop sets
// it, the sync reads it between pages.
type wanted struct {
	mu sync.Mutex
	r  api.DateRange
}

func (w *wanted) set(r api.DateRange) {
	w.mu.Lock()
	w.r = r
	w.mu.Unlock()
}

func (w *wanted) get() (api.DateRange, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.r, !w.r.IsZero()
}

// syncProgressMsg is an event of the store's syncs but our own's end.
type syncProgressMsg struct{ e dataset.Event }

// syncDoneMsg is the end of our own sync.
type syncDoneMsg struct {
	res dataset.SyncResult
	err error
}

// syncer runs one background sync at the start and keeps what the header
// says of the store's syncs, as the store's stream of events tells them.
type syncer struct {
	run      Syncer
	events   *dataset.Watcher // the store's stream, from the first sync on
	running  bool             // the background sync
	other    bool             // another sync of the store: Live's, or another process's
	progress dataset.Progress
	last     time.Time // the last sync that finished, zero if none
	lastFull time.Time // the last that re-read every page, zero if none
	err      error     // why the background sync stopped; R starts it again
	want     *wanted   // the question's dates, shared with the running sync
}

// start begins reading the store's events and runs the sync off the event
// loop; its events come back through next, one at a time.
func (s *syncer) start() tea.Cmd {
	if s.run == nil || s.running {
		return nil
	}
	s.events = s.run.Watch(context.Background()) // before the sync: it tells from its first page
	return tea.Batch(s.sync(), s.next())
}

// sync runs the background sync, whose end comes as an event.
func (s *syncer) sync() tea.Cmd {
	s.running = true
	run, events, want := s.run, s.events, s.want.get
	return func() tea.Msg {
		_, _ = run.Sync(context.Background(), events, want) // its end is told on the stream
		return nil
	}
}

// next waits for the store's next sync event.
func (s *syncer) next() tea.Cmd {
	events := s.events.Events()
	return func() tea.Msg {
		e, ok := <-events
		switch {
		case !ok:
			return nil
		case e.Done && e.By == dataset.ByMine:
			return syncDoneMsg{e.Result, e.Err}
		}
		return syncProgressMsg{e}
	}
}

// onProgress keeps what an event says and waits for the next.
func (s *syncer) onProgress(msg syncProgressMsg) tea.Cmd {
	switch e := msg.e; {
	case e.Status != nil:
		// Our own sync, and Live's, tell their progress themselves: a
		// status read says only whether another process's sync runs, and
		// when the last sync of all ended.
		st := e.Status
		s.other = st.Running && (e.By == dataset.ByElsewhere || s.other)
		s.last, s.lastFull = later(s.last, st.LastSync), later(s.lastFull, st.LastFull)
	case e.By == dataset.ByMine:
		s.progress = e.Progress
	default: // another sync of this process: Live's
		s.other = !e.Done
	}
	return s.next()
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// onDone says whether the sync changed what the store holds.
func (s *syncer) onDone(msg syncDoneMsg, now time.Time) (changed bool, note string) {
	s.running = false
	if s.err = msg.err; msg.err != nil {
		return false, ""
	}
	s.last = now
	r := msg.res
	if r.Full {
		s.lastFull = now
	}
	if r.New+r.Updated+r.Removed == 0 {
		return false, ""
	}
	return true, fmt.Sprintf("synced: %d new, %d updated, %d removed", r.New, r.Updated, r.Removed)
}

// status is what the header says of the store, "" when there is none: the
// longest form first, then shorter ones for a narrower header. A wide
// header says too when every page was last re-read (refunds of old gifts
// are found then).
func (s *syncer) status(now time.Time, wide bool) []string {
	switch {
	case s.run == nil:
		return nil
	case s.running && (s.progress.Page > 0 || s.progress.WantedPage > 0):
		return progressForms(s.progress, now, wide)
	case s.running, s.other:
		return []string{"syncing…"}
	case s.last.IsZero():
		return []string{"not synced"}
	}
	st := "synced " + ago(now.Sub(s.last))
	if wide && !s.lastFull.IsZero() && s.last.Sub(s.lastFull) > time.Minute {
		return []string{st + " (in full " + ago(now.Sub(s.lastFull)) + ")", st}
	}
	return []string{st}
}

// progressPart is a piece of a running sync's line, kept while the header
// has room for the pieces of its rank and above.
type progressPart struct {
	text string
	rank int
}

// progressForms is a running sync's progress as one line in forms from the
// longest to the shortest: the donations held of about how many, which
// every form keeps and which the partial note says too; the pages read
// and the server's budget go first, then the time left. No form cuts a
// number.
func progressForms(p dataset.Progress, now time.Time, wide bool) []string {
	parts := []progressPart{{"syncing " + uictx.Commas(p.Held), 3}}
	if p.About > 0 {
		parts[0].text += " of ≈" + uictx.Commas(p.About)
	}
	if p.Ending {
		parts = append(parts, progressPart{"every page stored", 1}, progressPart{dataset.EndingWords, 3})
	} else if p.WantedPage > 0 {
		parts = append(parts, progressPart{rangeName(p.Wanted, now.Location()) + " first", 2})
	} else if done, total := p.Read(); total > 0 && done > 0 {
		parts = append(parts, progressPart{uictx.Commas(done) + "/" + uictx.Commas(total) + " pages", 1})
	}
	if wide && p.Budgeted {
		parts = append(parts, progressPart{uictx.Commas(p.Budget.Remaining) + " requests left", 0})
	}
	done, total := p.Read()
	if p.Budgeted && p.Budget.Remaining < total-done && p.Budget.Reset.After(now) {
		parts = append(parts, progressPart{"the budget resets in " + p.Budget.Reset.Sub(now).Round(time.Second).String(), 2})
	} else if left := p.Left(); left >= time.Second && p.WantedPage == 0 {
		parts = append(parts, progressPart{"~" + left.Round(time.Second).String() + " left", 2})
	}
	var forms []string
	for rank := 0; rank <= 3; rank++ {
		var kept []string
		for _, part := range parts {
			if part.rank >= rank {
				kept = append(kept, part.text)
			}
		}
		if form := strings.Join(kept, " · "); len(forms) == 0 || forms[len(forms)-1] != form {
			forms = append(forms, form)
		}
	}
	return forms
}

// rangeName names a date range as briefly as it goes: a month (2025-03),
// a day, or its first and last days.
func rangeName(r api.DateRange, loc *time.Location) string {
	day := func(t time.Time) string { return t.In(loc).Format("2006-01-02") }
	since, until := r.Since.In(loc), r.Until.In(loc)
	midnight := since.Equal(time.Date(since.Year(), since.Month(), since.Day(), 0, 0, 0, 0, loc))
	switch {
	case r.Since.IsZero():
		return "to " + day(r.Until.Add(-time.Nanosecond))
	case r.Until.IsZero():
		return "from " + day(r.Since)
	case midnight && since.Day() == 1 && until.Equal(since.AddDate(0, 1, 0)):
		return since.Format("2006-01")
	case midnight && until.Equal(since.AddDate(0, 0, 1)):
		return day(r.Since)
	}
	return day(r.Since) + "–" + day(r.Until.Add(-time.Nanosecond))
}

func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}
