package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
)

// KeyMap is every key of the browser, one set per view. Views match keys only
// through it and draw their key lines from it, so remapping a binding changes
// both what the key does and every line that names it.
type KeyMap struct {
	Quit     key.Binding // from anywhere, even a text field
	List     ListKeys
	Scroll   ScrollKeys // the detail and raw views
	Detail   DetailKeys
	Raw      RawKeys
	Copy     CopyKeys
	Search   PromptKeys
	Export   PromptKeys
	SaveView PromptKeys
	Sort     SortKeys
	Donors   DonorKeys
	Insights InsightKeys
	Live     LiveKeys
	Log      LogKeys
	Filter   FormKeys
	Help     HelpKeys
	Setup    SetupKeys
}

// ListKeys are the list's keys, and the keys that open the other views from it.
type ListKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom    key.Binding
	HalfUp, HalfDown, Pane                     key.Binding
	Open, Filter, Clear, Search, Order, UTC    key.Binding
	Sort, Donors, History, Insights, Live, Log key.Binding
	NextView, PrevView, SaveView, AllStatuses  key.Binding
	Raw, Copy, Export, Retry, Help, Quit, Back key.Binding
}

// ScrollKeys move a scrolled text; they become the viewport's own key map.
type ScrollKeys struct {
	Up, Down, PageUp, PageDown, HalfUp, HalfDown, Left, Right key.Binding
}

// DetailKeys are the full-record view's keys; r and y open the raw view and
// the copy prompt as they do from the list.
// Next and Prev move to the neighbouring gift without closing it.
type DetailKeys struct{ Raw, Copy, Next, Prev, History, Back, Quit key.Binding }

// RawKeys are the raw JSON view's keys, besides the scroll keys.
type RawKeys struct{ Search, Next, Prev, Top, Bottom, Copy, Curl, Back, Quit key.Binding }

// CopyKeys pick what to copy; any other key cancels.
type CopyKeys struct{ Email, ID, JSON, Cancel key.Binding }

// SortKeys pick the column to sort by, after the list's Sort key; the
// column in force again reverses it. Any other key cancels.
type SortKeys struct{ Date, Amount, Name, Email, Status, Form, ID key.Binding }

// DonorKeys are the donor view's: moving, Enter for a donor's gifts, and
// one key per column to sort by (again reverses).
type DonorKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Open, Back, Quit key.Binding
	Total, Gifts, Name, Last, First, Email, AllStatuses       key.Binding
}

// InsightKeys are the insights view's, besides the scroll keys: the period
// the totals are drawn by, the report pages (reportpages.go) and the year
// they report.
type InsightKeys struct {
	Month, Week, Day, Top, Bottom, Back, Quit           key.Binding
	NextPage, PrevPage, PrevYear, NextYear, AllStatuses key.Binding
}

// LogKeys are the request log's, besides the scroll keys.
type LogKeys struct{ Top, Bottom, Back, Quit key.Binding }

// LiveKeys are Live's: Esc stops watching.
type LiveKeys struct{ Back, Quit key.Binding }

// PromptKeys are a one-line text prompt's: every other key types.
type PromptKeys struct{ Accept, Cancel key.Binding }

// FormKeys are the filter form's: Enter applies from any field.
type FormKeys struct{ Next, Prev, Apply, Cancel key.Binding }

// SetupKeys are the first-start screen's: Enter moves on, then saves; Left
// and Right change where the API key comes from.
type SetupKeys struct{ Next, Prev, Accept, Left, Right, Quit key.Binding }

// HelpKeys are the help screen's: any other key goes back.
type HelpKeys struct{ Quit, Back key.Binding }

func bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// NewKeyMap is the default key map.
func NewKeyMap() KeyMap {
	return KeyMap{
		Quit: bind("ctrl+c", "quit", "ctrl+c"),
		List: newListKeys(),
		Scroll: ScrollKeys{
			Up:       bind("↑/↓", "scroll", "up", "k"),
			Down:     bind("↓/j", "scroll down", "down", "j"),
			PageUp:   bind("pgup", "page up", "pgup", "b"),
			PageDown: bind("pgup/pgdn", "page", "pgdown", "space", "f"),
			HalfUp:   bind("u", "half page up", "u", "ctrl+u"),
			HalfDown: bind("d", "half page down", "d", "ctrl+d"),
			Left:     bind("←/h", "left", "left", "h"),
			Right:    bind("→/l", "right", "right", "l"),
		},
		Detail: DetailKeys{
			Raw:     bind("r", "raw JSON", "r"),
			Copy:    bind("y", "copy", "y"),
			Next:    bind("n/]", "next gift", "n", "]"),
			Prev:    bind("p/[", "previous gift", "p", "["),
			History: bind("D", "this donor's gifts", "D"),
			Back:    bind("esc", "back", "esc", "enter"),
			Quit:    bind("q", "quit", "q"),
		},
		Raw: RawKeys{
			Search: bind("/", "find", "/"),
			Next:   bind("n", "next", "n"),
			Prev:   bind("N", "previous", "N"),
			Top:    bind("g", "top", "g", "home"),
			Bottom: bind("G", "bottom", "G", "end"),
			Copy:   bind("y", "copy JSON", "y"),
			Curl:   bind("c", "copy as curl", "c"),
			Back:   bind("esc", "back", "esc", "r"),
			Quit:   bind("q", "quit", "q"),
		},
		Copy: CopyKeys{
			Email:  bind("e", "e-mail", "e"),
			ID:     bind("i", "id", "i"),
			JSON:   bind("j", "JSON", "j"),
			Cancel: bind("esc", "cancel", "esc"),
		},
		Search:   PromptKeys{Accept: bind("enter", "keep and browse", "enter", "down", "up"), Cancel: bind("esc", "clear", "esc")},
		Export:   PromptKeys{Accept: bind("enter", "export", "enter"), Cancel: bind("esc", "cancel", "esc")},
		SaveView: PromptKeys{Accept: bind("enter", "save", "enter"), Cancel: bind("esc", "cancel", "esc")},
		Donors: DonorKeys{
			Up:          bind("↑/k", "up", "up", "k"),
			Down:        bind("↓/j", "down", "down", "j"),
			PageUp:      bind("pgup", "page up", "pgup"),
			PageDown:    bind("pgdn", "page down", "pgdown", "space"),
			Top:         bind("g", "first", "g", "home"),
			Bottom:      bind("G", "last", "G", "end"),
			Open:        bind("enter", "their gifts", "enter"),
			Back:        bind("esc", "back", "esc"),
			Quit:        bind("q", "quit", "q"),
			Total:       bind("t", "by total", "t"),
			Gifts:       bind("c", "by count", "c"),
			Name:        bind("n", "by name", "n"),
			Last:        bind("l", "by last gift", "l"),
			First:       bind("f", "by first gift", "f"),
			Email:       bind("e", "by e-mail", "e"),
			AllStatuses: allStatusesKey(),
		},
		Insights: InsightKeys{
			Month:  bind("m", "by month", "m"),
			Week:   bind("w", "by week", "w"),
			Day:    bind("d", "by day", "d"),
			Top:    bind("g", "top", "g", "home"),
			Bottom: bind("G", "bottom", "G", "end"),
			Back:   bind("esc", "back", "esc"),
			Quit:   bind("q", "quit", "q"),
			// The pages' help names the page they go to (reportpages.go).
			NextPage:    bind("tab", "next page", "tab"),
			PrevPage:    bind("shift+tab", "previous page", "shift+tab"),
			PrevYear:    bind("[", "year before", "["),
			NextYear:    bind("]", "year after", "]"),
			AllStatuses: allStatusesKey(),
		},
		Live: LiveKeys{Back: bind("esc", "stop watching", "esc"), Quit: bind("q", "quit", "q")},
		Log: LogKeys{Top: bind("g", "oldest", "g", "home"), Bottom: bind("G", "newest", "G", "end"),
			Back: bind("esc", "back", "esc"), Quit: bind("q", "quit", "q")},
		Sort: SortKeys{
			Date:   bind("d", "date", "d"),
			Amount: bind("a", "amount", "a"),
			Name:   bind("n", "name", "n"),
			Email:  bind("e", "e-mail", "e"),
			Status: bind("s", "status", "s"),
			Form:   bind("f", "form", "f"),
			ID:     bind("i", "id", "i"),
		},
		Filter: FormKeys{
			Next:   bind("tab", "next", "tab", "down"),
			Prev:   bind("shift+tab", "previous", "shift+tab", "up"),
			Apply:  bind("enter", "apply", "enter"),
			Cancel: bind("esc", "cancel", "esc"),
		},
		// Any key but the scroll keys goes back; the key line names Esc,
		// the key every other view goes back with.
		Help: HelpKeys{Quit: bind("q", "quit", "q"), Back: bind("esc", "back (or any key)", "esc")},
		Setup: SetupKeys{
			Next:   bind("tab", "next", "tab", "down"),
			Prev:   bind("shift+tab", "previous", "shift+tab", "up"),
			Accept: bind("enter", "next, then save", "enter"),
			Left:   bind("←", "previous", "left", "h"),
			Right:  bind("→", "next", "right", "l", "space"),
			Quit:   bind("esc", "quit", "esc", "ctrl+c"),
		},
	}
}

// allStatusesKey switches what the totals count (the footer, insights, the
// donor view): the paid gifts, or every status but refunded.
func allStatusesKey() key.Binding { return bind("a", "count paid/every status", "a") }

func newListKeys() ListKeys {
	return ListKeys{
		Up:          bind("↑/k", "up", "up", "k"),
		Down:        bind("↓/j", "down", "down", "j"),
		PageUp:      bind("pgup", "page up", "pgup"),
		PageDown:    bind("pgdn", "page down", "pgdown", "space"),
		HalfUp:      bind("ctrl+u", "half page up", "ctrl+u"),
		HalfDown:    bind("ctrl+d", "half page down", "ctrl+d"),
		Pane:        bind("v", "hide/show details (wide)", "v"),
		Top:         bind("g/home", "first", "g", "home"),
		Bottom:      bind("G/end", "last (loads all)", "G", "end"),
		Open:        bind("enter", "details", "enter"),
		Filter:      bind("f", "filters", "f"),
		Clear:       bind("x", "clear filters", "x"),
		Search:      bind("/", "quick search", "/"),
		Order:       bind("o", "reverse order", "o"),
		Sort:        bind("s", "sort (or click a title)", "s"),
		Donors:      bind("d", "donors", "d"),
		History:     bind("D", "this donor's gifts", "D"),
		Insights:    bind("i", "insights", "i"),
		Live:        bind("L", "live: watch for new gifts", "L"),
		Log:         bind("l", "request log", "l"),
		NextView:    bind("tab", "next saved view", "tab"),
		PrevView:    bind("shift+tab", "previous saved view", "shift+tab"),
		SaveView:    bind("V", "save as a view", "V"),
		AllStatuses: allStatusesKey(),
		UTC:         bind("t", "local/UTC time", "t"),
		Raw:         bind("r", "raw JSON", "r"),
		Copy:        bind("y", "copy (e-mail, id, json)", "y"),
		Export:      bind("e", "export CSV/NDJSON", "e"),
		Retry:       bind("R", "retry", "R"),
		Help:        bind("?", "all keys", "?"),
		Quit:        bind("q", "quit", "q"),
		// Esc on the list goes back one level of what is under way
		// (Model.escape); the other views go back to the list with it.
		Back: bind("esc", "stop loading/export, clear search", "esc"),
	}
}

// ShortHelp is the list's key line, most needed first: a narrow screen
// drops from the end, and ? shows the rest.
func (k ListKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Filter, k.Search, k.Help, k.Quit, k.Copy, k.Export, k.Sort, k.Order, k.Raw}
}

// FullHelp is the ? screen.
func (k ListKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		{k.Open, k.Pane, k.Raw, k.Copy, k.Donors, k.History, k.Insights, k.Live, k.Log, k.Back, k.Help, k.Quit},
		{k.Filter, k.Clear, k.Search, k.Sort, k.Order, k.AllStatuses, k.NextView, k.PrevView, k.SaveView, k.UTC, k.Export, k.Retry},
	}
}

// viewport is the scroll keys as a viewport's key map.
func (k ScrollKeys) viewport() viewport.KeyMap {
	return viewport.KeyMap{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: k.HalfUp, HalfPageDown: k.HalfDown, Left: k.Left, Right: k.Right}
}
