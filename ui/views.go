package ui

import (
	"maps"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/ask"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/saveview"
)

// View is a named set of filters, sort and search that a config saves
// (saveview.Saved): the browser shows them as tabs.
type View = saveview.Saved

// ViewFields are the settings a view takes: every field of ask.Fields, and
// the sort.
func ViewFields() []string { return append(ask.Names(), "sort") }

// NewView reads a view's settings; a name or value that does not read is an
// error naming it.
func NewView(name string, fields map[string]string, now time.Time) (View, error) {
	return saveview.NewSaved(name, fields, now)
}

// applyView puts a view's filters, sort and search in force.
func (m *Model) applyView(i int) tea.Cmd {
	m.view = i
	v := View{Name: saveview.All}
	if i > 0 {
		v = m.views[i-1]
	}
	q := v.Question(m.ctx.Now())
	if v.Sort == "" {
		q.Desc = m.data.order == api.NewestFirst
	}
	return m.list.ask(q)
}

// switchView goes round the tabs: all, then the config's views.
func (m *Model) switchView(next bool) tea.Cmd {
	if len(m.views) == 0 {
		return nil
	}
	n := len(m.views) + 1
	step := n - 1
	if next {
		step = 1
	}
	return m.applyView((m.view + step) % n)
}

// viewTabs is the header's list of views, the one in force marked.
func (m *Model) viewTabs() string {
	if len(m.views) == 0 {
		return ""
	}
	st := &m.ctx.Styles
	names := []string{saveview.All}
	for _, v := range m.views {
		names = append(names, v.Name)
	}
	var b strings.Builder
	for i, n := range names {
		if i == m.view {
			b.WriteString(" " + st.Chip.Render("["+n+"]"))
		} else {
			b.WriteString(" " + st.Muted.Render(n))
		}
	}
	return b.String()
}

// State is what the browser remembers between runs of one account: the
// view, the filters that are not one donor's (by ask.Fields name), the sort
// and the order.
type State struct {
	View  string    `json:"view,omitempty"`
	Texts ask.Texts `json:"filters,omitempty"`
	Sort  string    `json:"sort,omitempty"` // as ask.ParseSort reads it
	Order api.Order `json:"order"`
	// Picked says the user chose Sort and Order: only then do they win
	// over the newest first that fundraisers open on.
	Picked bool `json:"picked,omitempty"`
}

// picked says whether the sort remembered is the user's. A state saved
// before Picked was kept holds "date" (oldest first, then the default)
// unless the user chose otherwise.
func (s State) picked() bool { return s.Picked || s.Sort != "" && s.Sort != "date" }

// StateStore keeps a State between runs.
type StateStore interface {
	Load() (State, error)
	Save(State) error
}

// restore puts a remembered state in force before the first walk: the view
// as the config now has it, then the filters that pick no one donor out
// (the previous caller's e-mail or gift must not greet the next). What does
// not read is dropped, and said.
func (m *Model) restore(s State) {
	now := m.ctx.Now()
	var q ask.Question
	for i, v := range m.views {
		if v.Name == s.View {
			m.view = i + 1
			q = v.Question(now)
		}
	}
	texts := maps.Clone(q.Texts)
	if texts == nil {
		texts = ask.Texts{}
	}
	for name, text := range s.Texts {
		if f, ok := ask.Lookup(name); ok && !f.OneOff {
			texts[name] = text
		}
	}
	r, errs := ask.Read(texts, now)
	r.Sort, r.Desc = q.Sort, q.Desc
	if s.picked() {
		key, desc, err := ask.ParseSort(s.Sort)
		if err != nil {
			errs = ask.Errors{"sort": err.Error()}
		} else {
			r.Sort, r.Desc = key, desc
		}
	}
	if s.picked() && (s.Order == api.OldestFirst || s.Order == api.NewestFirst) {
		m.data.order = s.Order
		m.data.picked = true
	}
	if err := errs.Err(); err != nil {
		m.ctx.Flash = "The remembered filters were not all kept: " + textsafe.Line(err.Error())
	}
	r.Query.PerPage = m.data.q.Query.PerPage
	m.data.q = r
}

// remember is the state to save at quit.
func (m *Model) remember() State {
	d := m.data
	s := State{Texts: ask.Texts{}, Order: api.NewestFirst}
	if d.picked {
		s.Sort, s.Order, s.Picked = d.q.SortText(), d.order, true
	}
	for name, text := range d.q.Texts {
		if f, ok := ask.Lookup(name); ok && !f.OneOff {
			s.Texts[name] = text
		}
	}
	if m.view > 0 {
		s.View = m.views[m.view-1].Name
	}
	return s
}

// onViewSaved makes a saved view a tab, and the one in force: the
// question is already the view's.
func (m *Model) onViewSaved(msg saveview.SavedMsg) {
	m.saver.Done()
	if msg.Err != nil {
		m.ctx.Flash = "The view was not saved: " + textsafe.Line(uictx.FirstLine(msg.Err.Error()))
		return
	}
	i := len(m.views)
	for j, v := range m.views {
		if v.Name == msg.View.Name {
			i = j
		}
	}
	if i == len(m.views) {
		m.views = append(m.views, msg.View)
	}
	m.views[i] = msg.View
	m.view = i + 1
	m.ctx.Flash = "Saved view " + textsafe.Line(msg.View.Name) + " in the config file; " +
		m.ctx.Keys.List.NextView.Help().Key + " goes round the views"
}
