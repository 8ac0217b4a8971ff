package ui

import (
	tea "charm.land/bubbletea/v2"

	"donations/ui/uictx"
	"donations/ui/views/live"
)

// navigator is how the children move the keys (uictx.Navigator): the
// root's own routing, kept off Model's exported methods.
type navigator struct{ m *Model }

func (n navigator) Open(id uictx.ViewID) tea.Cmd { return n.m.open(id) }
func (n navigator) Back()                        { n.m.back() }
func (n navigator) BackToOpener()                { n.m.backToOpener() }
func (n navigator) Quit() tea.Cmd                { return n.m.quit() }
func (n navigator) SwitchView(next bool) tea.Cmd { return n.m.switchView(next) }

// backToOpener ends a prompt where it began: a copy asked for in the detail
// leaves the detail open.
func (m *Model) backToOpener() { m.focus = m.opener }

// newContext is the shared context the options describe.
func newContext(opt Options) *uictx.Context {
	c := uictx.NewContext(opt.Theme)
	c.Account, c.Config, c.Demo, c.Zone, c.Now = opt.Account, opt.Config, opt.Demo, opt.Location, opt.Now
	c.CSVBOM, c.FiscalStart, c.Curl, c.Columns = opt.CSVBOM, opt.FiscalStart, opt.Curl, opt.Columns
	return c
}

// What the wiring shapes the browser with; they live with the context
// every view reads.
type (
	// Theme is how a config shapes the colours.
	Theme = uictx.Theme
	// KeyMap is every key of the browser.
	KeyMap = uictx.KeyMap
	// LiveOptions are what Live (L) needs: how to sync, the server's
	// budget, the bell.
	LiveOptions = live.Options
)

var (
	// NewKeyMap is the default key map.
	NewKeyMap = uictx.NewKeyMap
	// BindingNames are the names a config's [keys] gives bindings by.
	BindingNames = uictx.BindingNames
)
