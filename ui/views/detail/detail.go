package detail

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

// ID names the view.
const ID uictx.ViewID = "detail"

// View is the selected gift's full record. It is drawn beside the list on a
// wide screen whatever has the keys, and full-width when it has them on a
// narrow one.
type View struct {
	uictx.Outbox
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	vp   viewport.Model
	keys *uictx.DetailKeys

	// what the text was built for: it is rebuilt only when one changes
	shownID     *api.Summary
	shownWidth  int
	shownUTC    bool
	shownStyles int // uictx.Context.Restyles
}

// New is the detail of data's selected row, drawn in ctx, moving the keys
// through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	return &View{ctx: ctx, nav: nav, data: data, vp: viewport.New(), keys: &ctx.Keys.Detail}
}

func (d *View) OpenKey() key.Binding { return d.ctx.Keys.List.Open }
func (d *View) Place() uictx.Place   { return uictx.PlacePane }
func (d *View) View() string         { return d.vp.View() }

func (d *View) ShortHelp() []key.Binding {
	s := d.ctx.Keys.Scroll
	return []key.Binding{s.Up, d.keys.Back, d.ctx.Keys.List.Help, d.keys.Next, d.keys.Prev, d.keys.History, d.keys.Plan, d.keys.Campaign, d.keys.Copy, d.keys.Raw, d.keys.Quit}
}

func (d *View) HelpTitle() string { return "A gift's detail" }
func (d *View) FullHelp() [][]key.Binding {
	k := d.keys
	return [][]key.Binding{append(d.ctx.Keys.Scroll.Group(), k.Top, k.Bottom), {k.Next, k.Prev, k.History, k.Plan, k.Campaign, k.Copy, k.Raw, k.Back, k.Quit}}
}

func (d *View) Open() (tea.Cmd, bool) { return nil, d.data.Selected() != nil }

func (d *View) Update(msg tea.Msg) tea.Cmd {
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
			d.Send(uictx.StepMsg{Delta: 1})
			return nil
		case key.Matches(k, d.keys.Prev):
			d.Send(uictx.StepMsg{Delta: -1})
			return nil
		case key.Matches(k, d.keys.Top):
			d.vp.GotoTop()
			return nil
		case key.Matches(k, d.keys.Bottom):
			d.vp.GotoBottom()
			return nil
		case key.Matches(k, d.keys.History):
			d.nav.Back()
			d.Send(uictx.HistoryMsg{})
			return nil
		case key.Matches(k, d.keys.Plan, d.keys.Campaign):
			d.jump(key.Matches(k, d.keys.Plan))
			return nil
		}
		d.ctx.Keys.Scroll.Scroll(&d.vp, k)
		return nil
	}
	var cmd tea.Cmd
	d.vp, cmd = d.vp.Update(msg)
	return cmd
}

// Scroll moves the text with the mouse wheel, whoever has the keys.
func (d *View) Scroll(msg tea.MouseWheelMsg) { d.vp, _ = d.vp.Update(msg) }

// Sync sizes the pane and rebuilds its text when the selection, width, time
// zone or styles changed: the full record is decoded from its raw bytes only
// then, and View only draws what is there.
func (d *View) Sync() {
	lay := d.ctx.Layout
	d.vp.SetWidth(lay.PaneWidth)
	d.vp.SetHeight(lay.PaneHeight)
	var s *api.Summary
	if r := d.data.Selected(); r != nil {
		s = &r.Summary
	}
	if s == d.shownID && lay.PaneWidth == d.shownWidth && d.ctx.UTC == d.shownUTC && d.ctx.Restyles() == d.shownStyles {
		return
	}
	// The same gift (a window read again brings it anew), only wider or
	// in another zone: keep the place read to.
	same := s != nil && d.shownID != nil && s.ID == d.shownID.ID && d.ctx.Restyles() == d.shownStyles
	d.shownID, d.shownWidth, d.shownUTC, d.shownStyles = s, lay.PaneWidth, d.ctx.UTC, d.ctx.Restyles()
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

// jump shows the gift's plan, or its campaign, in the kinds' view, its
// detail open; a gift that names none says so.
func (d *View) jump(plan bool) {
	r := d.data.Selected()
	if r == nil {
		return
	}
	full, err := r.Summary.Full()
	if err != nil {
		d.ctx.Flash = "This record could not be read: " + textsafe.Line(err.Error())
		return
	}
	id, kind, what := full.CampaignID, "campaigns", "campaign"
	if plan {
		id, kind, what = full.PlanID, "plans", "plan"
	}
	if !id.Valid || id.Value == 0 {
		d.ctx.Flash = "this gift names no " + what + " (no " + what + "_id)"
		return
	}
	d.Send(uictx.KindMsg{Name: kind, Select: id.Value, Detail: true})
}
