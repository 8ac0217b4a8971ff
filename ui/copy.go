package ui

import (
	"donations/ui/uictx"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

const copyID uictx.ViewID = "copy"

// copier asks what to copy of the selected gift and puts it on the
// terminal's clipboard (OSC 52), which works over ssh too.
type copier struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	sel  func() *uictx.Row
	keys *uictx.CopyKeys
}

func newCopier(ctx *uictx.Context, nav uictx.Navigator, sel func() *uictx.Row) *copier {
	return &copier{ctx: ctx, nav: nav, sel: sel, keys: &ctx.Keys.Copy}
}

func (c *copier) OpenKey() key.Binding { return c.ctx.Keys.List.Copy }
func (c *copier) Place() uictx.Place   { return uictx.PlaceMessage }
func (c *copier) Open() (tea.Cmd, bool) {
	return nil, c.sel() != nil
}

func (c *copier) ShortHelp() []key.Binding {
	return []key.Binding{c.keys.Email, c.keys.ID, c.keys.JSON, c.keys.Cancel}
}

// View asks; the key line below lists the answers.
func (c *copier) View() string {
	return c.ctx.Styles.Flash.Render("Copy what to the clipboard?")
}

// Update takes one key: what to copy, or anything else to cancel.
func (c *copier) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	c.nav.BackToOpener()
	c.ctx.Flash = ""
	r := c.sel()
	if r == nil {
		return nil
	}
	d := &r.Summary
	var text, label string
	switch {
	case key.Matches(k, c.keys.Email):
		text, label = d.Email.Value, "e-mail "+uictx.Show(d.Email)
	case key.Matches(k, c.keys.ID):
		text, label = uictx.Itoa(d.ID.Value), "id "+uictx.Itoa(d.ID.Value)
	case key.Matches(k, c.keys.JSON):
		text, label = string(d.Raw), "the donation's JSON"
	default:
		return nil
	}
	// OSC 52 has no answer: whether the terminal took it cannot be known.
	c.ctx.Flash = "Sent " + label + " to the terminal's clipboard (OSC 52)"
	return tea.SetClipboard(text)
}
