package ui

import (
	"testing"

	"donations/api/demo"
)

// A remapped key changes what the key does and every line that names it.
func TestRemappedKeyChangesBehaviourAndHelp(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	d.m.ctx.Keys.List.Filter = bind("F", "filters", "F")
	d.m.ctx.Keys.List.Raw = bind("J", "raw JSON", "J")
	d.mustShow("F filters", "J raw JSON")
	d.mustNotShow("f filters")
	d.keys("f", "r")
	if d.m.focus != listID {
		t.Fatalf("the old keys still open a view: focus %q", d.m.focus)
	}
	d.keys("J")
	if d.m.focus != rawID {
		t.Fatalf("J did not open the raw view: focus %q", d.m.focus)
	}
	d.keys("esc", "F")
	if d.m.focus != filterID {
		t.Fatalf("F did not open the filter form: focus %q", d.m.focus)
	}
}
