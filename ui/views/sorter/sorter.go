package sorter

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/query"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "sort"

// View asks which column to sort by and takes one key: a column's letter,
// or anything else to cancel. A click on a column's title does the same.
type View struct {
	uictx.Outbox
	ctx  *uictx.Context
	nav  uictx.Navigator
	keys *uictx.SortKeys
}

// New is the sort prompt, drawn in ctx, moving the keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator) *View {
	return &View{ctx: ctx, nav: nav, keys: &ctx.Keys.Sort}
}

func (s *View) OpenKey() key.Binding  { return s.ctx.Keys.List.Sort }
func (s *View) Place() uictx.Place    { return uictx.PlaceMessage }
func (s *View) Open() (tea.Cmd, bool) { return nil, true }
func (s *View) View() string {
	return s.ctx.Styles.Flash.Render("Sort by? (the same again reverses)")
}
func (s *View) bindings() []key.Binding {
	return []key.Binding{s.keys.Date, s.keys.Amount, s.keys.Name, s.keys.Email, s.keys.Status, s.keys.Form, s.keys.ID}
}
func (s *View) ShortHelp() []key.Binding { return s.bindings() }

func (s *View) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	s.nav.Back()
	for i, b := range s.bindings() {
		if key.Matches(k, b) {
			s.Send(uictx.SortMsg{Key: query.Sorts[i]}) // bindings are in query.Sorts order
			return nil
		}
	}
	return nil
}
