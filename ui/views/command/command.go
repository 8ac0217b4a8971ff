package command

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/suggest"
	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "command"

// Donations is the name that gives the keys back to the donations' list.
const Donations = "donations"

// Names are what the prompt takes: the donations, then every other kind in
// the order a sync reads them.
func Names() []string {
	names := []string{Donations}
	for _, k := range api.RecordKinds {
		names = append(names, k.Name)
	}
	return names
}

// View is the prompt. It is drawn on the message line of the screen it
// was opened over, which stays.
type View struct {
	uictx.Outbox
	ctx   *uictx.Context
	nav   uictx.Navigator
	keys  *uictx.CommandKeys
	input textinput.Model
	note  string // what the last Tab or Enter found: the choices, or the did-you-mean
}

// New is the prompt, drawn in ctx, moving the keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator) *View {
	in := textinput.New()
	in.Prompt = ":"
	in.Placeholder = strings.Join(Names(), " ")
	return &View{ctx: ctx, nav: nav, keys: &ctx.Keys.Command, input: in}
}

func (c *View) OpenKey() key.Binding { return c.ctx.Keys.List.Command }
func (c *View) Place() uictx.Place   { return uictx.PlaceMessage }
func (c *View) ShortHelp() []key.Binding {
	return []key.Binding{c.keys.Complete, c.keys.Accept, c.keys.Cancel}
}

// Typing: ? is a character here, though no name holds one.
func (c *View) Typing() bool { return true }

// Open starts empty: a prompt is a new command each time.
func (c *View) Open() (tea.Cmd, bool) {
	c.input.SetValue("")
	c.note = ""
	return c.input.Focus(), true
}

func (c *View) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		var cmd tea.Cmd
		c.input, cmd = c.input.Update(msg) // cursor blinks
		return cmd
	}
	switch {
	case key.Matches(k, c.keys.Cancel):
		c.leave()
		c.nav.BackToOpener()
		return nil
	case key.Matches(k, c.keys.Complete):
		c.complete()
		return nil
	case key.Matches(k, c.keys.Accept):
		return c.accept()
	}
	var cmd tea.Cmd
	c.input, cmd = c.input.Update(k)
	c.note = ""
	return cmd
}

// complete fills in the one name the text begins, or as much as the names
// it begins share, and lists them when there are several.
func (c *View) complete() {
	typed := strings.ToLower(strings.TrimSpace(c.input.Value()))
	var fits []string
	for _, n := range Names() {
		if strings.HasPrefix(n, typed) {
			fits = append(fits, n)
		}
	}
	switch len(fits) {
	case 0:
		c.note = "no kind " + textsafe.Line(typed) + suggest.DidYouMean(typed, Names())
		return
	case 1:
		c.note = ""
	default:
		c.note = strings.Join(fits, " ")
	}
	c.input.SetValue(shared(fits))
	c.input.CursorEnd()
}

// shared is the longest beginning the names share.
func shared(names []string) string {
	p := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}

// accept shows the kind named, or the one kind the text begins; text
// that begins several is completed as far as they share, and any other
// stays, with the name it was likely meant to be.
func (c *View) accept() tea.Cmd {
	typed := strings.ToLower(strings.TrimSpace(c.input.Value()))
	if typed == "" {
		c.leave()
		c.nav.BackToOpener()
		return nil
	}
	if !slices.Contains(Names(), typed) {
		c.complete()
		if !slices.Contains(Names(), c.input.Value()) {
			return nil
		}
		typed = c.input.Value()
	}
	c.leave()
	c.Send(uictx.KindMsg{Name: typed})
	return nil
}

func (c *View) leave() {
	c.input.Blur()
	c.note = ""
}

// View is the prompt's line, with what Tab or Enter found after it.
func (c *View) View() string {
	line := c.ctx.InputView(&c.input)
	if c.note != "" {
		line += "  " + c.ctx.Styles.Muted.Render(c.note)
	}
	return textsafe.Truncate(line, c.ctx.Layout.Width)
}
