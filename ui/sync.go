package ui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/store"
)

// Syncer brings the local store up to date, telling progress as it goes.
// The wiring gives one when the browser reads from a store; nil otherwise.
type Syncer func(ctx context.Context, progress func(store.Progress)) (store.SyncResult, error)

type syncProgressMsg struct{ p store.Progress }

type syncDoneMsg struct {
	res store.SyncResult
	err error
}

// syncer runs one background sync at the start and keeps what the header
// says of it.
type syncer struct {
	run      Syncer
	running  bool
	progress store.Progress
	last     time.Time // the last sync that finished, zero if none
	lastFull time.Time // the last that re-read every page, zero if none
	prog     chan store.Progress
	done     chan syncDoneMsg
}

// start runs the sync off the event loop; its messages come back through
// wait, one at a time.
func (s *syncer) start() tea.Cmd {
	if s.run == nil || s.running {
		return nil
	}
	s.running = true
	s.prog, s.done = make(chan store.Progress, 1), make(chan syncDoneMsg, 1)
	run, prog, done := s.run, s.prog, s.done
	return func() tea.Msg {
		go func() {
			res, err := run(context.Background(), func(p store.Progress) {
				select { // a progress report the screen has not taken yet is replaced
				case <-prog:
				default:
				}
				prog <- p
			})
			done <- syncDoneMsg{res, err}
		}()
		return wait(prog, done)()
	}
}

func wait(prog chan store.Progress, done chan syncDoneMsg) tea.Cmd {
	return func() tea.Msg {
		select {
		case p := <-prog:
			return syncProgressMsg{p}
		case d := <-done:
			return d
		}
	}
}

// onProgress keeps a report and waits for the next.
func (s *syncer) onProgress(msg syncProgressMsg) tea.Cmd {
	s.progress = msg.p
	return wait(s.prog, s.done)
}

// onDone says whether the sync changed what the store holds.
func (s *syncer) onDone(msg syncDoneMsg, now time.Time) (changed bool, note string) {
	s.running = false
	if msg.err != nil {
		return false, "sync stopped: " + firstLine(msg.err.Error()) + " (what it saved is kept)"
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

// status is what the header says of the store: "" when there is none. A
// wide header says too when every page was last re-read (refunds of old
// gifts are found then).
func (s *syncer) status(now time.Time, wide bool) string {
	switch {
	case s.run == nil:
		return ""
	case s.running && s.progress.Page > 0:
		return fmt.Sprintf("syncing… page %d, %d new", s.progress.Page, s.progress.New)
	case s.running:
		return "syncing…"
	case s.last.IsZero():
		return "not synced"
	}
	st := "synced " + ago(now.Sub(s.last))
	if wide && !s.lastFull.IsZero() && s.last.Sub(s.lastFull) > time.Minute {
		st += " (in full " + ago(now.Sub(s.lastFull)) + ")"
	}
	return st
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
