// Package config finds the profile to use and where its API key comes from:
// the TOML file, the environment and the command line, in that rising order.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"donations/suggest"
)

// Environment variables the program reads.
const (
	EnvAPIKey  = "DONATIONS_API_KEY"
	EnvBaseURL = "DONATIONS_BASE_URL"
	EnvUser    = "DONATIONS_USERNAME"
	EnvProfile = "DONATIONS_PROFILE"
)

// File is a parsed config file.
type File struct {
	DefaultProfile string             `toml:"default_profile,omitempty"`
	Profiles       map[string]Profile `toml:"profiles"`
	Shape

	Path string      `toml:"-"`
	Mode fs.FileMode `toml:"-"`
	raw  []byte      // the text, for the line numbers of later checks
}

// Profile is one account.
type Profile struct {
	BaseURL   string `toml:"base_url,omitempty"`
	Username  string `toml:"username,omitempty"`
	APIKey    string `toml:"api_key,omitempty"`
	APIKeyCmd string `toml:"api_key_cmd,omitempty"`
	APIKeyEnv string `toml:"api_key_env,omitempty"`
	// Cache = false keeps the local store in memory: no donor data on disk.
	Cache *bool `toml:"cache,omitempty"`
	// CSVBOM starts CSV files with a UTF-8 byte-order mark, for Excel.
	CSVBOM bool `toml:"csv_bom,omitempty"`
	// LiveBell rings the terminal's bell when Live sees a new gift.
	LiveBell bool `toml:"live_bell,omitempty"`
	// FiscalStart is the month (1..12) the account's years start in, for
	// reports; 0 is January.
	FiscalStart int `toml:"fiscal_start,omitzero"`
}

var (
	topKeys     = []string{"default_profile", "profiles", "theme", "columns", "keys", "views"}
	profileKeys = []string{"base_url", "username", "api_key", "api_key_cmd", "api_key_env", "cache", "csv_bom", "live_bell", "fiscal_start"}
)

// FileError points at the place in a config file that is wrong.
type FileError struct {
	Path string
	Line int // 0 when unknown
	Key  string
	Msg  string
}

func (e *FileError) Error() string {
	loc := e.Path
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	if e.Key != "" {
		return fmt.Sprintf("%s: %s: %s", loc, e.Key, e.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, e.Msg)
}

// DefaultPath is $XDG_CONFIG_HOME/donations/config.toml, or
// ~/.config/donations/config.toml.
func DefaultPath(getenv func(string) string) string {
	return filepath.Join(Dir(getenv, "XDG_CONFIG_HOME", ".config"), "config.toml")
}

// Load reads and checks a config file. A missing file returns an error that
// matches fs.ErrNotExist.
func Load(path string) (*File, error) {
	data, info, err := readPrivate(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	f.Mode = info.Mode().Perm()
	return f, nil
}

// Parse checks the text of a config file; path is only used in messages.
func Parse(path string, data []byte) (*File, error) {
	f := &File{Path: path, raw: data}
	md, err := toml.Decode(string(data), f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			msg := pe.Message
			if secretKey(pe.LastKey) || secretKey(keyOnLine(data, pe.Position.Line)) {
				// The parser quotes what it found, which here is (part of) the key.
				msg = "not valid TOML; write the value as text in quotes (the value is not shown: it may be the key)"
			}
			return nil, &FileError{Path: path, Line: pe.Position.Line, Key: pe.LastKey, Msg: msg}
		}
		return nil, typeError(path, err)
	}
	// Only the first unknown key is reported: one clear error at a time.
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		key := undecoded[0]
		name := key[len(key)-1]
		known := topKeys
		where := "at the top level"
		switch {
		case len(key) == 3 && key[0] == "profiles":
			known, where = profileKeys, "in [profiles."+key[1]+"]"
		case len(key) == 2 && key[0] == "theme":
			known, where = themeKeys, "in [theme]"
		}
		msg := "unknown key " + where
		if s := suggest.Closest(name, known); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else {
			msg += " (known keys: " + strings.Join(known, ", ") + ")"
		}
		return nil, &FileError{Path: path, Line: lineOf(data, key), Key: key.String(), Msg: msg}
	}
	for _, name := range f.ProfileNames() {
		p := f.Profiles[name]
		sources := 0
		for _, s := range []string{p.APIKey, p.APIKeyCmd, p.APIKeyEnv} {
			if s != "" {
				sources++
			}
		}
		if p.FiscalStart < 0 || p.FiscalStart > 12 {
			return nil, &FileError{Path: path, Line: lineOf(data, toml.Key{"profiles", name, "fiscal_start"}), Key: "profiles." + name + ".fiscal_start",
				Msg: "a month from 1 (January) to 12"}
		}
		if sources > 1 {
			return nil, &FileError{Path: path, Line: lineOf(data, toml.Key{"profiles", name, "api_key"}), Key: "profiles." + name,
				Msg: "set only one of api_key_cmd, api_key_env and api_key"}
		}
	}
	if _, ok := f.Profiles[f.DefaultProfile]; f.DefaultProfile != "" && !ok {
		return nil, &FileError{Path: path, Line: lineOf(data, toml.Key{"default_profile"}), Key: "default_profile",
			Msg: fmt.Sprintf("no profile %q in the file%s", f.DefaultProfile, f.suggest(f.DefaultProfile))}
	}
	return f, nil
}

// secretKey says whether key names a field whose value may be the API key or
// lead to it; such values are never quoted.
func secretKey(key string) bool {
	name := key[strings.LastIndex(key, ".")+1:]
	return strings.HasPrefix(strings.Trim(name, `"' `), "api_key")
}

// keyOnLine is the key a line of the file assigns, or "".
func keyOnLine(data []byte, line int) string {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	k, _, _ := strings.Cut(lines[line-1], "=")
	return normalizeKey(k)
}

// typeErrorText is how the TOML library words a value of the wrong type; it
// has no error type of its own for them.
var typeErrorText = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

func typeError(path string, err error) error {
	m := typeErrorText.FindStringSubmatch(err.Error())
	if m == nil {
		return &FileError{Path: path, Msg: err.Error()}
	}
	line, _ := strconv.Atoi(m[1])
	key, msg := m[2], m[3]
	switch {
	case strings.HasPrefix(key, "profiles.") && strings.Count(key, ".") == 1:
		msg = "profiles are tables: write [" + key + "] and its keys below it"
	case strings.Contains(msg, "destination has type string"):
		msg = "must be text in quotes"
	}
	return &FileError{Path: path, Line: line, Key: key, Msg: msg}
}

// ProfileNames lists the profiles, sorted.
func (f *File) ProfileNames() []string {
	names := make([]string, 0, len(f.Profiles))
	for n := range f.Profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (f *File) suggest(name string) string {
	if s := suggest.Closest(name, f.ProfileNames()); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	if names := f.ProfileNames(); len(names) > 0 {
		return " (profiles: " + strings.Join(names, ", ") + ")"
	}
	return ""
}

// lineOf finds the line that defines key, tracking [table] headers; 0 when not
// found. The TOML library reports no positions for keys it did not decode.
func lineOf(data []byte, key toml.Key) int {
	if len(key) == 0 {
		return 0
	}
	table := strings.Join(key[:len(key)-1], ".")
	name := key[len(key)-1]
	current := ""
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			h := strings.Trim(strings.SplitN(t, "#", 2)[0], "[] \t")
			current = normalizeKey(h)
			if current == normalizeKey(table+"."+name) || (table == "" && current == normalizeKey(name)) {
				return i + 1
			}
			continue
		}
		k, _, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		k = normalizeKey(k)
		if current == table && k == name || current == "" && k == normalizeKey(strings.Join(key, ".")) {
			return i + 1
		}
	}
	return 0
}

func normalizeKey(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}
