package clipboard

import (
	"donations/ui/uictx"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// ID names the view.
const ID uictx.ViewID = "copy"

// View asks what to copy of the selected gift and puts it on the
// terminal's clipboard (OSC 52), which works over ssh too.
type View struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	keys *uictx.CopyKeys
}

// New is the copy prompt for data's selected row, drawn in ctx, moving the
// keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	return &View{ctx: ctx, nav: nav, data: data, keys: &ctx.Keys.Copy}
}

func (c *View) OpenKey() key.Binding { return c.ctx.Keys.List.Copy }
func (c *View) Place() uictx.Place   { return uictx.PlaceMessage }
func (c *View) Open() (tea.Cmd, bool) {
	return nil, c.data.Selected() != nil
}

func (c *View) ShortHelp() []key.Binding {
	return []key.Binding{c.keys.Email, c.keys.ID, c.keys.JSON, c.keys.Cancel}
}

// View asks; the key line below lists the answers.
func (c *View) View() string {
	return c.ctx.Styles.Flash.Render("Copy what to the clipboard?")
}

// Update takes one key: what to copy, or anything else to cancel.
func (c *View) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	c.nav.BackToOpener()
	c.ctx.Flash = ""
	r := c.data.Selected()
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
