package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"donations/api"
	"donations/dataset"
	"donations/textsafe"
)

// statusLine is a sync's one line on a terminal: its progress and, while
// it waits for the server, why; redrawn in place. Lines of their own
// (--verbose requests, notes) are written above it: the line is cleared
// first and drawn again after, so nothing is written over it.
type statusLine struct {
	mu    sync.Mutex
	f     *os.File
	width int
	p     dataset.Progress
	wait  api.Wait
	drawn bool
}

func newStatusLine(f *os.File) *statusLine { return &statusLine{f: f, width: width(f)} }

// watched runs read on a Watcher of st and shows its progress on the line
// (nil: none), from the store's one stream of sync events as the browser's
// header does; the line is cleared when read's end has been told.
func (s *statusLine) watched(ctx context.Context, st dataset.Local, read func(*dataset.Watcher) (dataset.SyncResult, error)) (dataset.SyncResult, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := st.Watch(ctx, dataset.WatchOptions{})
	told := make(chan struct{})
	go func() {
		defer close(told)
		for e := range w.Events() {
			switch {
			case e.By != dataset.ByMine:
			case e.Done:
				return
			case s != nil:
				s.progress(e.Progress)
			}
		}
	}()
	res, err := read(w)
	<-told
	if s != nil {
		s.done()
	}
	return res, err
}

// progress shows a sync's progress.
func (s *statusLine) progress(p dataset.Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.p = p
	s.draw()
}

// waiting shows why the sync waits, until it goes on.
func (s *statusLine) waiting(w api.Wait) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wait = w
	s.draw()
}

// above writes lines of its own above the status line.
func (s *statusLine) above(write func(io.Writer)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
	write(s.f)
	s.draw()
}

// done clears the line for good.
func (s *statusLine) done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
}

func (s *statusLine) clear() {
	if s.drawn {
		fmt.Fprint(s.f, "\r\x1b[K")
		s.drawn = false
	}
}

// draw writes the line, our own text past safeText so that its carriage
// return and erase-line can redraw it in place.
func (s *statusLine) draw() {
	now := time.Now()
	line := progressLine(s.p, now)
	if s.wait.Until.After(now) {
		line = fmt.Sprintf("%s: %s · %s", waitLead(s.wait, s.wait.Until.Sub(now)), s.wait.Reason, line)
	}
	fmt.Fprint(s.f, "\r\x1b[K"+textsafe.Truncate(line, s.width))
	s.drawn = true
}

// progressLine is one line of a sync's progress, for a terminal: a bar of
// the pages read of those to read and the time to go (Left), or the
// store's end once every page is stored, first, where a narrow terminal
// does not cut them off; then what was stored and how fast, the requests
// and the server's budget left.
func progressLine(p dataset.Progress, now time.Time) string {
	done, total := p.Read()
	line := fmt.Sprintf("syncing: page %d", p.Page)
	switch {
	case total > 0 && p.Ending:
		line = fmt.Sprintf("syncing %s %d of %d pages", bar(done, total, 20), done, total)
	case total > 0:
		line = fmt.Sprintf("syncing %s %d of %d pages (page %d)", bar(done, total, 20), done, total, p.Page)
	}
	if left := p.Left(); p.Ending {
		line += " · " + dataset.EndingWords
	} else if left >= time.Second {
		line += " · about " + left.Round(time.Second).String() + " left"
	}
	if p.About > 0 {
		// The browser's header and its partial note say the same pair.
		line += fmt.Sprintf(" · %s of ≈%s held", textsafe.Thousands(strconv.Itoa(p.Held)), textsafe.Thousands(strconv.Itoa(p.About)))
	}
	line += fmt.Sprintf(" · %d new, %d updated", p.New, p.Updated)
	if s := p.Elapsed.Seconds(); s >= 1 {
		line += fmt.Sprintf(" (%.0f/s)", float64(p.New+p.Updated)/s)
	}
	line += fmt.Sprintf(" · %d requests", p.Requests)
	if p.Budgeted {
		line += fmt.Sprintf(" · budget %d of %d", p.Budget.Remaining, p.Budget.Limit)
		if p.Budget.Remaining == 0 && p.Budget.Reset.After(now) {
			line += ", resets in " + p.Budget.Reset.Sub(now).Round(time.Second).String()
		}
	}
	return line + " · " + p.Elapsed.Round(time.Second).String()
}

// bar draws done of total as width cells.
func bar(done, total, width int) string {
	n := min(width, max(0, done*width/max(total, 1)))
	return "[" + strings.Repeat("#", n) + strings.Repeat("-", width-n) + "]"
}
