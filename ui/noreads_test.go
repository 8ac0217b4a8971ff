package ui

import (
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/dataset"
)

// The list reads the store when its question, the store or the rows on
// screen change, never because a message came: a spinner tick, the clock,
// the terminal's colour, a request logged or a key that moves nothing ask
// nothing, even after a read that failed, which is asked again only when
// something changes.
func TestTicksAndMessagesThatChangeNothingReadNothing(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 120)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	quiet := []tea.Msg{spinner.TickMsg{}, clockTickMsg{}, tea.BackgroundColorMsg{}, api.Exchange{},
		tea.KeyPressMsg{Code: 'k', Text: "k"}} // up, at the top already
	noRead := func(when string) {
		t.Helper()
		for _, msg := range quiet {
			if d.m.Update(msg); d.m.data.shown.Busy() {
				t.Fatalf("%s: %T asked the store", when, msg)
			}
		}
	}
	noRead("answered")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	d.keys("o") // a new question, whose read fails on the closed store
	if d.m.data.err == nil || d.m.data.shown.Answered() {
		t.Fatalf("the read of a closed store: error %v, answered %v", d.m.data.err, d.m.data.shown.Answered())
	}
	noRead("after a failed read")
}
