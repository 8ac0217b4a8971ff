package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// ErrViewExists is SaveView's answer when the file already has the view
// and replacing it was not asked for.
var ErrViewExists = errors.New("the config file already has this view")

// CanSaveView says why a view cannot be saved into path, before anyone
// names one: a file that does not exist yet has no profile to keep it.
// Its words fit an 80-column browser before the path, which is said last
// as it may be long.
func CanSaveView(path string) error {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return errorf("no config file yet: donations with no flags sets one up (%s)", path)
	}
	return nil
}

func noViewFile(path string) error {
	return errorf("no config file: run donations with a profile first (its setup screen writes %s)", path)
}

// SaveView writes a view into the config file at path as a [views.NAME]
// table holding settings, and changes nothing else: the file's comments,
// order and formatting stay byte for byte. A new view is appended at the
// end; an existing [views.NAME] table has its lines replaced, if replace
// says so (else ErrViewExists). The file is read with the checks every
// config file gets (see private) and replaced atomically: a private
// temporary file in the same folder (the link's target's, if path is a
// symbolic link, which stays), renamed over it. A file that does not exist
// is not created: see the error's words.
func SaveView(path, name string, settings map[string]string, replace bool) error {
	if err := checkViewName(name); err != nil {
		return err
	}
	data, _, err := readPrivate(path)
	if errors.Is(err, fs.ErrNotExist) {
		return noViewFile(path)
	}
	if err != nil {
		return err
	}
	old, err := Parse(path, data)
	if err != nil {
		return err
	}
	table, err := viewTable(name, settings)
	if err != nil {
		return err
	}
	var text []byte
	if _, exists := old.Views[name]; exists {
		if !replace {
			return fmt.Errorf("%w: [%s] in %s", ErrViewExists, toml.Key{"views", name}, path)
		}
		if text, err = replaceTable(data, name, table); err != nil {
			return &Error{fmt.Sprintf("%s: %v", path, err)}
		}
	} else {
		text = appendTable(data, table)
	}
	if err := sameButView(path, data, text, name, settings); err != nil {
		return err
	}
	return replaceFile(path, data, text)
}

// checkViewName refuses a name that would not show, or not read back.
func checkViewName(name string) error {
	if strings.TrimSpace(name) == "" {
		return errorf("a view needs a name")
	}
	if !utf8.ValidString(name) {
		return errorf("the view's name %q is not valid text", name)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return errorf("the view's name %q holds control characters", name)
		}
	}
	return nil
}

// viewTable is the [views.NAME] table's text: the header, its key quoted
// where TOML needs it, and one line per setting, in name order.
func viewTable(name string, settings map[string]string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[" + toml.Key{"views", name}.String() + "]\n")
	enc := toml.NewEncoder(&b)
	enc.Indent = ""
	if err := enc.Encode(settings); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// appendTable is data with table after it, a blank line between.
func appendTable(data, table []byte) []byte {
	out := bytes.Clone(data)
	if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
		out = append(out, '\n')
	}
	if len(bytes.TrimSpace(out)) > 0 && !bytes.HasSuffix(out, []byte("\n\n")) {
		out = append(out, '\n')
	}
	return append(out, table...)
}

// replaceTable is data with the lines of [views.NAME] (its header and its
// lines up to the last setting before the next table) replaced by table:
// the comments and blank lines before the next table stay with it.
func replaceTable(data []byte, name string, table []byte) ([]byte, error) {
	lines := strings.SplitAfter(string(data), "\n")
	want := toml.Key{"views", name}.String()
	start, end := tableLines(lines, want)
	if start < 0 {
		return nil, fmt.Errorf("view %q is not written as a [%s] table, so it cannot be replaced here; change it in the file", name, want)
	}
	var b strings.Builder
	for _, l := range lines[:start] {
		b.WriteString(l)
	}
	b.Write(table)
	for _, l := range lines[end:] {
		b.WriteString(l)
	}
	return []byte(b.String()), nil
}

// header is the key of the table a line opens ([a.b] or [[a.b]]), as
// toml.Key.String writes it, however the line quotes and spaces it.
func header(line string) (string, bool) {
	if !strings.HasPrefix(strings.TrimSpace(line), "[") {
		return "", false
	}
	md, err := toml.Decode(line, &map[string]any{})
	if err != nil || len(md.Keys()) == 0 {
		return "", false
	}
	keys := md.Keys()
	return keys[len(keys)-1].String(), true
}

// sameButView checks the edit: the new text must read as a config file,
// and as the old one did in every key, but for the view, which must now be
// settings exactly. An edit that would lose or change anything else (a
// file laid out in a way the line edit misread) is refused, not written.
func sameButView(path string, oldText, newText []byte, name string, settings map[string]string) error {
	if len(newText) > maxFileSize {
		return errorf("config file %s would be larger than 1 MB with the view; the view was not saved", path)
	}
	if _, err := Parse(path, newText); err != nil {
		return fmt.Errorf("the view would not read back, so it was not saved: %w", err)
	}
	var before, after map[string]any
	if _, err := toml.Decode(string(oldText), &before); err != nil {
		return err
	}
	if _, err := toml.Decode(string(newText), &after); err != nil {
		return err
	}
	views, _ := before["views"].(map[string]any)
	if views == nil {
		views = map[string]any{}
		before["views"] = views
	}
	view := map[string]any{}
	for k, v := range settings {
		view[k] = v
	}
	views[name] = view
	if !reflect.DeepEqual(before, after) {
		return errorf("config file %s is laid out in a way the view cannot be added to safely; add [%s] by hand", path, toml.Key{"views", name})
	}
	return nil
}

// replaceFile puts text in place of the file at path, which must still
// hold was: a private temporary file in the same folder, synced, renamed
// over it. Through a symbolic link, the link's target is replaced.
func replaceFile(path string, was, text []byte) error {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(real), ".config.toml-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a rename, there is nothing to remove
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	now, _, err := readPrivate(real)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, was) {
		return errorf("config file %s changed while the view was being saved; the view was not saved, try again", path)
	}
	return os.Rename(tmp.Name(), real)
}
