package uictx

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Styles are every style the UI draws with, made for a light or a dark
// background. Colour never carries meaning alone: statuses are also words.
type Styles struct {
	Title, Chip, LocalChip, Muted, Header, Selected, Error, Warn, OK, Key, Border, Section, Label, Flash lipgloss.Style
	Panel                                                                                                lipgloss.Style // a full-screen view's frame: its padding is taken off the width inside
	Status                                                                                               map[string]lipgloss.Style
	// The key lines and every text field, in the same colours: the Bubbles
	// defaults (greys 239-241 on dark) are too faint to read.
	Help  help.Styles
	Input textinput.Styles
}

// Theme is how a config shapes the colours: Mode "light" or "dark" fixes
// the background ("auto" or "" follows the terminal's), and Colors replaces
// any of ThemeColors by a colour such as "#5A3FC0" or an ANSI number.
type Theme struct {
	Mode   string
	Colors map[string]string
}

// ThemeColors are the colours a theme can replace.
var ThemeColors = []string{"accent", "muted", "ok", "error", "warn", "info"}

// NewStyles makes the styles for the terminal's background.
func NewStyles(dark bool) Styles { return StylesFor(dark, nil) }

// newStyles is NewStyles with a theme's colours in place of the defaults.
func StylesFor(dark bool, colors map[string]string) Styles {
	c := func(name, light, darkC string) color.Color {
		if v, ok := colors[name]; ok {
			return lipgloss.Color(v)
		}
		if dark {
			return lipgloss.Color(darkC)
		}
		return lipgloss.Color(light)
	}
	accent := c("accent", "#5A3FC0", "#A78BFA")
	muted := c("muted", "#6B6B6B", "#9A9A9A")
	green := c("ok", "#1E7B34", "#5FD068")
	red := c("error", "#B3261E", "#FF6B6B")
	amber := c("warn", "#8A5A00", "#F2C94C")
	blue := c("info", "#1D5FA8", "#6CB6FF")
	s := Styles{
		Title: lipgloss.NewStyle().Bold(true).Foreground(accent),
		Chip:  lipgloss.NewStyle().Foreground(c("chiptext", "#FFFFFF", "#1A1A1A")).Background(accent).Padding(0, 1),
		// The filters the store applies look apart from the server's.
		LocalChip: lipgloss.NewStyle().Foreground(c("chiptext", "#FFFFFF", "#1A1A1A")).Background(blue).Padding(0, 1),
		Muted:     lipgloss.NewStyle().Foreground(muted),
		Header:    lipgloss.NewStyle().Bold(true).Foreground(muted),
		Selected:  lipgloss.NewStyle().Reverse(true),
		Error:     lipgloss.NewStyle().Foreground(red).Bold(true),
		Warn:      lipgloss.NewStyle().Foreground(amber),
		OK:        lipgloss.NewStyle().Foreground(green),
		Key:       lipgloss.NewStyle().Bold(true).Foreground(accent),
		Border:    lipgloss.NewStyle().Foreground(muted),
		Section:   lipgloss.NewStyle().Bold(true).Foreground(accent).Underline(true),
		Label:     lipgloss.NewStyle().Foreground(muted),
		Flash:     lipgloss.NewStyle().Foreground(green),
		Panel:     lipgloss.NewStyle().Padding(1, 2),
	}
	key, text := lipgloss.NewStyle().Foreground(accent), lipgloss.NewStyle().Foreground(muted)
	s.Help = help.Styles{ShortKey: key, ShortDesc: text, ShortSeparator: text, Ellipsis: text, FullKey: key, FullDesc: text, FullSeparator: text}
	s.Input = textinput.DefaultStyles(dark)
	for _, st := range []*textinput.StyleState{&s.Input.Focused, &s.Input.Blurred} {
		st.Placeholder, st.Suggestion, st.Prompt = text, text, s.Key
	}
	s.Input.Blurred.Text = text
	s.Input.Cursor.Color = accent
	s.Status = map[string]lipgloss.Style{
		"paid":      lipgloss.NewStyle().Foreground(green),
		"succeeded": lipgloss.NewStyle().Foreground(green),
		"completed": lipgloss.NewStyle().Foreground(green),
		"refunded":  lipgloss.NewStyle().Foreground(blue),
		"pending":   lipgloss.NewStyle().Foreground(amber),
		"failed":    lipgloss.NewStyle().Foreground(red),
		"disputed":  lipgloss.NewStyle().Foreground(red).Bold(true),
	}
	return s
}

// StatusStyle is the style for a donation status; unknown statuses are plain.
func (s Styles) StatusStyle(status string) lipgloss.Style {
	if st, ok := s.Status[status]; ok {
		return st
	}
	return lipgloss.NewStyle()
}
