package config

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
)

// fiscalStartLine is a fiscal_start line of a profile's table, however it
// is spaced or quoted.
var fiscalStartLine = regexp.MustCompile(`^\s*("fiscal_start"|'fiscal_start'|fiscal_start)\s*=`)

// SaveFiscalStart writes fiscal_start = month into the [profiles.NAME]
// table of the config file at path, and changes nothing else, as SaveView
// does: the line is replaced where the table has one, else added after
// its last setting; the edit is checked to read back as the old file but
// for that key, and the file replaced atomically. A profile not written
// as a [profiles.NAME] table is refused, naming the line to add by hand.
func SaveFiscalStart(path, profile string, month int) error {
	if month < 1 || month > 12 {
		return errorf("fiscal_start must be a month, 1..12, not %d", month)
	}
	data, _, err := readPrivate(path)
	if errors.Is(err, fs.ErrNotExist) {
		return errorf("no config file %s", path)
	}
	if err != nil {
		return err
	}
	line := fmt.Sprintf("fiscal_start = %d\n", month)
	byHand := errorf("config file %s: profile %q is not written as a [%s] table; add  %s  to it by hand",
		path, profile, toml.Key{"profiles", profile}, strings.TrimSpace(line))
	lines := strings.SplitAfter(string(data), "\n")
	start, end := tableLines(lines, toml.Key{"profiles", profile}.String())
	if start < 0 {
		return byHand
	}
	at, replace := end, false
	for i := start + 1; i < end; i++ {
		if fiscalStartLine.MatchString(lines[i]) {
			at, replace = i, true
		}
	}
	if !replace && at > 0 && !strings.HasSuffix(lines[at-1], "\n") {
		lines[at-1] += "\n"
	}
	out := append(append(append([]string{}, lines[:at]...), line), lines[at+btoi(replace):]...)
	text := []byte(strings.Join(out, ""))
	if err := sameButFiscalStart(path, data, text, profile, month); err != nil {
		return errors.Join(err, byHand)
	}
	return replaceFile(path, data, text)
}

// tableLines finds the table key among lines: its header's index, and the
// index after its last setting (comments and blank lines before the next
// table stay with that one); -1 where no header opens it.
func tableLines(lines []string, key string) (start, end int) {
	start = -1
	for i, l := range lines {
		if k, ok := header(l); ok && k == key {
			start = i
			break
		}
	}
	if start < 0 {
		return -1, -1
	}
	end = start + 1
	for i := start + 1; i < len(lines); i++ {
		if _, ok := header(lines[i]); ok {
			break
		}
		if t := strings.TrimSpace(lines[i]); t != "" && !strings.HasPrefix(t, "#") {
			end = i + 1
		}
	}
	return start, end
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sameButFiscalStart checks the edit: the new text reads as a config file,
// and as the old one in every key but the profile's fiscal_start, which is
// now month.
func sameButFiscalStart(path string, oldText, newText []byte, profile string, month int) error {
	if _, err := Parse(path, newText); err != nil {
		return fmt.Errorf("fiscal_start would not read back, so it was not saved: %w", err)
	}
	var before, after map[string]any
	if _, err := toml.Decode(string(oldText), &before); err != nil {
		return err
	}
	if _, err := toml.Decode(string(newText), &after); err != nil {
		return err
	}
	profiles, _ := before["profiles"].(map[string]any)
	p, _ := profiles[profile].(map[string]any)
	if p == nil {
		return errorf("config file %s has no profile %q", path, profile)
	}
	p["fiscal_start"] = int64(month)
	if !reflect.DeepEqual(before, after) {
		return errorf("config file %s is laid out in a way fiscal_start cannot be saved in safely", path)
	}
	return nil
}
