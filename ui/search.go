package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
	"donations/ui/uictx"
)

const searchID uictx.ViewID = "search"

// search is the quick-search bar: it narrows the loaded rows as each key is
// typed, ignoring case and accents. It stays on screen, without the keys,
// while a search is in force.
type search struct {
	ctx   *uictx.Context
	nav   uictx.Navigator
	data  *walk
	list  *list
	input textinput.Model
	keys  *uictx.PromptKeys
	typed bool // has the keys
}

func newSearch(ctx *uictx.Context, nav uictx.Navigator, data *walk, l *list) *search {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "name, e-mail, form, amount or id"
	return &search{ctx: ctx, nav: nav, data: data, list: l, input: in, keys: &ctx.Keys.Search}
}

func (s *search) OpenKey() key.Binding     { return s.ctx.Keys.List.Search }
func (s *search) Place() uictx.Place       { return uictx.PlaceBar }
func (s *search) ShortHelp() []key.Binding { return []key.Binding{s.keys.Accept, s.keys.Cancel} }

// shown says whether the bar takes a line under the header.
func (s *search) shown() bool { return s.typed || s.data.q.Has("search") }

func (s *search) Open() (tea.Cmd, bool) {
	s.typed = true
	return s.input.Focus(), true
}

func (s *search) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, s.keys.Cancel):
			s.clear()
			s.leave()
			return s.list.prefetch()
		case key.Matches(k, s.keys.Accept):
			s.leave()
			return nil
		}
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(k)
		s.data.setSearch(s.input.Value())
		s.list.top()
		return cmd
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg) // cursor blinks
	return cmd
}

func (s *search) leave() {
	s.typed = false
	s.input.Blur()
	s.nav.Back()
}

// clear drops the search: every loaded row shows again.
func (s *search) clear() {
	s.input.Reset()
	s.data.setSearch("")
	s.list.top()
}

func (s *search) View() string {
	st := &s.ctx.Styles
	if s.typed {
		tail := "  " + s.data.matchCount()
		return s.field(textsafe.Width(tail)) + st.Muted.Render(tail)
	}
	return st.Key.Render(s.input.Prompt) + textsafe.Line(s.input.Value()) +
		st.Muted.Render("  "+s.data.matchCount()+" · "+s.ctx.Keys.List.Back.Help().Key+" clears")
}

// field draws the input, room cells left for what follows it. Without a
// width a text input shows of its placeholder only the letter under the
// cursor: the stray "n" of "/ n  100 matches". So it is as wide as the
// placeholder while empty, and as what was typed after (the input adds a
// cell for the cursor).
func (s *search) field(room int) string {
	w := textsafe.Width(s.input.Value())
	if s.input.Value() == "" {
		w = textsafe.Width(s.input.Placeholder)
	}
	s.input.SetWidth(max(min(w, s.ctx.Layout.Width-textsafe.Width(s.input.Prompt)-room-1), 1))
	return s.ctx.InputView(&s.input)
}
