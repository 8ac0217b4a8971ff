package ui

import (
	"maps"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/ask"
	"donations/textsafe"
	"donations/ui/uictx"
)

const saveViewID uictx.ViewID = "saveview"

// viewSaver asks for a name in the message line, then saves the question
// in force as a view through Options.SaveView (the config file is the
// wiring's, not the browser's); a view of that name is replaced only when
// the user says so. Once saved, the view is a tab, and the one in force.
type viewSaver struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data *walk
	save func(v View, replace bool) error
	// tabs are the views and the one in force (0: all), from the root.
	tabs    func() ([]View, int)
	name    textinput.Model
	keys    *uictx.PromptKeys
	refused string // why the name typed cannot be a view's
	confirm *View  // the view that would replace one of its name, while the prompt asks
	saving  bool   // a save is under way: its answer has not come back
}

// viewSavedMsg is the end of a save.
type viewSavedMsg struct {
	view View
	err  error
}

func newViewSaver(ctx *uictx.Context, nav uictx.Navigator, data *walk, save func(View, bool) error, tabs func() ([]View, int)) *viewSaver {
	in := textinput.New()
	in.Prompt = "save view as: "
	return &viewSaver{ctx: ctx, nav: nav, data: data, save: save, tabs: tabs, name: in, keys: &ctx.Keys.SaveView}
}

func (s *viewSaver) OpenKey() key.Binding     { return s.ctx.Keys.List.SaveView }
func (s *viewSaver) Place() uictx.Place       { return uictx.PlaceMessage }
func (s *viewSaver) ShortHelp() []key.Binding { return []key.Binding{s.keys.Accept, s.keys.Cancel} }

// Open starts from the name of the view in force, so that changing a view
// and saving it again is the key and Enter.
func (s *viewSaver) Open() (tea.Cmd, bool) {
	if s.save == nil {
		s.ctx.Flash = "views cannot be saved here"
		return nil, false
	}
	s.refused, s.confirm = "", nil
	views, current := s.tabs()
	s.name.SetValue("")
	if current > 0 {
		s.name.SetValue(views[current-1].Name)
	}
	s.name.CursorEnd()
	return s.name.Focus(), true
}

func (s *viewSaver) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok { // the cursor's blink
		var cmd tea.Cmd
		s.name, cmd = s.name.Update(msg)
		return cmd
	}
	if s.confirm != nil {
		v := *s.confirm
		s.confirm = nil
		if k.String() == "y" || k.String() == "Y" {
			return s.write(v, true)
		}
		return nil
	}
	switch {
	case key.Matches(k, s.keys.Cancel):
		s.nav.Back()
		return nil
	case key.Matches(k, s.keys.Accept):
		v, err := viewOf(strings.TrimSpace(s.name.Value()), s.data.q, s.ctx)
		if err != nil {
			s.refused = err.Error()
			return nil
		}
		views, _ := s.tabs()
		for _, old := range views {
			if old.Name == v.Name {
				s.confirm = &v
				return nil
			}
		}
		return s.write(v, false)
	}
	s.refused = ""
	var cmd tea.Cmd
	s.name, cmd = s.name.Update(k)
	return cmd
}

// write saves v off the event loop; the answer comes back as viewSavedMsg.
func (s *viewSaver) write(v View, replace bool) tea.Cmd {
	s.nav.Back()
	if s.saving {
		s.ctx.Flash = "a view is being saved; try again in a moment"
		return nil
	}
	s.saving = true
	save := s.save
	return func() tea.Msg { return viewSavedMsg{view: v, err: save(v, replace)} }
}

func (s *viewSaver) View() string {
	st := &s.ctx.Styles
	switch {
	case s.confirm != nil:
		return st.Warn.Render("A view named "+textsafe.Line(s.confirm.Name)+" exists. ") + "Replace it? " +
			st.Key.Render("y") + st.Muted.Render(" yes · any other key no")
	case s.refused != "":
		return s.name.View() + "  " + st.Error.Render(textsafe.Line(uictx.FirstLine(s.refused)))
	}
	return s.name.View() + st.Muted.Render("  the filters, search and sort in force")
}

// viewOf is the question q as a view of that name: every field's text,
// and the sort unless by date (the order, o, is the browser's own).
func viewOf(name string, q ask.Question, ctx *uictx.Context) (View, error) {
	v := View{Texts: q.Texts}
	if q.Sort != "" {
		v.Sort = q.SortText()
	}
	return NewView(name, v.Settings(), ctx.Now())
}

// Settings are the view as a config's [views.NAME] table holds it: what
// NewView reads.
func (v View) Settings() map[string]string {
	out := maps.Clone(map[string]string(v.Texts))
	if out == nil {
		out = map[string]string{}
	}
	if v.Sort != "" {
		out["sort"] = v.Sort
	}
	return out
}

// onViewSaved makes a saved view a tab, and the one in force: the
// question is already the view's.
func (m *Model) onViewSaved(msg viewSavedMsg) {
	m.saver.saving = false
	if msg.err != nil {
		m.ctx.Flash = "The view was not saved: " + textsafe.Line(uictx.FirstLine(msg.err.Error()))
		return
	}
	i := len(m.views)
	for j, v := range m.views {
		if v.Name == msg.view.Name {
			i = j
		}
	}
	if i == len(m.views) {
		m.views = append(m.views, msg.view)
	}
	m.views[i] = msg.view
	m.view = i + 1
	m.ctx.Flash = "Saved view " + textsafe.Line(msg.view.Name) + " in the config file; " +
		m.ctx.Keys.List.NextView.Help().Key + " goes round the views"
}
