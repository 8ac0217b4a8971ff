package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"donations/config"
	"donations/ui"
)

// shapeNames are what the browser offers, for checking a config's [keys],
// columns and [views].
func shapeNames() *config.ShapeNames {
	return &config.ShapeNames{Bindings: ui.BindingNames(), Columns: ui.ColumnNames, ViewFields: ui.ViewFields()}
}

// shapeOptions puts a config's theme, columns, keys and views in the
// browser's options.
func shapeOptions(opts *ui.Options, s config.Shape, now time.Time) error {
	opts.Theme = ui.Theme{Mode: s.Theme.Mode, Colors: s.Theme.Colors()}
	opts.Columns = s.Columns
	opts.Keys = map[string][]string{}
	for name, keys := range s.Keys {
		opts.Keys[name] = keys
	}
	names := make([]string, 0, len(s.Views))
	for name := range s.Views {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		v, err := ui.NewView(name, s.Views[name], now)
		if err != nil {
			return &config.Error{Msg: fmt.Sprintf("[views.%s] %v", name, err)}
		}
		opts.Views = append(opts.Views, v)
	}
	return nil
}

// stateFile keeps what the browser remembers of one profile between runs,
// as JSON, in $XDG_STATE_HOME/donations/ (by default ~/.local/state/donations/),
// private to the user and written whole or not at all.
type stateFile struct{ path string }

func newStateFile(getenv func(string) string, profile string) stateFile {
	dir := getenv("XDG_STATE_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		dir = filepath.Join(getenv("HOME"), ".local", "state")
	}
	if profile == "" {
		profile = "default"
	}
	return stateFile{filepath.Join(dir, "donations", profile+".json")}
}

func (f stateFile) Load() (ui.State, error) {
	var s ui.State
	b, err := os.ReadFile(f.path)
	if os.IsNotExist(err) {
		return s, nil
	}
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		return ui.State{}, fmt.Errorf("%s: %w", f.path, err)
	}
	return s, nil
}

func (f stateFile) Save(s ui.State) error {
	if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
		return err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(f.path), ".state-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), f.path)
}
