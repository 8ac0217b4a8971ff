package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

const helpID viewID = "help"

// helpView is the ? screen: every list key, drawn from the key map, and what
// the list's markers mean.
type helpView struct {
	ctx  *Context
	nav  navigator
	keys *HelpKeys
}

func newHelpView(ctx *Context, nav navigator) *helpView {
	return &helpView{ctx: ctx, nav: nav, keys: &ctx.Keys.Help}
}

func (h *helpView) OpenKey() key.Binding     { return h.ctx.Keys.List.Help }
func (h *helpView) Open() (tea.Cmd, bool)    { return nil, true }
func (h *helpView) Place() place             { return placeScreen }
func (h *helpView) ShortHelp() []key.Binding { return []key.Binding{h.keys.Back, h.keys.Quit} }

func (h *helpView) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if key.Matches(k, h.keys.Quit) {
		return h.nav.quit()
	}
	h.nav.back()
	return nil
}

func (h *helpView) View() string {
	st, lay := &h.ctx.Styles, h.ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	legend := "\n\n" + st.Section.Render("List markers") + "\n" +
		"R recurring gift · T tribute (in memory or in honour) · A anonymous gift · — the server sent no value\n\n" +
		st.Section.Render("Searching") + "\n" +
		h.ctx.Keys.List.Filter.Help().Key + "  filters sent to the API (e-mail, names, campaign, donation id), as typed\n" +
		h.ctx.Keys.List.Search.Help().Key + "  quick search over the loaded rows, ignoring case and accents\n\n" +
		st.Muted.Render("Press any key to go back.")
	return st.Panel.Width(lay.Width).MaxHeight(lay.ScreenHeight).Render(h.ctx.FullHelp(h.ctx.Keys.List.FullHelp(), width) + legend)
}
