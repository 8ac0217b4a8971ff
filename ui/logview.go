package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
)

const logID viewID = "log"

// logView is the request log: each request, its answer, the budget, and
// each wait with its reason, newest at the bottom. It follows new lines
// unless scrolled up.
type logView struct {
	scrolled
	keys *LogKeys
	// what the text was wrapped for: it is rewrapped when either changes
	added, width int
}

func newLogView(ctx *Context, nav navigator) *logView {
	return &logView{scrolled: newScrolled(ctx, nav), keys: &ctx.Keys.Log}
}

func (v *logView) OpenKey() key.Binding { return v.ctx.Keys.List.Log }
func (v *logView) Place() place         { return placeScreen }
func (v *logView) ShortHelp() []key.Binding {
	return []key.Binding{v.ctx.Keys.Scroll.Up, v.keys.Top, v.keys.Bottom, v.keys.Back, v.keys.Quit}
}

func (v *logView) Open() (tea.Cmd, bool) {
	v.fill()
	v.vp.GotoBottom()
	return nil, true
}

// fill fits the viewport to the screen and gives it the log, keeping to the
// bottom when it was there.
func (v *logView) fill() {
	follow := v.vp.AtBottom()
	v.vp.SetWidth(v.ctx.Layout.Width)
	v.vp.SetHeight(max(v.ctx.Layout.ScreenHeight-2, 1))
	if v.added != v.ctx.Log.added || v.width != v.ctx.Layout.Width || v.added == 0 {
		v.added, v.width = v.ctx.Log.added, v.ctx.Layout.Width
		var lines []string
		for _, l := range v.ctx.Log.all() {
			lines = append(lines, wrapEntry(l, v.width)...)
		}
		if len(lines) == 0 {
			lines = []string{v.ctx.Styles.Muted.Render("No request yet.")}
		}
		v.vp.SetContent(strings.Join(lines, "\n"))
	}
	if follow {
		v.vp.GotoBottom()
	}
}

func (v *logView) Update(msg tea.Msg) tea.Cmd {
	return v.update(msg, scrollKeys{quit: v.keys.Quit, top: v.keys.Top, bottom: v.keys.Bottom,
		back: func(k tea.KeyPressMsg) bool { return key.Matches(k, v.keys.Back) }})
}

func (v *logView) View() string {
	v.fill()
	st := &v.ctx.Styles
	title := st.Title.Render("Requests") + st.Muted.Render("  "+textsafe.Count(len(v.ctx.Log.lines), "line")+" · newest at the bottom")
	return title + "\n" + v.vp.View() + "\n" + v.ctx.KeyLine(v.ShortHelp())
}
