package config

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"

	"donations/suggest"
)

// Shape is what a config file says of the browser's look and keys: it
// applies to every profile.
type Shape struct {
	Theme   Theme                        `toml:"theme,omitempty"`
	Columns []string                     `toml:"columns,omitempty"`
	Keys    map[string]KeyList           `toml:"keys,omitempty"`
	Views   map[string]map[string]string `toml:"views,omitempty"`
}

// Theme is the [theme] table: mode, and colours by name.
type Theme struct {
	Mode   string `toml:"mode,omitempty"`
	Accent string `toml:"accent,omitempty"`
	Muted  string `toml:"muted,omitempty"`
	OK     string `toml:"ok,omitempty"`
	Error  string `toml:"error,omitempty"`
	Warn   string `toml:"warn,omitempty"`
	Info   string `toml:"info,omitempty"`
}

// Colors are the theme's colours that are set, by name.
func (t Theme) Colors() map[string]string {
	out := map[string]string{}
	for name, v := range map[string]string{"accent": t.Accent, "muted": t.Muted, "ok": t.OK, "error": t.Error, "warn": t.Warn, "info": t.Info} {
		if v != "" {
			out[name] = v
		}
	}
	return out
}

var themeKeys = []string{"mode", "accent", "muted", "ok", "error", "warn", "info"}

// KeyList is one key or several: "F" or ["F", "ctrl+f"].
type KeyList []string

// UnmarshalTOML takes a string or an array of strings.
func (k *KeyList) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("a key cannot be empty; name one, such as \"F\", or leave the binding out")
		}
		*k = KeyList{v}
		return nil
	case []any:
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("a key is text in quotes, such as \"F\" or [\"F\", \"ctrl+f\"]")
			}
			if strings.TrimSpace(s) == "" {
				return fmt.Errorf("a key cannot be empty; name one, such as \"F\", or leave the binding out")
			}
			*k = append(*k, s)
		}
		return nil
	}
	return fmt.Errorf("a key is text in quotes, such as \"F\" or [\"F\", \"ctrl+f\"]")
}

var colour = regexp.MustCompile(`^(#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3}|[0-9]{1,3})$`)

// checkShape checks what the file says of the browser against what the
// browser offers: known is the binding names, columns the column names, and
// viewFields what a view may set. A wrong name gets a "did you mean".
func (f *File) checkShape(data []byte, known, columns, viewFields []string) error {
	bad := func(key toml.Key, msg string) error {
		return &FileError{Path: f.Path, Line: lineOf(data, key), Key: key.String(), Msg: msg}
	}
	t := f.Shape.Theme
	if t.Mode != "" && t.Mode != "light" && t.Mode != "dark" && t.Mode != "auto" {
		return bad(toml.Key{"theme", "mode"}, fmt.Sprintf("%q is not light, dark or auto", t.Mode))
	}
	for name, v := range t.Colors() {
		if !colour.MatchString(v) {
			return bad(toml.Key{"theme", name}, fmt.Sprintf("%q is not a colour such as \"#5A3FC0\" or an ANSI number such as \"63\"", v))
		}
	}
	for _, c := range f.Shape.Columns {
		if !contains(columns, c) {
			return bad(toml.Key{"columns"}, unknown("column", c, columns))
		}
	}
	for name := range f.Shape.Keys {
		if !contains(known, name) {
			return bad(toml.Key{"keys", name}, unknown("key binding", name, known))
		}
	}
	for view, fields := range f.Shape.Views {
		for k := range fields {
			if !contains(viewFields, k) {
				return bad(toml.Key{"views", view, k}, unknown("view setting", k, viewFields))
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func unknown(what, name string, known []string) string {
	msg := fmt.Sprintf("unknown %s %q", what, name)
	if s := suggest.Closest(name, known); s != "" {
		return msg + fmt.Sprintf(" (did you mean %q?)", s)
	}
	if len(known) > 12 {
		return msg + " (the README lists them)"
	}
	return msg + " (one of " + strings.Join(known, ", ") + ")"
}

// ReadShape is the config file's Shape alone, checked against names: for
// the demo, which takes no account from the file. No file is no shape.
func ReadShape(path string, getenv func(string) string, names *ShapeNames) (Shape, error) {
	explicit := path != ""
	if path == "" {
		path = DefaultPath(getenv)
	}
	file, err := loadFile(path, explicit)
	if err != nil || file == nil {
		return Shape{}, err
	}
	if names != nil {
		if err := file.checkShape(file.raw, names.Bindings, names.Columns, names.ViewFields); err != nil {
			return Shape{}, err
		}
	}
	return file.Shape, nil
}
