package uictx

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
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
	Command  CommandKeys
	Kinds    KindKeys
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
	Command                                    key.Binding
}

// ScrollKeys move a scrolled text; they become the viewport's own key map.
type ScrollKeys struct {
	Up, Down, PageUp, PageDown, HalfUp, HalfDown, Left, Right key.Binding
}

// DetailKeys are the full-record view's keys; r and y open the raw view and
// the copy prompt as they do from the list.
// Next and Prev move to the neighbouring gift without closing it; Top and
// Bottom scroll its text, as they do the raw view's.
// Plan and Campaign jump to the gift's plan and campaign in the kinds'
// view.
type DetailKeys struct {
	Raw, Copy, Next, Prev, History, Top, Bottom, Back, Quit key.Binding
	Plan, Campaign                                          key.Binding
}

// CommandKeys are the : prompt's, which switches the kind shown: every
// other key types.
type CommandKeys struct{ Complete, Accept, Cancel key.Binding }

// KindKeys are the kinds' view's (plans, campaigns, donors...): moving,
// the detail and raw record, the search, the sort and the status, and the
// jumps to a record's gifts, plans and campaign.
type KindKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Open, Raw key.Binding
	Search, Sort, Order, Status, Clear, Command        key.Binding
	Gifts, Plans, Campaign, Back, Quit                 key.Binding
}

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

// Bind is a binding to keys, named help in key lines and described desc.
func Bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// NewKeyMap is the default key map.
func NewKeyMap() KeyMap {
	return KeyMap{
		Quit: Bind("ctrl+c", "quit", "ctrl+c"),
		List: newListKeys(),
		Scroll: ScrollKeys{
			Up:       Bind("↑/↓", "scroll", "up", "k"),
			Down:     Bind("↓/j", "scroll down", "down", "j"),
			PageUp:   Bind("pgup", "page up", "pgup", "b"),
			PageDown: Bind("pgup/pgdn", "page", "pgdown", "space", "f"),
			HalfUp:   Bind("u", "half page up", "u", "ctrl+u"),
			HalfDown: Bind("d", "half page down", "d", "ctrl+d"),
			Left:     Bind("←/h", "left", "left", "h"),
			Right:    Bind("→/l", "right", "right", "l"),
		},
		Detail: DetailKeys{
			Raw:      Bind("r", "raw JSON", "r"),
			Copy:     Bind("y", "copy", "y"),
			Next:     Bind("n/]", "next gift", "n", "]"),
			Prev:     Bind("p/[", "previous gift", "p", "["),
			History:  Bind("D", "this donor's gifts", "D"),
			Plan:     Bind("P", "its plan", "P"),
			Campaign: Bind("C", "its campaign", "C"),
			Top:      Bind("g", "top", "g", "home"),
			Bottom:   Bind("G", "bottom", "G", "end"),
			Back:     Bind("esc", "back", "esc", "enter"),
			Quit:     Bind("q", "quit", "q"),
		},
		Raw: RawKeys{
			Search: Bind("/", "find", "/"),
			Next:   Bind("n", "next", "n"),
			Prev:   Bind("N", "previous", "N"),
			Top:    Bind("g", "top", "g", "home"),
			Bottom: Bind("G", "bottom", "G", "end"),
			Copy:   Bind("y", "copy JSON", "y"),
			Curl:   Bind("c", "copy as curl", "c"),
			Back:   Bind("esc", "back", "esc", "r"),
			Quit:   Bind("q", "quit", "q"),
		},
		Copy: CopyKeys{
			Email:  Bind("e", "e-mail", "e"),
			ID:     Bind("i", "id", "i"),
			JSON:   Bind("j", "JSON", "j"),
			Cancel: Bind("esc", "cancel", "esc"),
		},
		Search:   PromptKeys{Accept: Bind("enter", "keep and browse", "enter", "down", "up"), Cancel: Bind("esc", "clear", "esc")},
		Export:   PromptKeys{Accept: Bind("enter", "export", "enter"), Cancel: Bind("esc", "cancel", "esc")},
		SaveView: PromptKeys{Accept: Bind("enter", "save", "enter"), Cancel: Bind("esc", "cancel", "esc")},
		Donors: DonorKeys{
			Up:          Bind("↑/k", "up", "up", "k"),
			Down:        Bind("↓/j", "down", "down", "j"),
			PageUp:      Bind("pgup", "page up", "pgup"),
			PageDown:    Bind("pgdn", "page down", "pgdown", "space"),
			Top:         Bind("g", "first", "g", "home"),
			Bottom:      Bind("G", "last", "G", "end"),
			Open:        Bind("enter", "their gifts", "enter"),
			Back:        Bind("esc", "back", "esc"),
			Quit:        Bind("q", "quit", "q"),
			Total:       Bind("t", "by total", "t"),
			Gifts:       Bind("c", "by count", "c"),
			Name:        Bind("n", "by name", "n"),
			Last:        Bind("l", "by last gift", "l"),
			First:       Bind("f", "by first gift", "f"),
			Email:       Bind("e", "by e-mail", "e"),
			AllStatuses: allStatusesKey(),
		},
		Command: CommandKeys{
			Complete: Bind("tab", "complete", "tab"),
			Accept:   Bind("enter", "show", "enter"),
			Cancel:   Bind("esc", "cancel", "esc"),
		},
		Kinds: KindKeys{
			Up:       Bind("↑/k", "up", "up", "k"),
			Down:     Bind("↓/j", "down", "down", "j"),
			PageUp:   Bind("pgup", "page up", "pgup"),
			PageDown: Bind("pgdn", "page down", "pgdown", "space"),
			Top:      Bind("g", "first", "g", "home"),
			Bottom:   Bind("G", "last", "G", "end"),
			Open:     Bind("enter", "details", "enter"),
			Raw:      Bind("r", "raw JSON", "r"),
			Search:   Bind("/", "search", "/"),
			Sort:     Bind("s", "next sort", "s"),
			Order:    Bind("o", "reverse order", "o"),
			Status:   Bind("f", "next status", "f"),
			Clear:    Bind("x", "clear filters", "x"),
			Command:  Bind(":", "kind", ":"),
			Gifts:    Bind("D", "gifts", "D"),
			Plans:    Bind("P", "plans", "P"),
			Campaign: Bind("C", "campaign", "C"),
			Back:     Bind("esc", "back", "esc"),
			Quit:     Bind("q", "quit", "q"),
		},
		Insights: InsightKeys{
			Month:  Bind("m", "by month", "m"),
			Week:   Bind("w", "by week", "w"),
			Day:    Bind("d", "by day", "d"),
			Top:    Bind("g", "top", "g", "home"),
			Bottom: Bind("G", "bottom", "G", "end"),
			Back:   Bind("esc", "back", "esc"),
			Quit:   Bind("q", "quit", "q"),
			// The pages' help names the page they go to (reportpages.go).
			NextPage:    Bind("tab", "next page", "tab"),
			PrevPage:    Bind("shift+tab", "previous page", "shift+tab"),
			PrevYear:    Bind("[", "year before", "["),
			NextYear:    Bind("]", "year after", "]"),
			AllStatuses: allStatusesKey(),
		},
		Live: LiveKeys{Back: Bind("esc", "stop watching", "esc"), Quit: Bind("q", "quit", "q")},
		Log: LogKeys{Top: Bind("g", "oldest", "g", "home"), Bottom: Bind("G", "newest", "G", "end"),
			Back: Bind("esc", "back", "esc"), Quit: Bind("q", "quit", "q")},
		Sort: SortKeys{
			Date:   Bind("d", "date", "d"),
			Amount: Bind("a", "amount", "a"),
			Name:   Bind("n", "name", "n"),
			Email:  Bind("e", "e-mail", "e"),
			Status: Bind("s", "status", "s"),
			Form:   Bind("f", "form", "f"),
			ID:     Bind("i", "id", "i"),
		},
		Filter: FormKeys{
			Next:   Bind("tab", "next", "tab", "down"),
			Prev:   Bind("shift+tab", "previous", "shift+tab", "up"),
			Apply:  Bind("enter", "apply", "enter"),
			Cancel: Bind("esc", "cancel", "esc"),
		},
		// Any key but the scroll keys goes back; the key line names Esc,
		// the key every other view goes back with.
		Help: HelpKeys{Quit: Bind("q", "quit", "q"), Back: Bind("esc", "back (or any key)", "esc")},
		Setup: SetupKeys{
			Next:   Bind("tab", "next", "tab", "down"),
			Prev:   Bind("shift+tab", "previous", "shift+tab", "up"),
			Accept: Bind("enter", "next, then save", "enter"),
			Left:   Bind("←", "previous", "left", "h"),
			Right:  Bind("→", "next", "right", "l", "space"),
			Quit:   Bind("esc", "quit", "esc", "ctrl+c"),
		},
	}
}

// allStatusesKey switches what the totals count (the footer, insights, the
// donor view): the paid gifts, or every status but refunded.
func allStatusesKey() key.Binding { return Bind("a", "count paid/every status", "a") }

func newListKeys() ListKeys {
	return ListKeys{
		Up:          Bind("↑/k", "up", "up", "k"),
		Down:        Bind("↓/j", "down", "down", "j"),
		PageUp:      Bind("pgup", "page up", "pgup"),
		PageDown:    Bind("pgdn", "page down", "pgdown", "space"),
		HalfUp:      Bind("ctrl+u", "half page up", "ctrl+u"),
		HalfDown:    Bind("ctrl+d", "half page down", "ctrl+d"),
		Pane:        Bind("v", "hide/show details (wide)", "v"),
		Top:         Bind("g/home", "first", "g", "home"),
		Bottom:      Bind("G/end", "last (loads all)", "G", "end"),
		Open:        Bind("enter", "details", "enter"),
		Filter:      Bind("f", "filters", "f"),
		Clear:       Bind("x", "clear filters", "x"),
		Search:      Bind("/", "quick search", "/"),
		Order:       Bind("o", "reverse order", "o"),
		Sort:        Bind("s", "sort (or click a title)", "s"),
		Donors:      Bind("d", "donors", "d"),
		History:     Bind("D", "this donor's gifts", "D"),
		Insights:    Bind("i", "insights", "i"),
		Live:        Bind("L", "live: watch for new gifts", "L"),
		Log:         Bind("l", "request log", "l"),
		NextView:    Bind("tab", "next saved view", "tab"),
		PrevView:    Bind("shift+tab", "previous saved view", "shift+tab"),
		SaveView:    Bind("V", "save as a view", "V"),
		AllStatuses: allStatusesKey(),
		UTC:         Bind("t", "local/UTC time", "t"),
		Raw:         Bind("r", "raw JSON", "r"),
		Copy:        Bind("y", "copy (e-mail, id, json)", "y"),
		Export:      Bind("e", "export CSV/NDJSON", "e"),
		Retry:       Bind("R", "retry", "R"),
		Help:        Bind("?", "all keys", "?"),
		Quit:        Bind("q", "quit", "q"),
		Command:     Bind(":", "kind (:plans, :campaigns…)", ":"),
		// Esc on the list goes back one level of what is under way
		// (Model.escape); the other views go back to the list with it.
		Back: Bind("esc", "stop loading/export, clear search", "esc"),
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
		{k.Open, k.Pane, k.Raw, k.Copy, k.Donors, k.History, k.Insights, k.Live, k.Log, k.Command, k.Back, k.Help, k.Quit},
		{k.Filter, k.Clear, k.Search, k.Sort, k.Order, k.AllStatuses, k.NextView, k.PrevView, k.SaveView, k.UTC, k.Export, k.Retry},
	}
}

// Group is the scroll keys as a column of the ? screen, each named by its
// own keys and what it does: the key line's labels ("↑/↓ scroll" on Up,
// "pgup/pgdn page" on PageDown) stand for a pair there, and in the column
// read "↑/↓ scroll" above "↓/j scroll down".
func (k ScrollKeys) Group() []key.Binding {
	own := func(b key.Binding, does string) key.Binding {
		b.SetHelp(keyNames(b.Keys()), does)
		return b
	}
	return slices.DeleteFunc([]key.Binding{own(k.Up, "up"), own(k.Down, "down"), own(k.PageUp, "page up"), own(k.PageDown, "page down"),
		own(k.HalfUp, "half page up"), own(k.HalfDown, "half page down")}, func(b key.Binding) bool { return len(b.Keys()) == 0 })
}

// keyNames is how the help writes a binding's keys: the scroll keys'
// column and a binding the config remapped (which showed "up/k").
func keyNames(keys []string) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = keyName(k)
	}
	return strings.Join(names, "/")
}

// keyName is how the help writes a key.
func keyName(k string) string {
	switch k {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "pgdown":
		return "pgdn"
	}
	return k
}

// Yielding is k less the keys own binds: a view matches its own keys
// before the scroll keys, so the insights' d is by day and only ctrl+d
// scrolls half a page there, and its help had named d for both.
func (k ScrollKeys) Yielding(own ...key.Binding) ScrollKeys {
	taken := map[string]bool{}
	for _, b := range own {
		for _, name := range b.Keys() {
			taken[name] = true
		}
	}
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.HalfUp, &k.HalfDown, &k.Left, &k.Right} {
		if keys := b.Keys(); slices.ContainsFunc(keys, func(name string) bool { return taken[name] }) {
			b.SetKeys(slices.DeleteFunc(slices.Clone(keys), func(name string) bool { return taken[name] })...)
		}
	}
	return k
}

// Scroll moves vp when msg is one of k's keys, and says whether it was.
// The viewport is given k's keys as they are now: the config's [keys] are
// applied after the views are made, and a key map copied when they were
// left a remapped scroll key scrolling nothing.
func (k ScrollKeys) Scroll(vp *viewport.Model, msg tea.KeyPressMsg) bool {
	if !key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Left, k.Right) {
		return false
	}
	vp.KeyMap = viewport.KeyMap{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: k.HalfUp, HalfPageDown: k.HalfDown, Left: k.Left, Right: k.Right}
	*vp, _ = vp.Update(msg)
	return true
}
