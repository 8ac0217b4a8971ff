package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/export"
	"donations/ui/views/exporter"
)

// listSource hands out walkers over one list of donations.
type listSource struct{ list []api.Donation }

func (s *listSource) Walk(api.Query, api.Order, api.DateRange, int) Walker {
	return &listWalker{list: s.list}
}

// typeFile types path into the export prompt in place of the name it
// offers (ctrl+u clears the field before the cursor, at its end).
func (d *driver) typeFile(path string) {
	d.t.Helper()
	d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	d.keys(path)
}

// The export writes what the list shows: the search and the sort in force,
// in that order, and the prompt says how many beforehand.
func TestExportWritesWhatIsShown(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 450})
	d := newDriver(t, src, 120, 30)
	d.keys("G", "/", "mar", "enter", "s", "a")
	want := d.shownRows()
	if len(want) == 0 || len(want) == 450 {
		t.Fatalf("the search shows %d rows: pick one that tells", len(want))
	}
	d.keys("e")
	d.mustShow(fmt.Sprintf("writes %d donations", len(want)))
	path := filepath.Join(t.TempDir(), "out.ndjson")
	d.typeFile(path)
	d.keys("enter")
	d.mustShow(fmt.Sprintf("Exported %d donations", len(want)))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(lines), len(want))
	}
	for i, line := range lines {
		var got api.Donation
		if err := got.UnmarshalJSON([]byte(line)); err != nil || got.ID != want[i].Summary.ID {
			t.Fatalf("line %d is donation %v (%v), the list shows %v there", i, got.ID.Value, err, want[i].Summary.ID.Value)
		}
	}
}

// An existing file gets a question, not an error; ~ is the home folder.
func TestExportAsksBeforeOverwritingAndExpandsTilde(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	list, _, err := api.DecodePage([]byte(`[{"id":1,"first_name":"Zoë"},{"id":2}]`), 1)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, "out.csv")
	if err := os.WriteFile(path, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, &listSource{list: list}, 100, 30)
	d.keys("e")
	d.typeFile("~/out.csv")
	d.keys("enter")
	d.mustShow(path+" exists.", "Overwrite it?")
	d.keys("n")
	if b, _ := os.ReadFile(path); string(b) != "precious" {
		t.Fatalf("n overwrote the file: %q", b)
	}
	if d.m.focus != exporter.ID {
		t.Fatal("n should go back to the file name")
	}
	d.keys("enter", "y")
	d.mustShow("Exported 2 donations to " + path)
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "Zoë") {
		t.Fatalf("y did not write the file: %q", b)
	}
}

// The browser's export writes the byte-order mark when the profile asks
// (csv_bom = true), and only into CSV.
func TestExportByteOrderMark(t *testing.T) {
	t.Parallel()
	list, _, err := api.DecodePage([]byte(`[{"id":1,"first_name":"Zoë"}]`), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		bom  bool
		name string
		want bool
	}{{true, "out.csv", true}, {false, "out.csv", false}, {true, "out.ndjson", false}} {
		d := newDriver(t, &listSource{list: list}, 100, 30)
		d.m.ctx.CSVBOM = tc.bom
		path := filepath.Join(t.TempDir(), tc.name)
		d.keys("e")
		d.typeFile(path)
		d.keys("enter")
		d.mustShow("Exported 1 donation to " + path) // one donation, not "1 donations"
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.HasPrefix(string(b), export.BOM); got != tc.want || !strings.Contains(string(b), "Zoë") {
			t.Errorf("bom %v, %s: file starts %q", tc.bom, tc.name, b[:min(8, len(b))])
		}
	}
}
