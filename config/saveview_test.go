package config

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file as a person writes it: comments, blank lines, odd spacing, a view
// in a quoted header, and comments after the last table.
const handWritten = `# My donations setup
default_profile = "main"   # the one I use

[profiles.main]
base_url = "https://api.example.org"
username = "finance@example.org"
api_key_env = "DONATIONS_KEY"

[ views . "big gifts" ]   # over 250, any currency
amount = "250.."
sort   = "-amount"
# (status left open on purpose)

# Colours
[theme]
accent = "#FF8800"
# end of file`

func readBack(t *testing.T, path string) (string, Shape) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	shape, err := ReadShape(path, func(string) string { return "" }, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return string(b), shape
}

// A new view is a table appended to the file, which otherwise stays byte
// for byte, and reads back as the same view; the file stays private, and
// no temporary file is left beside it.
func TestSaveViewAppendsAndKeepsTheFile(t *testing.T) {
	path := writeConfig(t, handWritten, 0o600)
	settings := map[string]string{"dates": "last month", "status": "paid,refunded", "search": `Zoë "the" \ Łukasz`, "sort": "-amount"}
	if err := SaveView(path, "monthly report", settings, false); err != nil {
		t.Fatal(err)
	}
	text, shape := readBack(t, path)
	want := handWritten + "\n\n[views.\"monthly report\"]\ndates = \"last month\"\nsearch = \"Zoë \\\"the\\\" \\\\ Łukasz\"\nsort = \"-amount\"\nstatus = \"paid,refunded\"\n"
	if text != want {
		t.Errorf("file:\n%s\nwant:\n%s", text, want)
	}
	if !maps.Equal(shape.Views["monthly report"], settings) || shape.Views["big gifts"]["amount"] != "250.." {
		t.Errorf("views read back: %v", shape.Views)
	}
	info, _ := os.Stat(path)
	entries, _ := os.ReadDir(filepath.Dir(path))
	if info.Mode().Perm() != 0o600 || len(entries) != 1 {
		t.Errorf("mode %v, %d files in the folder", info.Mode().Perm(), len(entries))
	}
	// A file without a final newline, or empty, gets one before the table.
	for _, text := range []string{"default_profile = \"main\"\n[profiles.main]\nbase_url = \"https://x.example\"", ""} {
		path := writeConfig(t, text, 0o600)
		if err := SaveView(path, "paid", map[string]string{"status": "paid"}, false); err != nil {
			t.Fatal(err)
		}
		got, shape := readBack(t, path)
		if !strings.HasPrefix(got, text) || !strings.HasSuffix(got, "[views.paid]\nstatus = \"paid\"\n") || shape.Views["paid"]["status"] != "paid" {
			t.Errorf("%q became %q", text, got)
		}
	}
}

// An existing view is replaced only when asked: its header and settings
// give way to the new table, and every other line, the comments after it
// included, stays.
func TestSaveViewReplacesOnlyWhenAsked(t *testing.T) {
	path := writeConfig(t, handWritten, 0o600)
	err := SaveView(path, "big gifts", map[string]string{"amount": "500.."}, false)
	if !errors.Is(err, ErrViewExists) || !strings.Contains(err.Error(), `[views."big gifts"]`) {
		t.Fatalf("err = %v", err)
	}
	if text, _ := readBack(t, path); text != handWritten {
		t.Fatalf("the file changed though nothing was saved:\n%s", text)
	}
	if err := SaveView(path, "big gifts", map[string]string{"amount": "500..", "currency": "EUR"}, true); err != nil {
		t.Fatal(err)
	}
	text, shape := readBack(t, path)
	want := strings.Replace(handWritten, "[ views . \"big gifts\" ]   # over 250, any currency\namount = \"250..\"\nsort   = \"-amount\"\n",
		"[views.\"big gifts\"]\namount = \"500..\"\ncurrency = \"EUR\"\n", 1)
	if text != want {
		t.Errorf("file:\n%s\nwant:\n%s", text, want)
	}
	if !maps.Equal(shape.Views["big gifts"], map[string]string{"amount": "500..", "currency": "EUR"}) || shape.Theme.Accent != "#FF8800" {
		t.Errorf("read back: %+v", shape)
	}
}

// Names are refused when they would not show or not read back; names TOML
// must quote are quoted, and read back the same.
func TestSaveViewNames(t *testing.T) {
	for _, name := range []string{"", "  ", "red\x1b[31m", "\u202eevil", "line\nbreak", "bad\xffutf8"} {
		path := writeConfig(t, handWritten, 0o600)
		if err := SaveView(path, name, map[string]string{"status": "paid"}, false); err == nil {
			t.Errorf("%q was saved", name)
		}
		if text, _ := readBack(t, path); text != handWritten {
			t.Errorf("%q: the file changed", name)
		}
	}
	for _, name := range []string{"refunds", "a.b", `q"uo\te`, "été", "[x]", "#1", "='='"} {
		path := writeConfig(t, handWritten, 0o600)
		if err := SaveView(path, name, map[string]string{"status": "paid"}, false); err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		if _, shape := readBack(t, path); shape.Views[name]["status"] != "paid" || len(shape.Views) != 2 {
			t.Errorf("%q read back as %v", name, shape.Views)
		}
		// Saved again, its table is found and replaced, not added twice.
		if err := SaveView(path, name, map[string]string{"status": "refunded"}, true); err != nil {
			t.Errorf("%q again: %v", name, err)
		}
		if _, shape := readBack(t, path); shape.Views[name]["status"] != "refunded" || len(shape.Views) != 2 {
			t.Errorf("%q replaced reads back as %v", name, shape.Views)
		}
	}
}

// What cannot be saved safely is refused with the file untouched: no file
// (none is made), a file others may change, a view not written as a table
// of its own, an edit that would not read back; through a symbolic link,
// the link stays and its target changes.
func TestSaveViewRefusals(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	err := SaveView(path, "paid", map[string]string{"status": "paid"}, false)
	if err == nil || err.Error() != "no config file: run donations with a profile first (its setup screen writes "+path+")" {
		t.Errorf("no file: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a config file was made: %v", err)
	}

	path = writeConfig(t, handWritten, 0o600)
	if err := os.Chmod(path, 0o620); err != nil {
		t.Fatal(err)
	}
	if err := SaveView(path, "paid", map[string]string{"status": "paid"}, false); err == nil || !strings.Contains(err.Error(), "its group") {
		t.Errorf("group-writable: %v", err)
	}

	for _, tc := range []struct{ text, want string }{
		{"views = { paid = { status = \"paid\" } }\n", "is not written as a [views.paid] table"},
		// A multi-line value that holds a line like a table's header: the
		// line edit would cut the value in two; the check sees it.
		{"[views.paid]\nsearch = \"\"\"\n[theme]\n\"\"\"\n", "the view would not read back, so it was not saved"},
	} {
		path = writeConfig(t, tc.text, 0o600)
		err = SaveView(path, "paid", map[string]string{"status": "refunded"}, true)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v", tc.text, err)
		}
		if text, _ := readBack(t, path); text != tc.text {
			t.Errorf("%q: the file changed:\n%s", tc.text, text)
		}
	}

	target := writeConfig(t, handWritten, 0o600)
	link := filepath.Join(filepath.Dir(target), "link.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := SaveView(link, "paid", map[string]string{"status": "paid"}, false); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v", err)
	}
	if _, shape := readBack(t, target); shape.Views["paid"]["status"] != "paid" {
		t.Errorf("the target holds %v", shape.Views)
	}
}

// V asks CanSaveView before it asks for a name: a file that does not exist
// is refused with its whole path, one that exists is not.
func TestCanSaveViewRefusesAMissingFileBeforeAnyName(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nested", "config.toml")
	if err := CanSaveView(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("CanSaveView(missing) = %v, want an error naming %s", err, missing)
	}
	present := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(present, []byte("default_profile = \"main\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CanSaveView(present); err != nil {
		t.Errorf("CanSaveView(present) = %v", err)
	}
}
