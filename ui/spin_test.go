package ui

import (
	"testing"

	"charm.land/bubbles/v2/spinner"

	"donations/api/demo"
)

// The spinner stops asking for frames once nothing is awaited, and turns
// again when a page is asked for: an idle browser drew ten frames a second.
func TestTheSpinnerTurnsOnlyWhileTheScreenWaits(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 30})
	d := newDriver(t, src, 100, 30)
	if d.m.waiting() {
		t.Fatal("the driver settled, yet the screen waits")
	}
	tick := d.m.spin.Tick().(spinner.TickMsg)
	if cmd := d.m.onSpin(tick); cmd != nil {
		t.Fatal("an idle screen asked the spinner for another frame")
	}
	if d.m.spinning {
		t.Fatal("the spinner still counts as turning after its last tick")
	}
	d.m.data.loading = true // a page is asked for, as fetch marks it
	if d.m.turn() == nil {
		t.Fatal("a screen that waits again did not start the spinner")
	}
	if d.m.turn() != nil {
		t.Fatal("a second start would have made two ticks, the spinner turning twice as fast")
	}
	if cmd := d.m.onSpin(d.m.spin.Tick().(spinner.TickMsg)); cmd == nil {
		t.Fatal("a waiting screen's spinner stopped")
	}
}

// The clock asks for itself again: without it the header would keep
// saying "synced just now" for as long as nothing else happens.
func TestTheClockKeepsTicking(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 3})
	d := newDriver(t, src, 100, 30)
	if d.m.update(clockTickMsg{}) == nil {
		t.Fatal("the clock did not ask for its next tick")
	}
}
