package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"donations/config"
	"donations/ui"
)

// Every TOML example of the README is a config file the program takes,
// shaping settings included.
func TestReadmeConfigExamplesLoad(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(b), "```toml\n")[1:]
	if len(blocks) < 2 {
		t.Fatalf("%d TOML examples in the README", len(blocks))
	}
	for i, block := range blocks {
		text := block[:strings.Index(block, "```")]
		path := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		shape, err := config.ReadShape(path, func(string) string { return "" }, shapeNames())
		if err != nil {
			t.Fatalf("example %d: %v", i+1, err)
		}
		var opts ui.Options
		if err := shapeOptions(&opts, shape, time.Now()); err != nil {
			t.Fatalf("example %d: %v", i+1, err)
		}
		km := ui.NewKeyMap()
		if err := km.Remap(opts.Keys); err != nil {
			t.Fatalf("example %d: %v", i+1, err)
		}
	}
}

// A view the browser saves through the wiring lands in the default config
// file and reads back, at the next start, as the same view.
func TestASavedViewReadsBackAsTheSameView(t *testing.T) {
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	path := config.DefaultPath(getenv)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("# mine\n[views.refunds]\nstatus = \"refunded\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	v, err := ui.NewView("big gifts", map[string]string{"amount": "250..", "dates": "this year", "sort": "-amount"}, now)
	if err != nil {
		t.Fatal(err)
	}
	a := &app{env: env{getenv: getenv}}
	if err := saveView(a)(v, false); err != nil {
		t.Fatal(err)
	}
	shape, err := config.ReadShape("", getenv, shapeNames())
	if err != nil {
		t.Fatal(err)
	}
	var opts ui.Options
	if err := shapeOptions(&opts, shape, now); err != nil {
		t.Fatal(err)
	}
	if len(opts.Views) != 2 || opts.Views[0].Name != "big gifts" || !reflect.DeepEqual(opts.Views[0], v) || opts.Views[1].Name != "refunds" {
		t.Errorf("views read back: %+v, want %+v first", opts.Views, v)
	}
}
