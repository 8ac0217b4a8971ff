package logview

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "log"

// View is the request log: each request, its answer, the budget, and
// each wait with its reason, newest at the bottom. It follows new lines
// unless scrolled up.
type View struct {
	uictx.Scrolled
	keys *uictx.LogKeys
	// what the text was wrapped for: it is rewrapped when either changes
	added, width int
}

// New is the view, drawn in ctx, moving the keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator) *View {
	return &View{Scrolled: uictx.NewScrolled(ctx, nav), keys: &ctx.Keys.Log}
}

func (v *View) OpenKey() key.Binding { return v.Ctx.Keys.List.Log }
func (v *View) Place() uictx.Place   { return uictx.PlaceScreen }
func (v *View) ShortHelp() []key.Binding {
	return []key.Binding{v.Ctx.Keys.Scroll.Up, v.Ctx.Keys.List.Help, v.keys.Top, v.keys.Bottom, v.keys.Back, v.keys.Quit}
}

func (v *View) HelpTitle() string { return "Request log" }
func (v *View) FullHelp() [][]key.Binding {
	return [][]key.Binding{append(v.Ctx.Keys.Scroll.Group(), v.keys.Top, v.keys.Bottom), {v.keys.Back, v.keys.Quit}}
}

func (v *View) Open() (tea.Cmd, bool) {
	v.fill()
	v.VP.GotoBottom()
	return nil, true
}

// fill fits the viewport to the screen and gives it the log, keeping to the
// bottom when it was there.
func (v *View) fill() {
	follow := v.VP.AtBottom()
	v.VP.SetWidth(v.Ctx.Layout.Width)
	v.VP.SetHeight(max(v.Ctx.Layout.ScreenHeight-2, 1))
	if v.added != v.Ctx.Log.Added() || v.width != v.Ctx.Layout.Width || v.added == 0 {
		v.added, v.width = v.Ctx.Log.Added(), v.Ctx.Layout.Width
		var lines []string
		for _, l := range v.Ctx.Log.All() {
			lines = append(lines, wrapEntry(l, v.width)...)
		}
		if len(lines) == 0 {
			lines = []string{v.Ctx.Styles.Muted.Render("No request yet.")}
		}
		v.VP.SetContent(strings.Join(lines, "\n"))
	}
	if follow {
		v.VP.GotoBottom()
	}
}

func (v *View) Update(msg tea.Msg) tea.Cmd {
	return v.Handle(msg, uictx.ScrolledKeys{Quit: v.keys.Quit, Top: v.keys.Top, Bottom: v.keys.Bottom,
		Back: func(k tea.KeyPressMsg) bool { return key.Matches(k, v.keys.Back) }})
}

func (v *View) View() string {
	v.fill()
	st := &v.Ctx.Styles
	title := st.Title.Render("Requests") + st.Muted.Render("  "+textsafe.Count(v.Ctx.Log.Len(), "line")+" · newest at the bottom")
	return title + "\n" + v.VP.View() + "\n" + v.Ctx.KeyLine(v.ShortHelp())
}

// wrapEntry breaks a log line to width at its spaces, the lines after the
// first indented under its time: nothing is cut at the screen's edge. A
// word longer than a line, a URL, starts a line and breaks where it must
// (breakWord). ansi's wrapping broke it at every hyphen as well, which cut
// a date question's URL into pieces of a date each.
func wrapEntry(line string, width int) []string {
	const indent = 13 // "15:04:05.000 "
	if textsafe.Width(line) <= width || width <= indent+10 {
		return []string{textsafe.Truncate(line, width)}
	}
	var lines []string
	cur, room := "", width // the first line's room; the rest have less
	next := func(rest string) {
		lines, cur, room = append(lines, cur), rest, width-indent
	}
	for _, word := range strings.Split(line, " ") {
		switch {
		case cur == "":
			cur = word
		case textsafe.Width(cur+" "+word) <= room:
			cur += " " + word
		default:
			next(word)
		}
		for textsafe.Width(cur) > room {
			head, rest := breakWord(cur, room)
			cur = head
			next(rest)
		}
	}
	lines = append(lines, cur)
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.Repeat(" ", indent) + lines[i]
	}
	return lines
}

// breakWord splits s after the last "/", "?" or "&" of its first width
// cells, where a URL reads on, or at the width where there is none; the
// first part holds a character at least, so that wrapping ends.
func breakWord(s string, width int) (string, string) {
	end, cells := 0, 0
	for i, r := range s {
		if cells += textsafe.Width(string(r)); cells > width && i > 0 {
			break
		}
		end = i + utf8.RuneLen(r)
	}
	if at := strings.LastIndexAny(s[:end], "/?&"); at >= 0 {
		end = at + 1
	}
	return s[:end], s[end:]
}
