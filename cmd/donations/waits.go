package main

import (
	"fmt"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
)

// waitNotice tells a person on stderr why `list` is not moving, when the
// client waits more than api.LongWait.
func waitNotice(e env) func(api.Wait) {
	return func(w api.Wait) {
		fmt.Fprintf(e.stderr, "donations: page %d: %s (until %s)\n", w.Page, w.Reason, w.Until.Format(time.TimeOnly))
	}
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
