package ui

import (
	tea "charm.land/bubbletea/v2"

	"donations/ui/uictx"
)

// outbox is a child that asks the root for changes (uictx.Outbox).
type outbox interface{ Take() []uictx.Request }

// carryOut does what the children asked while handling a message, in the
// order they asked it: the only way a view changes the question or the walk.
func (m *Model) carryOut() tea.Cmd {
	var cmds []tea.Cmd
	for _, id := range m.order {
		if o, ok := m.children[id].(outbox); ok {
			for _, r := range o.Take() {
				cmds = append(cmds, m.request(r))
			}
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) request(r uictx.Request) tea.Cmd {
	switch r := r.(type) {
	case uictx.SortMsg:
		return m.list.sortBy(r.Key)
	case uictx.AskMsg:
		return m.list.ask(r.Question)
	case uictx.StepMsg:
		return m.list.step(r.Delta)
	case uictx.HistoryMsg:
		return m.list.history()
	case uictx.SearchMsg:
		m.data.setSearch(r.Text)
		m.list.top()
		return m.list.prefetch()
	case uictx.ShowDonorMsg:
		return m.list.showDonor(r.Email, false)
	case uictx.NewestFirstMsg:
		return m.list.newestFirst()
	case uictx.OrderMsg:
		return m.list.orderBy(r.Sort, r.Desc)
	case uictx.StoredMsg:
		m.data.stored(r.N)
	case uictx.RefreshMsg:
		m.data.shown.Refresh()
	case uictx.KindMsg:
		return m.showKind(r)
	case uictx.SwitchStatusesMsg:
		m.data.switchStatuses()
		if v, ok := m.focused().(uictx.Rereader); ok {
			return v.Reread()
		}
	}
	return nil
}
