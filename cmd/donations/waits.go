package main

import (
	"fmt"
	"time"

	"donations/api"
)

// waitNotice tells a person on stderr why `list` is not moving, when the
// client waits more than api.LongWait.
func waitNotice(e env) func(api.Wait) {
	return func(w api.Wait) {
		fmt.Fprintf(e.stderr, "donations: page %d: %s (until %s)\n", w.Page, w.Reason, w.Until.Format(time.TimeOnly))
	}
}
