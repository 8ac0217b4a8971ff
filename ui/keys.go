package ui

import "charm.land/bubbles/v2/key"

// KeyMap is every key of the list screen, with its help text.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom    key.Binding
	Open, Filter, Clear, Search, Order, UTC    key.Binding
	Raw, Copy, Export, Retry, Help, Quit, Back key.Binding
}

// NewKeyMap is the default key map.
func NewKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		PageUp:   b("pgup", "page up", "pgup", "ctrl+u"),
		PageDown: b("pgdn", "page down", "pgdown", "ctrl+d", "space"),
		Top:      b("g/home", "first", "g", "home"),
		Bottom:   b("G/end", "last (loads all)", "G", "end"),
		Open:     b("enter", "details", "enter"),
		Filter:   b("f", "filters", "f"),
		Clear:    b("x", "clear filters", "x"),
		Search:   b("/", "quick search", "/"),
		Order:    b("o", "newest/oldest first", "o"),
		UTC:      b("t", "local/UTC time", "t"),
		Raw:      b("r", "raw JSON", "r"),
		Copy:     b("y", "copy (e-mail, id, json)", "y"),
		Export:   b("e", "export CSV/NDJSON", "e"),
		Retry:    b("R", "retry", "R"),
		Help:     b("?", "all keys", "?"),
		Quit:     b("q", "quit", "q", "ctrl+c"),
		Back:     b("esc", "back", "esc"),
	}
}

// ShortHelp is the line always shown.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Filter, k.Search, k.Order, k.Raw, k.Copy, k.Export, k.Help, k.Quit}
}

// FullHelp is the ? screen.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Open, k.Raw, k.Copy, k.Back, k.Help, k.Quit},
		{k.Filter, k.Clear, k.Search, k.Order, k.UTC, k.Export, k.Retry},
	}
}
