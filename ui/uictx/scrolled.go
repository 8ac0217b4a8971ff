package uictx

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
)

// Scrolled is what the help and the request log share: a full-screen text
// that scrolls with the scroll keys, quits with q and goes back to the view
// it was opened from (the help opens from any view, the log from the list).
type Scrolled struct {
	Ctx *Context
	Nav Navigator
	VP  viewport.Model
}

func NewScrolled(ctx *Context, nav Navigator) Scrolled {
	return Scrolled{Ctx: ctx, Nav: nav, VP: viewport.New()}
}

// ScrolledKeys are a scrolled text's own keys besides the scroll keys: back
// says whether a key leaves it; top and bottom may be bindings of none.
type ScrolledKeys struct {
	Quit, Top, Bottom key.Binding
	Back              func(tea.KeyPressMsg) bool
}

// Handle handles a key of a scrolled text.
func (s *Scrolled) Handle(msg tea.Msg, k ScrolledKeys) tea.Cmd {
	press, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch {
	case key.Matches(press, k.Quit):
		return s.Nav.Quit()
	case k.Back(press):
		s.Nav.BackToOpener()
	case key.Matches(press, k.Top):
		s.VP.GotoTop()
	case key.Matches(press, k.Bottom):
		s.VP.GotoBottom()
	default:
		s.Ctx.Keys.Scroll.Scroll(&s.VP, press)
	}
	return nil
}
