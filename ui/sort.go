package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/ask"
	"donations/ui/uictx"
)

const sortID uictx.ViewID = "sort"

// sorter asks which column to sort by and takes one key: a column's letter,
// or anything else to cancel. A click on a column's title does the same.
type sorter struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	list *list
	keys *uictx.SortKeys
}

func newSorter(ctx *uictx.Context, nav uictx.Navigator, l *list) *sorter {
	return &sorter{ctx: ctx, nav: nav, list: l, keys: &ctx.Keys.Sort}
}

func (s *sorter) OpenKey() key.Binding  { return s.ctx.Keys.List.Sort }
func (s *sorter) Place() uictx.Place    { return uictx.PlaceMessage }
func (s *sorter) Open() (tea.Cmd, bool) { return nil, true }
func (s *sorter) View() string {
	return s.ctx.Styles.Flash.Render("Sort by? (the same again reverses)")
}
func (s *sorter) bindings() []key.Binding {
	return []key.Binding{s.keys.Date, s.keys.Amount, s.keys.Name, s.keys.Email, s.keys.Status, s.keys.Form, s.keys.ID}
}
func (s *sorter) ShortHelp() []key.Binding { return s.bindings() }

func (s *sorter) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	s.nav.Back()
	for i, b := range s.bindings() {
		if key.Matches(k, b) {
			return s.list.sortBy(ask.SortNames[i]) // bindings are in SortNames' order
		}
	}
	return nil
}
