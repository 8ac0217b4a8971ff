package ui

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// notInUI are the imports docs/architecture.md keeps out of the browser: it
// asks the dataset and draws snapshots; it reads no store, makes no
// request and parses no response.
var notInUI = []string{"donations/store", "net/http", "encoding/json"}

// Every folder of the browser imports what docs/architecture.md says it may: no
// file but a test imports the store, net/http or encoding/json.
func TestTheBrowserAsksTheDataset(t *testing.T) {
	t.Parallel()
	var dirs []string
	err := filepath.WalkDir(".", func(path string, e fs.DirEntry, err error) error {
		switch {
		case err != nil || !e.IsDir():
		case e.Name() == "testdata":
			return fs.SkipDir
		default:
			dirs = append(dirs, path)
		}
		return err
	})
	if err != nil || len(dirs) < 10 {
		t.Fatalf("folders of ui: %v (%v)", dirs, err)
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(dir, "*.go"))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if strings.HasSuffix(f, "_test.go") {
					continue
				}
				checkImports(t, f)
			}
		})
	}
}

// checkImports fails t if file imports one of notInUI.
func checkImports(t *testing.T, file string) {
	t.Helper()
	parsed, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range parsed.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			t.Fatal(err)
		}
		for _, banned := range notInUI {
			if path == banned {
				t.Errorf("%s imports %s: the browser asks the dataset (docs/architecture.md)", file, path)
			}
		}
	}
}
