package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/clipboard"
	"donations/ui/views/raw"
)

const detailID uictx.ViewID = "detail"

// detail is the selected gift's full record. It is drawn beside the list on a
// wide screen whatever has the keys, and full-width when it has them on a
// narrow one.
type detail struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	sel  func() *uictx.Row       // the list's selected row
	step func(delta int) tea.Cmd // moves the list's selection
	// history lists the donor's whole history, as D does on the list.
	history func() tea.Cmd
	vp      viewport.Model
	keys    *uictx.DetailKeys

	// what the text was built for: it is rebuilt only when one changes, or
	// the styles do (restyle).
	shownID    *api.Summary
	shownWidth int
	shownUTC   bool
}

func newDetail(ctx *uictx.Context, nav uictx.Navigator, sel func() *uictx.Row, step func(delta int) tea.Cmd, history func() tea.Cmd) *detail {
	vp := viewport.New()
	vp.KeyMap = ctx.Keys.Scroll.Viewport()
	return &detail{ctx: ctx, nav: nav, sel: sel, step: step, history: history, vp: vp, keys: &ctx.Keys.Detail}
}

func (d *detail) OpenKey() key.Binding { return d.ctx.Keys.List.Open }
func (d *detail) Place() uictx.Place   { return uictx.PlacePane }
func (d *detail) View() string         { return d.vp.View() }

func (d *detail) ShortHelp() []key.Binding {
	s := d.ctx.Keys.Scroll
	return []key.Binding{s.Up, d.keys.Back, d.keys.Next, d.keys.Prev, d.keys.History, d.keys.Copy, d.keys.Raw, d.keys.Quit}
}

func (d *detail) Open() (tea.Cmd, bool) { return nil, d.sel() != nil }

func (d *detail) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, d.keys.Back):
			d.nav.Back()
			return nil
		case key.Matches(k, d.keys.Quit):
			return d.nav.Quit()
		case key.Matches(k, d.keys.Raw):
			return d.nav.Open(raw.ID)
		case key.Matches(k, d.keys.Copy):
			return d.nav.Open(clipboard.ID)
		case key.Matches(k, d.keys.Next):
			return d.step(1)
		case key.Matches(k, d.keys.Prev):
			return d.step(-1)
		case key.Matches(k, d.keys.History):
			d.nav.Back()
			return d.history()
		}
	}
	var cmd tea.Cmd
	d.vp, cmd = d.vp.Update(msg)
	return cmd
}

// scroll moves the text with the mouse wheel, whoever has the keys.
func (d *detail) scroll(msg tea.MouseWheelMsg) { d.vp, _ = d.vp.Update(msg) }

// sync sizes the pane and rebuilds its text when the selection, width, time
// zone or styles changed: the full record is decoded from its raw bytes only
// then, and View only draws what is there.
func (d *detail) sync() {
	lay := d.ctx.Layout
	d.vp.SetWidth(lay.PaneWidth)
	d.vp.SetHeight(lay.PaneHeight)
	var s *api.Summary
	if r := d.sel(); r != nil {
		s = &r.Summary
	}
	if s == d.shownID && lay.PaneWidth == d.shownWidth && d.ctx.UTC == d.shownUTC {
		return
	}
	same := s == d.shownID // only the width or the zone changed: keep the place read to
	d.shownID, d.shownWidth, d.shownUTC = s, lay.PaneWidth, d.ctx.UTC
	if s == nil {
		d.vp.SetContent("")
		return
	}
	full, err := s.Full()
	if err != nil {
		d.vp.SetContent(d.ctx.Styles.Error.Render("This record could not be read: " + textsafe.Line(err.Error())))
		return
	}
	y := d.vp.YOffset()
	d.vp.SetContent(detailText(&full, lay.PaneWidth, d.ctx.Location(), d.ctx.Styles))
	if same {
		d.vp.SetYOffset(y)
	} else {
		d.vp.GotoTop()
	}
}

// restyle makes the next sync rebuild the text in new colours.
func (d *detail) restyle() { d.shownID = nil }
