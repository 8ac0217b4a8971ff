package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

const helpID viewID = "help"

// helpView is the ? screen: every list key, drawn from the key map in as
// many columns as fit, and what the list's markers mean; it scrolls when the
// screen is too short for it all.
type helpView struct {
	scrolled
	keys *HelpKeys
}

func newHelpView(ctx *Context, nav navigator) *helpView {
	return &helpView{scrolled: newScrolled(ctx, nav), keys: &ctx.Keys.Help}
}

func (h *helpView) OpenKey() key.Binding  { return h.ctx.Keys.List.Help }
func (h *helpView) Open() (tea.Cmd, bool) { h.vp.GotoTop(); return nil, true }
func (h *helpView) Place() place          { return placeScreen }
func (h *helpView) ShortHelp() []key.Binding {
	return []key.Binding{h.ctx.Keys.Scroll.Up, h.keys.Back, h.keys.Quit}
}

// Update scrolls with the scroll keys; any other key goes back.
func (h *helpView) Update(msg tea.Msg) tea.Cmd {
	s := h.ctx.Keys.Scroll
	return h.update(msg, scrollKeys{quit: h.keys.Quit, top: none, bottom: none, back: func(k tea.KeyPressMsg) bool {
		return !key.Matches(k, s.Up, s.Down, s.PageUp, s.PageDown, s.HalfUp, s.HalfDown)
	}})
}

func (h *helpView) View() string {
	st, lay := &h.ctx.Styles, h.ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	legend := "\n\n" + st.Section.Render("List markers") + "\n" +
		"R recurring gift · T tribute (in memory or in honour) · A anonymous gift · — the server sent no value\n\n" +
		st.Section.Render("Searching") + "\n" +
		h.ctx.Keys.List.Filter.Help().Key + "  filters: the API's (e-mail, names, campaign, donation id), sent as typed, then dates, status, amount, currency, form, recurring, tribute and anonymous, applied here\n" +
		h.ctx.Keys.List.Search.Help().Key + "  quick search over everything the store holds, ignoring case and accents (partial while a first sync runs, and says so)\n\n" +
		st.Section.Render("Copying") + "\n" +
		h.ctx.Keys.List.Copy.Help().Key + "  sends to the terminal's clipboard (OSC 52), which no terminal confirms; " +
		"tmux needs  set -g set-clipboard on , GNU screen does not pass it on\n\n" +
		h.demoHelp() +
		st.Muted.Render("Press any key to go back.")
	text := lipgloss.NewStyle().Width(width).Render(packColumns(h.ctx, h.ctx.Keys.List.FullHelp(), width) + legend)
	h.vp.SetWidth(width)
	h.vp.SetHeight(max(lay.ScreenHeight-st.Panel.GetVerticalFrameSize()-1, 1))
	h.vp.SetContent(text)
	return st.Panel.Width(lay.Width).MaxHeight(lay.ScreenHeight).Render(h.vp.View() + "\n" + h.ctx.KeyLineWidth(h.ShortHelp(), width))
}

// demoHelp says, with --demo, where the demo server runs and how to add a
// gift to it while it does, for Live to find.
func (h *helpView) demoHelp() string {
	if h.ctx.Demo == "" {
		return ""
	}
	return h.ctx.Styles.Section.Render("The demo") + "\n" +
		"The demo API runs at " + h.ctx.Demo + " while this does. To add a gift (" + h.ctx.Keys.List.Live.Help().Key +
		" watches for it), from another terminal:\n  curl -X POST '" + h.ctx.Demo + "/admin/add?n=1'\n\n"
}

// packColumns draws each group of keys as a column and sets as many side by
// side as fit in width, the rest in rows below, so no key is ever cut off.
func packColumns(ctx *Context, groups [][]key.Binding, width int) string {
	const gap = "    "
	var rows, row []string
	used := 0
	for _, g := range groups {
		col := ctx.FullHelp([][]key.Binding{g}, width)
		w := lipgloss.Width(col)
		if len(row) > 0 && used+len(gap)+w > width {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, used = nil, 0
		}
		if len(row) > 0 {
			row = append(row, gap)
			used += len(gap)
		}
		row = append(row, col)
		used += w
	}
	rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	return strings.Join(rows, "\n\n")
}
