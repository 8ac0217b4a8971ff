package ui

import (
	"strings"
	"testing"

	"donations/api/demo"
)

// The raw view is what the server sent: the characters it sent raw in a
// string that may not reach a terminal (zero-width, bidi, C1 controls)
// are shown as their JSON escapes where they are, not dropped, so "Eve"
// followed by three invisible characters does not read as plain "Eve".
func TestRawViewShowsInvisibleCharactersAsEscapes(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 100, Hostile: true})
	d := newDriver(t, src, 120, 40)
	hostile := -1
	for i, r := range d.shownRows() {
		if strings.Contains(r.Summary.FirstName.Value, demo.HostileZW) {
			hostile = i
			break
		}
	}
	if hostile < 0 {
		t.Fatal("the demo sent no hostile donation")
	}
	d.m.list.moveTo(hostile)
	d.keys("r")
	d.mustShow(`Eve\u200b\u200d\ufeff"`, `Mallory\u001b[31m\u202egnp.exe\u202c"`, `Appeal\u0000\b\u0085\u009b31m"`)
	for _, bad := range []string{"\u200b", "\u202e", "\u0085", "\u009b", "\ufeff"} {
		if strings.Contains(d.m.View().Content, bad) {
			t.Errorf("the screen carries %q", bad)
		}
	}
}
