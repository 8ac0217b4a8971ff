package uictx

import (
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"

	"donations/textsafe"
)

// Context is what every child reads, behind one pointer the root owns: the
// styles, the key map, the screen's layout, the clock and time zone. Flash is
// the one thing children write: a one-line note for the message line.
type Context struct {
	Styles   Styles
	Keys     KeyMap
	Layout   Layout
	Account  string           // shown in the header and the window title
	Config   string           // the config file the account was read from, if any
	Demo     string           // the built-in demo server's address, with --demo
	Zone     *time.Location   // the local time zone
	UTC      bool             // show times in UTC instead
	HidePane bool             // the list takes the whole width even when wide
	Now      func() time.Time // for default file names
	Flash    string
	CSVBOM   bool // exported CSV files start with a UTF-8 byte-order mark
	// FiscalStart is the month the reports' years start in (0 or 1: January).
	FiscalStart int
	Log         *Log
	Columns     []string // the list's columns, by ColumnNames, in order; none: all
	// Curl repeats the request for a donation by id, for rows from the store,
	// whose request is gone; nil when not offered.
	Curl  func(id int64) string
	theme Theme
	help  help.Model
	// restyles counts the restyles, so that what is drawn once and kept
	// knows when its colours are stale (Restyles).
	restyles int
}

// NewContext is a context in theme's colours at 80×24 with the default
// keys; the root fills in the rest from its options.
func NewContext(theme Theme) *Context {
	c := &Context{Styles: StylesFor(theme.Mode != "light", theme.Colors), Keys: NewKeyMap(), Log: &Log{},
		theme: theme, help: help.New(), Layout: NewLayout(80, 24, false, false)}
	c.help.Styles = c.Styles.Help
	return c
}

// Background restyles for the terminal's background, unless the theme
// fixes one.
func (c *Context) Background(dark bool) {
	if c.theme.Mode == "" || c.theme.Mode == "auto" {
		c.Styles = StylesFor(dark, c.theme.Colors)
		c.help.Styles = c.Styles.Help
		c.restyles++
	}
}

// Restyles is how many times the styles have changed: text kept between
// frames is drawn again when it differs from the count it was drawn at.
func (c *Context) Restyles() int { return c.restyles }

// Location is the zone times are shown in.
func (c *Context) Location() *time.Location {
	if c.UTC {
		return time.UTC
	}
	return c.Zone
}

// KeyLine draws bindings as a key line of the screen's width.
func (c *Context) KeyLine(bindings []key.Binding) string {
	return c.KeyLineWidth(bindings, c.Layout.Width)
}

// KeyLineWidth draws bindings in width cells. Key lines list their bindings
// most needed first, so when they do not all fit the last go, whole, rather
// than the line being cut mid-word.
func (c *Context) KeyLineWidth(bindings []key.Binding, width int) string {
	return c.keyLineFit(bindings, nil, width)
}

// KeyLineEnding is KeyLine with ends kept at its end whatever else goes
// (? all keys, q quit), for a view whose line is longer than a narrow
// screen.
func (c *Context) KeyLineEnding(bindings, ends []key.Binding) string {
	return c.keyLineFit(bindings, ends, c.Layout.Width)
}

func (c *Context) keyLineFit(bindings, ends []key.Binding, width int) string {
	c.help.SetWidth(0) // measured here: the help's own cut leaves a dangling "…"
	all := c.help.ShortHelpView(append(slices.Clip(bindings), ends...))
	if textsafe.Width(all) <= width {
		return all
	}
	// A line grows with each binding it keeps, so the longest that fits is
	// found by halving: the key line is drawn every frame, and trying one
	// binding fewer at a time rendered it up to a dozen times on a narrow
	// screen.
	fit := ""
	lo, hi := 2, len(bindings)-1 // the lengths not yet tried
	if len(ends) > 0 {
		lo = 1
	}
	for lo <= hi {
		n := (lo + hi) / 2
		if line := c.help.ShortHelpView(append(slices.Clip(bindings[:n]), ends...)); textsafe.Width(line) <= width {
			fit, lo = line, n+1
		} else {
			hi = n - 1
		}
	}
	if fit == "" {
		return textsafe.Truncate(all, width)
	}
	return fit
}

// FullHelp draws groups of bindings in columns, width cells wide.
func (c *Context) FullHelp(groups [][]key.Binding, width int) string {
	c.help.SetWidth(width)
	return c.help.FullHelpView(groups)
}

// InputView draws a text field in the theme's colours, which change when the
// terminal tells its background after the field was made.
func (c *Context) InputView(in *textinput.Model) string {
	in.SetStyles(c.Styles.Input)
	return in.View()
}
