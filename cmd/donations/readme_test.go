package main

import (
	"os"
	"path/filepath"
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
