package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/textsafe"
)

const rawID viewID = "raw"

// raw is the selected record exactly as received, under the request that
// fetched its page: what a developer checks against the API.
type raw struct {
	ctx  *Context
	nav  navigator
	sel  func() *row
	vp   viewport.Model
	keys *RawKeys
}

func newRaw(ctx *Context, nav navigator, sel func() *row) *raw {
	vp := viewport.New()
	vp.KeyMap = ctx.Keys.Scroll.viewport()
	return &raw{ctx: ctx, nav: nav, sel: sel, vp: vp, keys: &ctx.Keys.Raw}
}

func (r *raw) OpenKey() key.Binding { return r.ctx.Keys.List.Raw }
func (r *raw) Place() place         { return placeScreen }

func (r *raw) ShortHelp() []key.Binding {
	s := r.ctx.Keys.Scroll
	return []key.Binding{s.Up, s.PageDown, r.keys.Back, r.keys.Quit}
}

func (r *raw) Open() (tea.Cmd, bool) {
	row := r.sel()
	if row == nil {
		return nil, false
	}
	r.size()
	r.vp.SetContent(rawText(row.s.Raw, row.ex, r.ctx.Styles))
	r.vp.GotoTop()
	return nil, true
}

func (r *raw) size() {
	r.vp.SetWidth(r.ctx.Layout.Width)
	r.vp.SetHeight(r.ctx.Layout.TextHeight)
}

func (r *raw) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, r.keys.Back):
			r.nav.back()
			return nil
		case key.Matches(k, r.keys.Quit):
			return r.nav.quit()
		}
	}
	var cmd tea.Cmd
	r.vp, cmd = r.vp.Update(msg)
	return cmd
}

// View sizes the text to the layout first: the window may have changed
// while the raw view was open.
func (r *raw) View() string {
	r.size()
	return r.vp.View() + "\n" + r.ctx.KeyLine(r.ShortHelp())
}

// rawText is the record exactly as received, indented, under the request that
// fetched its page.
func rawText(raw json.RawMessage, ex *api.Exchange, st Styles) string {
	var b strings.Builder
	if ex != nil {
		fmt.Fprintf(&b, "%s %s\n", st.Key.Render(ex.Method), textsafe.Line(ex.URL))
		fmt.Fprintf(&b, "%s  %s bytes  %d ms", st.OK.Render(fmt.Sprintf("HTTP %d", ex.Status)), commas(ex.Bytes), ex.Duration.Milliseconds())
		if ex.Attempt > 1 {
			fmt.Fprintf(&b, "  (attempt %d)", ex.Attempt)
		}
		b.WriteString("\n\n")
	}
	// JSON escapes control characters already; Block also drops invisible and
	// bidi characters that JSON leaves as they are.
	b.WriteString(textsafe.Block(pretty(raw)))
	return b.String()
}

// pretty is a record as received, indented for reading. Values and key order
// are untouched; bytes that are not valid JSON are shown as they are.
func pretty(raw json.RawMessage) string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return string(raw)
	}
	return buf.String()
}
