package saveview

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "saveview"

// View asks for a name in the message line, then saves the question
// in force as a view through Options.SaveView (the config file is the
// wiring's, not the browser's); a view of that name is replaced only when
// the user says so. Once saved, the view is a tab, and the one in force.
type View struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	save func(v Saved, replace bool) error
	// check says why a view cannot be saved before a name is asked for.
	check func() error
	// tabs are the views and the one in force (0: all), from the root.
	tabs    func() ([]Saved, int)
	name    textinput.Model
	keys    *uictx.PromptKeys
	refused string // why the name typed cannot be a view's
	confirm *Saved // the view that would replace one of its name, while the prompt asks
	saving  bool   // a save is under way: its answer has not come back
}

// SavedMsg is the end of a save, for the root to make the view a tab.
type SavedMsg struct {
	View Saved
	Err  error
}

// New is the prompt over data's question, drawn in ctx, moving the keys
// through nav; save writes a view, check (if any) says first why it could
// not, tabs reads the root's.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data, save func(Saved, bool) error, check func() error, tabs func() ([]Saved, int)) *View {
	in := textinput.New()
	in.Prompt = "save view as: "
	return &View{ctx: ctx, nav: nav, data: data, save: save, check: check, tabs: tabs, name: in, keys: &ctx.Keys.SaveView}
}

// Saving says whether a save is under way.
func (s *View) Saving() bool { return s.saving }

// Done is the end of a save: another may start.
func (s *View) Done() { s.saving = false }

func (s *View) OpenKey() key.Binding     { return s.ctx.Keys.List.SaveView }
func (s *View) Place() uictx.Place       { return uictx.PlaceMessage }
func (s *View) ShortHelp() []key.Binding { return []key.Binding{s.keys.Accept, s.keys.Cancel} }

// Open starts from the name of the view in force, so that changing a view
// and saving it again is the key and Enter. A view that could not be saved
// is refused before a name is typed for it.
func (s *View) Open() (tea.Cmd, bool) {
	if s.save == nil {
		s.ctx.Flash = "views cannot be saved here"
		return nil, false
	}
	if s.check != nil {
		if err := s.check(); err != nil {
			s.ctx.Flash = "Views cannot be saved: " + textsafe.Line(uictx.FirstLine(err.Error()))
			return nil, false
		}
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

func (s *View) Update(msg tea.Msg) tea.Cmd {
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
		v, err := of(strings.TrimSpace(s.name.Value()), s.data.Question(), s.ctx.Now())
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

// write saves v off the event loop; the answer comes back as SavedMsg.
func (s *View) write(v Saved, replace bool) tea.Cmd {
	s.nav.Back()
	if s.saving {
		s.ctx.Flash = "a view is being saved; try again in a moment"
		return nil
	}
	s.saving = true
	save := s.save
	return func() tea.Msg { return SavedMsg{View: v, Err: save(v, replace)} }
}

func (s *View) View() string {
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
