package search

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "search"

// View is the quick-search bar: it narrows the loaded rows as each key is
// typed, ignoring case and accents. It stays on screen, without the keys,
// while a search is in force.
type View struct {
	uictx.Outbox
	ctx   *uictx.Context
	nav   uictx.Navigator
	data  uictx.Data
	input textinput.Model
	keys  *uictx.PromptKeys
	typed bool // has the keys
}

// New is the bar over data, drawn in ctx, moving the keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "name, e-mail, form, amount or id"
	return &View{ctx: ctx, nav: nav, data: data, input: in, keys: &ctx.Keys.Search}
}

func (s *View) OpenKey() key.Binding     { return s.ctx.Keys.List.Search }
func (s *View) Place() uictx.Place       { return uictx.PlaceBar }
func (s *View) ShortHelp() []key.Binding { return []key.Binding{s.keys.Accept, s.keys.Cancel} }

// Shown says whether the bar takes a line under the header.
func (s *View) Shown() bool { return s.typed || s.data.Question().Has("search") }

// Open starts from the search in force: another key may have dropped or
// changed it since the bar last had the keys (a donor's whole history, a
// saved view), and a letter typed must add to what the list shows.
func (s *View) Open() (tea.Cmd, bool) {
	s.typed = true
	s.input.SetValue(s.data.Question().Texts["search"])
	return s.input.Focus(), true
}

func (s *View) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, s.keys.Cancel):
			s.Clear()
			s.leave()
			return nil
		case key.Matches(k, s.keys.Accept):
			s.leave()
			return nil
		}
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(k)
		s.Send(uictx.SearchMsg{Text: s.input.Value()})
		return cmd
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg) // cursor blinks
	return cmd
}

func (s *View) leave() {
	s.typed = false
	s.input.Blur()
	s.nav.Back()
}

// Clear drops the search: every loaded row shows again.
func (s *View) Clear() {
	s.input.Reset()
	s.Send(uictx.SearchMsg{})
}

func (s *View) View() string {
	st := &s.ctx.Styles
	if s.typed {
		tail := "  " + s.data.MatchCount()
		return s.field(textsafe.Width(tail)) + st.Muted.Render(tail)
	}
	return st.Key.Render(s.input.Prompt) + textsafe.Line(s.data.Question().Texts["search"]) +
		st.Muted.Render("  "+s.data.MatchCount()+" · "+s.ctx.Keys.List.Back.Help().Key+" clears")
}

// field draws the input, room cells left for what follows it. Without a
// width a text input shows of its placeholder only the letter under the
// cursor: the stray "n" of "/ n  100 matches". So it is as wide as the
// placeholder while empty, and as what was typed after (the input adds a
// cell for the cursor).
func (s *View) field(room int) string {
	w := textsafe.Width(s.input.Value())
	if s.input.Value() == "" {
		w = textsafe.Width(s.input.Placeholder)
	}
	s.input.SetWidth(max(min(w, s.ctx.Layout.Width-textsafe.Width(s.input.Prompt)-room-1), 1))
	return s.ctx.InputView(&s.input)
}
