package insights

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/dataset"
	"donations/ui/tally"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "insights"

// View adds up what the list shows (its filters and search): totals
// by month, week or day as bars with a sparkline of counts, break-downs by
// form, status, currency and payment type, the top donors, and the shares
// and middle of the gifts. It is computed off the event loop and scrolls.
type View struct {
	uictx.Outbox
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	keys *uictx.InsightKeys
	vp   viewport.Model

	period  string // month, week or day
	gen     int
	loading bool
	stale   bool // the store changed during the adding-up on its way
	facts   *Facts
	err     error
	reports *reportPages // the fundraising reports, pages after this one
	drawn   uictx.Drawn[drawnFrom]
}

// Facts is what one adding-up found: the break-downs, the top donors and
// the median of the gifts the rule counts (the footer's: paid gifts unless
// the switch counts every status), the statuses of every gift, and the
// footer's sums of them, for the headline and what it leaves out.
type Facts struct {
	Periods, Forms, Statuses, Currencies, Payments, Recurring, Campaigns []dataset.Group
	Top                                                                  []dataset.Donor
	TopTies                                                              int // donors past Top tied with its last
	Median                                                               api.Decimal
	MedianOf                                                             int
	Sums                                                                 tally.Sums
}

// AddedMsg is one adding-up, read off the event loop.
type AddedMsg struct {
	gen   int
	facts *Facts
	err   error
}

// New is the insights of what data answers, and of the campaigns held
// holds, drawn in ctx, moving the keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data, held dataset.Local) *View {
	v := &View{ctx: ctx, nav: nav, data: data, keys: &ctx.Keys.Insights, vp: viewport.New(), period: "month"}
	v.reports = newReportPages(ctx, nav, data, held, v.Reread)
	return v
}

func (v *View) OpenKey() key.Binding { return v.ctx.Keys.List.Insights }
func (v *View) Place() uictx.Place   { return uictx.PlaceScreen }
func (v *View) ShortHelp() []key.Binding {
	if v.reports.on() {
		return v.reports.ShortHelp()
	}
	k := v.keys
	next, _ := v.reports.pageKeys()
	return []key.Binding{next, v.scroll().Up, v.ctx.Keys.List.Help, k.AllStatuses, k.Month, k.Week, k.Day, k.Back, k.Quit}
}

func (v *View) HelpTitle() string {
	if v.reports.on() {
		return "Insights · " + v.reports.name()
	}
	return "Insights"
}

func (v *View) FullHelp() [][]key.Binding {
	if v.reports.on() {
		return v.reports.FullHelp()
	}
	k := v.keys
	next, prev := v.reports.pageKeys()
	return [][]key.Binding{append(v.scroll().Group(), k.Top, k.Bottom), {next, prev, k.Month, k.Week, k.Day, k.AllStatuses, k.Back, k.Quit}}
}

// scroll is the scroll keys less those the overview takes: d is by day.
func (v *View) scroll() uictx.ScrollKeys {
	k := v.keys
	return v.ctx.Keys.Scroll.Yielding(k.Month, k.Week, k.Day, k.Top, k.Bottom, k.Back, k.Quit, k.NextPage, k.PrevPage, k.AllStatuses)
}

func (v *View) Open() (tea.Cmd, bool) {
	if !v.data.Asked().Ready() {
		return nil, false
	}
	v.vp.GotoTop()
	if cmd, on := v.reports.open(); on {
		return cmd, true
	}
	return v.compute(), true
}

// compute adds everything up in the store, off the event loop.
func (v *View) compute() tea.Cmd {
	v.facts, v.err = nil, nil
	return v.add()
}

// Reread adds up again what a sync or a walk stored since, leaving the
// numbers on screen until the new ones come; one adding-up at a time (at a
// million, through a filter, one takes seconds).
func (v *View) Reread() tea.Cmd {
	if v.reports.on() {
		return v.reports.reread()
	}
	if v.loading {
		v.stale = true
		return nil
	}
	return v.add()
}

func (v *View) add() tea.Cmd {
	v.gen++
	v.loading, v.stale = true, false
	gen, asked, period, loc := v.gen, v.data.Asked(), v.period, v.ctx.Location()
	return func() tea.Msg {
		fa, err := addUp(asked, period, loc)
		return AddedMsg{gen: gen, facts: fa, err: err}
	}
}

// addUp is one adding-up of insights, asked of the dataset, as the view
// draws it.
func addUp(asked dataset.Asked, period string, loc *time.Location) (*Facts, error) {
	in, err := asked.Insights(context.Background(), period, loc)
	if in == nil {
		return nil, err
	}
	fa := &Facts{Sums: tally.Of(in.Sums.Groups, in.Sums.Rule), Statuses: in.Statuses,
		Periods: in.Periods, Forms: in.Forms, Currencies: in.Currencies, Payments: in.Payments, Recurring: in.Recurring,
		Campaigns: in.Campaigns, Top: in.Top, TopTies: in.TopTies, Median: in.Median, MedianOf: in.MedianOf}
	return fa, err
}

func (v *View) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := v.reports.update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case AddedMsg:
		if msg.gen == v.gen {
			v.loading, v.facts, v.err = false, msg.facts, msg.err
			v.layout() // before a key scrolls it
			if v.stale {
				return v.add()
			}
		}
	case tea.KeyPressMsg:
		kb := v.keys
		switch {
		case key.Matches(msg, kb.Quit):
			return v.nav.Quit()
		case key.Matches(msg, kb.Back):
			v.nav.Back()
		case key.Matches(msg, kb.Month):
			v.period = "month"
			return v.compute()
		case key.Matches(msg, kb.Week):
			v.period = "week"
			return v.compute()
		case key.Matches(msg, kb.Day):
			v.period = "day"
			return v.compute()
		case key.Matches(msg, kb.AllStatuses):
			// The numbers on screen counted the other way: none until the
			// root, once it has switched, has the view read again
			// (Reread), and a reply on its way is dropped.
			v.facts, v.err, v.loading = nil, nil, false
			v.Send(uictx.SwitchStatusesMsg{})
		case key.Matches(msg, kb.Top):
			v.vp.GotoTop()
		case key.Matches(msg, kb.Bottom):
			v.vp.GotoBottom()
		default:
			v.scroll().Scroll(&v.vp, msg)
		}
	}
	return nil
}

// Facts is what the last adding-up found; nil while it is on its way.
func (v *View) Facts() *Facts { return v.facts }

// Busy says whether an adding-up or a report is being read.
func (v *View) Busy() bool { return v.loading || v.reports.loading }
