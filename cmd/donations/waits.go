package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
)

// waitNotice tells a person on stderr why `list` is not moving, when the
// client waits more than api.LongWait. Pages fetched side by side wait for the
// same reset: one line says it for all of them.
func waitNotice(e env) func(api.Wait) {
	var mu sync.Mutex
	var last time.Time
	return func(w api.Wait) {
		mu.Lock()
		defer mu.Unlock()
		if d := w.Until.Sub(last); d > -time.Second && d < time.Second {
			return
		}
		last = w.Until
		fmt.Fprintf(e.stderr, "donations: page %d: %s: %s (until %s)\n", w.Page, waitLead(w, w.Duration), w.Reason, w.Until.Format(time.TimeOnly))
	}
}

// waitLead is how long w has left, said before its reason: "retrying in
// 6s" for a retry, "waiting 25s" for the server's budget. The reason says
// no duration, so a line counting left down never contradicts itself.
func waitLead(w api.Wait, left time.Duration) string {
	if w.Attempts > 0 {
		return "retrying in " + left.Round(time.Second).String()
	}
	return "waiting " + left.Round(time.Second).String()
}

// waitsToProgram hands each long wait to the browser as an api.Wait message,
// for its status line. The client is made before the program, so the
// program is set once it exists; a wait before that is not shown.
type waitsToProgram struct{ p atomic.Pointer[tea.Program] }

func (f *waitsToProgram) send(w api.Wait) {
	if p := f.p.Load(); p != nil {
		p.Send(w)
	}
}

// exchange hands each request to the browser's request log.
func (f *waitsToProgram) exchange(x api.Exchange) {
	if p := f.p.Load(); p != nil {
		p.Send(x)
	}
}
