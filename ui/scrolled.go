package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
)

// scrolled is what the help and the request log share: a full-screen text
// that scrolls with the scroll keys, quits with q and goes back to the list.
type scrolled struct {
	ctx *Context
	nav navigator
	vp  viewport.Model
}

func newScrolled(ctx *Context, nav navigator) scrolled {
	vp := viewport.New()
	vp.KeyMap = ctx.Keys.Scroll.viewport()
	return scrolled{ctx: ctx, nav: nav, vp: vp}
}

// scrollKeys are a scrolled text's own keys besides the scroll keys: back
// says whether a key leaves it; top and bottom may be bindings of none.
type scrollKeys struct {
	quit, top, bottom key.Binding
	back              func(tea.KeyPressMsg) bool
}

// update handles a key of a scrolled text.
func (s *scrolled) update(msg tea.Msg, k scrollKeys) tea.Cmd {
	press, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch {
	case key.Matches(press, k.quit):
		return s.nav.quit()
	case k.back(press):
		s.nav.back()
	case key.Matches(press, k.top):
		s.vp.GotoTop()
	case key.Matches(press, k.bottom):
		s.vp.GotoBottom()
	default:
		s.vp, _ = s.vp.Update(press)
	}
	return nil
}
