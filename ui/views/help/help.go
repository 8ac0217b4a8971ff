package help

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "help"

// View is the ? screen: the keys of the view it was opened from, then the
// keys that work everywhere, drawn from the key map in as many columns as
// fit, and what the list's markers mean; it scrolls when the screen is too
// short for it all.
type View struct {
	uictx.Scrolled
	keys *uictx.HelpKeys
	from uictx.Helped // nil: the keys of no view
	// The text is drawn once for a width and styles (a couple of
	// milliseconds of wrapping), not every frame the spinner asks for.
	drawn uictx.Drawn[[2]int]
}

// New is the view, drawn in ctx, moving the keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator) *View {
	return &View{Scrolled: uictx.NewScrolled(ctx, nav), keys: &ctx.Keys.Help}
}

// OpenKey is none: the root opens the help from any view (From).
func (h *View) OpenKey() key.Binding  { return uictx.None }
func (h *View) Open() (tea.Cmd, bool) { h.VP.GotoTop(); return nil, true }

// From has the help explain v, the view about to give it the keys.
func (h *View) From(v uictx.Helped) {
	h.from = v
	h.drawn = uictx.Drawn[[2]int]{} // another view's keys: draw anew
}
func (h *View) Place() uictx.Place { return uictx.PlaceScreen }
func (h *View) ShortHelp() []key.Binding {
	return []key.Binding{h.Ctx.Keys.Scroll.Up, h.keys.Back, h.keys.Quit}
}

// Update scrolls with the scroll keys; any other key goes back.
func (h *View) Update(msg tea.Msg) tea.Cmd {
	s := h.Ctx.Keys.Scroll
	return h.Handle(msg, uictx.ScrolledKeys{Quit: h.keys.Quit, Top: uictx.None, Bottom: uictx.None, Back: func(k tea.KeyPressMsg) bool {
		return !key.Matches(k, s.Up, s.Down, s.PageUp, s.PageDown, s.HalfUp, s.HalfDown)
	}})
}

func (h *View) View() string {
	st, lay := &h.Ctx.Styles, h.Ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	h.VP.SetWidth(width)
	h.VP.SetHeight(max(lay.ScreenHeight-st.Panel.GetVerticalFrameSize()-1, 1))
	if h.drawn.Stale([2]int{width, h.Ctx.Restyles()}) {
		h.VP.SetContent(h.text(width))
	}
	return st.Panel.Width(lay.Width).MaxHeight(lay.ScreenHeight).Render(h.VP.View() + "\n" + h.Ctx.KeyLineWidth(h.ShortHelp(), width))
}

// text is the keys in columns and the legend, wrapped to width.
func (h *View) text(width int) string {
	st := &h.Ctx.Styles
	legend := "\n\n" + st.Section.Render("List markers") + "\n" +
		"R recurring gift · T tribute (in memory or in honour) · A anonymous gift · — the server sent no value\n\n" +
		st.Section.Render("The totals line") + "\n" +
		"Σ what the counted gifts raised (the paid ones; every status but refunded after " + h.Ctx.Keys.List.AllStatuses.Help().Key +
		"), converted; then what is not counted; ↻ the recurring gifts among those counted\n\n" +
		st.Section.Render("Searching") + "\n" +
		h.Ctx.Keys.List.Filter.Help().Key + "  filters: the API's (e-mail, names, campaign, donation id), sent as typed, then dates, status, amount, currency, form, recurring, tribute and anonymous, applied here\n" +
		h.Ctx.Keys.List.Search.Help().Key + "  quick search over everything the store holds, ignoring case and accents (partial while a first sync runs, and says so)\n\n" +
		st.Section.Render("Copying") + "\n" +
		h.Ctx.Keys.List.Copy.Help().Key + "  sends to the terminal's clipboard (OSC 52), which no terminal confirms; " +
		"tmux needs  set -g set-clipboard on , GNU screen does not pass it on\n\n" +
		h.demoHelp() +
		st.Muted.Render("Press any key to go back.")
	return lipgloss.NewStyle().Width(width).Render(h.keyText(width) + legend)
}

// keyText is the keys of the view the help was opened from, then those
// that work from any view.
func (h *View) keyText(width int) string {
	st, k := &h.Ctx.Styles, h.Ctx.Keys
	everywhere := []key.Binding{uictx.Bind(k.List.Help.Help().Key, "these keys, from any view", k.List.Help.Keys()...), k.Quit}
	text := st.Section.Render("Everywhere") + "\n" + packColumns(h.Ctx, [][]key.Binding{everywhere}, width)
	if h.from == nil {
		return text
	}
	return st.Section.Render(textsafe.Line(h.from.HelpTitle())) + "\n" + packColumns(h.Ctx, h.from.FullHelp(), width) + "\n\n" + text
}

// demoHelp says, with --demo, where the demo server runs and how to add a
// gift to it while it does, for Live to find.
func (h *View) demoHelp() string {
	if h.Ctx.Demo == "" {
		return ""
	}
	return h.Ctx.Styles.Section.Render("The demo") + "\n" +
		"The demo API runs at " + h.Ctx.Demo + " while this does. To add a gift (" + h.Ctx.Keys.List.Live.Help().Key +
		" watches for it), from another terminal:\n  curl -X POST '" + h.Ctx.Demo + "/admin/add?n=1'\n\n"
}

// packColumns draws each group of keys as a column and sets as many side by
// side as fit in width, the rest in rows below, so no key is ever cut off.
func packColumns(ctx *uictx.Context, groups [][]key.Binding, width int) string {
	const gap = "    "
	var rows, line []string
	used := 0
	for _, g := range groups {
		col := ctx.FullHelp([][]key.Binding{g}, width)
		w := lipgloss.Width(col)
		if len(line) > 0 && used+len(gap)+w > width {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, line...))
			line, used = nil, 0
		}
		if len(line) > 0 {
			line = append(line, gap)
			used += len(gap)
		}
		line = append(line, col)
		used += w
	}
	rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, line...))
	return strings.Join(rows, "\n\n")
}
