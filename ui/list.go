package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/ask"
	"donations/ui/uictx"
)

const listID uictx.ViewID = "list"

// list is the rows, a screen at a time, and the cursor over them. It reads
// the answer on screen (Len, At), never the store.
type list struct {
	ctx    *uictx.Context
	data   *browserData
	nav    uictx.Navigator
	keys   *uictx.ListKeys
	cursor int
	offset int
	toEnd  bool // land on the last row once it is counted (G)
}

func newList(ctx *uictx.Context, data *browserData, nav uictx.Navigator) *list {
	return &list{ctx: ctx, data: data, nav: nav, keys: &ctx.Keys.List}
}

// onShown follows a new answer: the cursor stays within it, or lands on
// its last row after G, and the next page is fetched if it is near.
func (l *list) onShown() tea.Cmd {
	if l.toEnd && l.data.shown.Answered() && !l.data.loadAll {
		l.toEnd = false
		l.moveTo(l.data.Len() - 1)
	} else {
		l.moveTo(l.cursor)
	}
	return l.prefetch()
}

func (l *list) OpenKey() key.Binding      { return uictx.None }
func (l *list) Open() (tea.Cmd, bool)     { return nil, true }
func (l *list) Place() uictx.Place        { return uictx.PlaceMessage }
func (l *list) ShortHelp() []key.Binding  { return l.keys.ShortHelp() }
func (l *list) HelpTitle() string         { return "The list" }
func (l *list) FullHelp() [][]key.Binding { return l.keys.FullHelp() }
func (l *list) View() string              { return "" } // the root draws the list screen around it
func (l *list) selectedRow() *uictx.Row {
	if l.cursor < 0 || l.cursor >= l.data.Len() {
		return nil
	}
	return l.data.At(l.cursor)
}

func (l *list) moveTo(i int) {
	l.cursor, l.offset = uictx.Follow(i, l.data.Len(), l.ctx.Layout.ListHeight-1, l.offset)
}

// step moves the selection by delta and fetches ahead: the detail's next
// and previous gift.
func (l *list) step(delta int) tea.Cmd {
	l.moveTo(l.cursor + delta)
	return l.prefetch()
}

func (l *list) top() { l.cursor, l.offset = 0, 0 }

// prefetch loads the next page in the background once the cursor is within a
// screen of the end of what is loaded, so scrolling never waits.
func (l *list) prefetch() tea.Cmd {
	if l.data.narrowed() || !l.data.shown.Answered() || l.data.err != nil {
		return nil // a search or filter narrows loaded rows, G loads the rest on purpose; after an error R does
	}
	if l.data.Len()-l.cursor <= l.ctx.Layout.ListHeight+1 {
		return l.data.fetch()
	}
	return nil
}

// sortBy orders the rows by a query.Sorts key, from the top; the key in
// force again reverses it.
func (l *list) sortBy(key string) tea.Cmd {
	l.data.sortBy(key)
	l.data.picked = true
	l.top()
	return l.data.fetch()
}

// newestFirst puts the rows by date, newest first, from the top: a walk
// that reads the API from its oldest end turns round, so the newest page
// comes first.
func (l *list) newestFirst() tea.Cmd {
	q := &l.data.q
	if q.Sort == "" && q.Desc {
		return nil
	}
	q.Sort, q.Desc = "", false
	if l.data.order != api.NewestFirst {
		l.data.reorder()
	} else {
		q.Desc = true
		l.data.shown.Invalidate()
	}
	l.top()
	return l.data.fetch()
}

// orderBy puts a sort back as it was, from the top.
func (l *list) orderBy(sort string, desc bool) tea.Cmd {
	l.data.q.Sort, l.data.q.Desc = sort, desc
	l.data.shown.Invalidate()
	l.top()
	return l.data.fetch()
}

// ask puts a new question in force, from the top: new server filters
// restart the walk, the store's only ask the store again. The page size
// stays the config's.
func (l *list) ask(q ask.Question) tea.Cmd {
	old := l.data.q
	q.Query.PerPage = old.Query.PerPage
	// Without a synced store a date range is read from the API's pages that
	// hold it: a new range is a new walk.
	newDates := !l.data.fromStore() && q.Filter.Dates != old.Filter.Dates
	l.data.q = q
	if q.Query != old.Query || newDates {
		return l.restart()
	}
	l.data.shown.Invalidate()
	l.top()
	return nil
}

// showDonor lists one donor's gifts: their e-mail as the filter, sent to
// the server or applied by the store, whichever answers. whole drops every
// other filter and the search: the donor's whole history.
func (l *list) showDonor(email string, whole bool) tea.Cmd {
	keep := func(f ask.Field) bool { return !f.Server && !whole }
	q, err := l.data.q.Only(keep, l.ctx.Now()).With("email", email, l.ctx.Now())
	if err != nil {
		l.ctx.Flash = err.Error()
		return nil
	}
	return l.ask(q)
}

// history lists the selected gift's donor's whole history.
func (l *list) history() tea.Cmd {
	if r := l.selectedRow(); r != nil && r.Summary.Email.Value != "" {
		return l.showDonor(r.Summary.Email.Value, true)
	}
	return nil
}

// restart starts a new walk and goes back to the top.
func (l *list) restart() tea.Cmd {
	l.data.restart()
	l.top()
	return l.data.fetch()
}

func (l *list) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		l.ctx.Flash = ""
		if cmd, handled := l.key(msg); handled {
			return cmd
		}
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelDown:
			l.moveTo(l.cursor + 3)
		case tea.MouseWheelUp:
			l.moveTo(l.cursor - 3)
		}
	case tea.MouseClickMsg:
		mouse := msg.Mouse()
		if line, ok := l.ctx.Layout.InList(mouse.X, mouse.Y); ok && l.offset+line < l.data.Len() {
			l.moveTo(l.offset + line)
		}
		if c, ok := l.titleAt(mouse.X, mouse.Y); ok && c.Sort != "" {
			return l.sortBy(c.Sort)
		}
	default:
		return nil
	}
	return l.prefetch()
}

// key handles a list key; handled is false when the list scrolls and should
// then fetch ahead.
func (l *list) key(k tea.KeyPressMsg) (tea.Cmd, bool) {
	kb, data := l.keys, l.data
	if !key.Matches(k, kb.Bottom) {
		l.toEnd = false // the cursor goes where this key says, not to the end
	}
	switch {
	case key.Matches(k, kb.Quit):
		return l.nav.Quit(), true
	case key.Matches(k, kb.Down):
		l.moveTo(l.cursor + 1)
	case key.Matches(k, kb.Up):
		l.moveTo(l.cursor - 1)
	case key.Matches(k, kb.PageDown):
		l.moveTo(l.cursor + l.ctx.Layout.ListHeight - 1)
	case key.Matches(k, kb.PageUp):
		l.moveTo(l.cursor - l.ctx.Layout.ListHeight + 1)
	case key.Matches(k, kb.HalfDown):
		l.moveTo(l.cursor + max(l.ctx.Layout.ListHeight/2, 1))
	case key.Matches(k, kb.HalfUp):
		l.moveTo(l.cursor - max(l.ctx.Layout.ListHeight/2, 1))
	case key.Matches(k, kb.Pane):
		l.ctx.HidePane = !l.ctx.HidePane
	case key.Matches(k, kb.Top):
		l.moveTo(0)
	case key.Matches(k, kb.Bottom):
		l.moveTo(l.data.Len() - 1)
		if !data.done && data.scratch != nil {
			data.loadAll, l.toEnd = true, true
			return data.fetch(), true
		}
	case key.Matches(k, kb.Clear):
		if data.q.Filtered() {
			return l.ask(data.q.Only(func(f ask.Field) bool { return f.Name == "search" }, l.ctx.Now())), true
		}
	case key.Matches(k, kb.NextView, kb.PrevView):
		return l.nav.SwitchView(key.Matches(k, kb.NextView)), true
	case key.Matches(k, kb.History):
		return l.history(), true
	case key.Matches(k, kb.Order):
		data.reorder()
		data.picked = true
		l.top()
		return data.fetch(), true
	case key.Matches(k, kb.UTC):
		l.ctx.UTC = !l.ctx.UTC
	case key.Matches(k, kb.AllStatuses):
		data.switchStatuses()
	case key.Matches(k, kb.Retry):
		if data.err != nil {
			data.err, data.loadAll = nil, data.scratch != nil
			return data.fetch(), true
		}
		if data.sync.err != nil && !data.sync.running {
			data.sync.err = nil
			return data.sync.sync(), true
		}
	}
	return nil, false
}

// onPage keeps loading while G is in force, and lands on the last row when
// everything is in.
func (l *list) onPage() tea.Cmd {
	if !l.data.loadAll {
		return l.prefetch()
	}
	if l.data.done {
		l.data.loadAll = false
		return nil
	}
	return l.data.fetch()
}
