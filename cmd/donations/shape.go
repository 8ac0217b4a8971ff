package main

import (
	"fmt"
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

// saveView is the browser's SaveView: into the config file the shape came
// from (--config, or the default place).
func saveView(a *app) func(ui.View, bool) error {
	path := viewFile(a)
	return func(v ui.View, replace bool) error { return config.SaveView(path, v.Name, v.Settings(), replace) }
}

// canSaveView is the browser's CanSaveView, for the same file.
func canSaveView(a *app) func() error {
	path := viewFile(a)
	return func() error { return config.CanSaveView(path) }
}

func viewFile(a *app) string {
	if a.g.configPath != "" {
		return a.g.configPath
	}
	return config.DefaultPath(a.env.getenv)
}
