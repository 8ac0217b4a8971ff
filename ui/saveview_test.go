package ui

import (
	"errors"
	"maps"
	"path/filepath"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/config"
)

// savedViews records what the browser asks the wiring to save.
type savedViews struct {
	calls []savedCall
	err   error
}

type savedCall struct {
	settings map[string]string
	name     string
	replace  bool
}

func (s *savedViews) save(v View, replace bool) error {
	s.calls = append(s.calls, savedCall{v.Settings(), v.Name, replace})
	return s.err
}

// V, a name and Enter save the question in force (every field's text and
// the sort) through Options.SaveView; the view is a tab at once, and the
// one in force. Saving under its name again asks before replacing it.
func TestSaveAViewFromTheBrowser(t *testing.T) {
	t.Parallel()
	// What is saved is the question asked, the same over one page (the
	// race run) as over three.
	src, _ := demoSource(t, demo.Options{Count: apitest.Sized(300, 100)})
	saved := &savedViews{}
	d := newDriverWith(t, src, Options{SaveView: saved.save}, 120, 30)
	d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "last month", "tab", "paid", "enter", "s", "a", "/", "mar", "enter")
	d.keys("V")
	d.mustShow("save view as:")
	d.keys("paid, last month", "enter")
	want := map[string]string{"dates": "last month", "status": "paid", "search": "mar", "sort": "-amount"}
	if len(saved.calls) != 1 || saved.calls[0].name != "paid, last month" || saved.calls[0].replace || !maps.Equal(saved.calls[0].settings, want) {
		t.Fatalf("saved %+v, want %v", saved.calls, want)
	}
	d.mustShow("[paid, last month]", "Saved view paid, last month in the config file")
	if len(d.m.views) != 1 || d.m.view != 1 {
		t.Fatalf("views %v, in force %d", d.m.views, d.m.view)
	}
	// The tabs go round it like any other view.
	d.keys("tab")
	d.mustShow("[all]")
	d.keys("tab")
	d.mustShow("[paid, last month]", "status=paid", "by amount ↓")

	// Again under the same name (offered: it is the view in force): asked
	// first; any key but y goes back to the name, y replaces.
	d.keys("s", "d", "V")
	d.mustShow("save view as: paid, last month")
	d.keys("enter")
	d.mustShow("A view named paid, last month exists. Replace it?")
	d.keys("n")
	if len(saved.calls) != 1 {
		t.Fatalf("saved without a yes: %+v", saved.calls)
	}
	d.keys("enter", "y")
	if len(saved.calls) != 2 || !saved.calls[1].replace || saved.calls[1].settings["sort"] != "" || len(d.m.views) != 1 {
		t.Fatalf("replaced as %+v; views %v", saved.calls, d.m.views)
	}

	// A name that cannot be a view's is refused in the prompt, unsaved.
	d.keys("V", "backspace")
	for range "paid, last month" {
		d.keys("backspace")
	}
	d.keys("all", "enter")
	d.mustShow("save view as: all", "always there")
	d.keys("esc")
	if len(saved.calls) != 2 {
		t.Fatalf("a refused name was saved: %+v", saved.calls)
	}

	// What the wiring refuses is said, and no tab is added.
	saved.err = errors.New("no config file: run donations with a profile first (its setup screen writes /home/x/.config/donations/config.toml)")
	d.keys("V", "enter")
	d.keys("y")
	d.mustShow("The view was not saved: no config file: run donations with a profile first")
	d.keys("V")
	for range "paid, last month" {
		d.keys("backspace")
	}
	d.keys("refunds", "enter")
	if len(d.m.views) != 1 {
		t.Errorf("a view the wiring refused became a tab: %v", d.m.views)
	}
}

// Where a view could not be saved (the demo without a config file), V
// says so at once, whole at 80 columns, and asks for no name.
func TestSaveViewRefusedBeforeTheName(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	saved := &savedViews{}
	path := filepath.Join(t.TempDir(), "config.toml")
	d := newDriverWith(t, src, Options{SaveView: saved.save,
		CanSaveView: func() error { return config.CanSaveView(path) }}, 80, 24)
	d.keys("V")
	d.mustNotShow("save view as:")
	d.mustShow("Views cannot be saved: no config file yet: donations with no flags sets one up")
	if d.m.focus != listID {
		t.Errorf("V refused: focus %v", d.m.focus)
	}
	d.keys("a")
	if len(saved.calls) != 0 {
		t.Errorf("saved %+v", saved.calls)
	}
}
