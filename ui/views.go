package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/store"
)

// View is a named set of filters, sort and search that a config saves; the
// browser shows them as tabs, and tab / shift+tab switch between them.
type View struct {
	Name   string
	Query  api.Query // the server's filters
	Local  []string  // the store's, as the filter form's fields read them
	Search string
	Sort   string // a store.Sorts key; "" is date
	Desc   bool
}

// ViewFields are the settings a view takes: the server's filters, the
// store's (by their chip names), sort and search.
func ViewFields() []string {
	out := []string{"email", "first_name", "last_name", "campaign_id", "id", "search", "sort"}
	for _, lf := range localFields {
		out = append(out, lf.chip)
	}
	return out
}

// NewView reads a view's settings; a value that does not read is an error
// naming it.
func NewView(name string, fields map[string]string, now time.Time) (View, error) {
	v := View{Name: name, Local: make([]string, len(localFields))}
	for k, val := range fields {
		if err := v.set(k, val); err != nil {
			return View{}, fmt.Errorf("%s: %w", k, err)
		}
	}
	if _, errs := parseLocal(v.Local, now); strings.Join(errs, "") != "" {
		for i, e := range errs {
			if e != "" {
				return View{}, fmt.Errorf("%s: %s", localFields[i].chip, e)
			}
		}
	}
	return v, nil
}

func (v *View) set(k, val string) error {
	id := func(p *int64) error {
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("%q is not a whole number above 0", val)
		}
		*p = n
		return nil
	}
	switch k {
	case "email":
		v.Query.Email = val
	case "first_name":
		v.Query.FirstName = val
	case "last_name":
		v.Query.LastName = val
	case "campaign_id":
		return id(&v.Query.CampaignID)
	case "id":
		return id(&v.Query.ID)
	case "search":
		v.Search = val
	case "sort":
		v.Sort, v.Desc = strings.TrimPrefix(val, "-"), strings.HasPrefix(val, "-")
		if _, ok := store.Sorts[v.Sort]; !ok {
			return fmt.Errorf("%q is not one of date, amount, name, email, status, form, id (- in front for descending)", val)
		}
		if v.Sort == "date" {
			v.Sort = ""
		}
	default:
		i := slices.IndexFunc(localFields, func(lf localField) bool { return lf.chip == k })
		if i < 0 {
			return fmt.Errorf("not a view setting (%s)", strings.Join(ViewFields(), ", "))
		}
		v.Local[i] = val
	}
	return nil
}

// applyView puts a view's filters, sort and search in force.
func (m *Model) applyView(i int) tea.Cmd {
	m.view = i
	v := View{Name: "all"}
	if i > 0 {
		v = m.views[i-1]
	}
	d := m.data
	d.sort, d.desc = v.Sort, v.Desc
	if v.Sort == "" {
		d.desc = d.order == api.NewestFirst
	}
	d.local.Search = v.Search
	m.search.input.SetValue(v.Search)
	return m.list.filter(v.Query, v.Local, m.ctx.Now())
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
	names := []string{"all"}
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

// State is what the browser remembers between runs of one profile.
type State struct {
	View   string    `json:"view,omitempty"`
	Query  api.Query `json:"query"`
	Local  []string  `json:"local,omitempty"`
	Search string    `json:"search,omitempty"`
	Sort   string    `json:"sort,omitempty"`
	Desc   bool      `json:"desc,omitempty"`
	Order  api.Order `json:"order"`
}

// StateStore keeps a State between runs.
type StateStore interface {
	Load() (State, error)
	Save(State) error
}

// restore puts a remembered state in force before the first walk.
func (m *Model) restore(s State) {
	d := m.data
	d.query, d.order, d.sort, d.desc = s.Query, s.Order, s.Sort, s.Desc
	f, _ := parseLocal(s.Local, m.ctx.Now())
	f.Search = s.Search
	d.local, d.localText = f, s.Local
	m.search.input.SetValue(s.Search)
	for i, v := range m.views {
		if v.Name == s.View {
			m.view = i + 1
		}
	}
}

// remember is the state to save at quit.
func (m *Model) remember() State {
	d := m.data
	s := State{Query: d.query, Local: d.localText, Search: d.local.Search, Sort: d.sort, Desc: d.desc, Order: d.order}
	if m.view > 0 {
		s.View = m.views[m.view-1].Name
	}
	return s
}
