package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/store"
	"donations/textsafe"
	"donations/ui/tally"
	"donations/ui/uictx"
)

const insightsID uictx.ViewID = "insights"

// insightsView adds up what the list shows (its filters and search): totals
// by month, week or day as bars with a sparkline of counts, break-downs by
// form, status, currency and payment type, the top donors, and the shares
// and middle of the gifts. It is computed off the event loop and scrolls.
type insightsView struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data *walk
	keys *uictx.InsightKeys
	vp   viewport.Model

	period  string // month, week or day
	gen     int
	loading bool
	stale   bool // the store changed during the adding-up on its way
	facts   *facts
	err     error
	reports *reportPages // the fundraising reports, pages after this one
}

// facts is what one adding-up found: the break-downs, the top donors and
// the median of the gifts the rule counts (the footer's: paid gifts unless
// the switch counts every status), the statuses of every gift, and the
// footer's sums of them, for the headline and what it leaves out.
type facts struct {
	periods, forms, statuses, currencies, payments, recurring, campaigns []store.Group
	top                                                                  []store.Donor
	median                                                               api.Decimal
	medianOf                                                             int
	sums                                                                 tally.Sums
}

type insightsMsg struct {
	gen   int
	facts *facts
	err   error
}

func newInsightsView(ctx *uictx.Context, nav uictx.Navigator, data *walk) *insightsView {
	vp := viewport.New()
	vp.KeyMap = ctx.Keys.Scroll.Viewport()
	v := &insightsView{ctx: ctx, nav: nav, data: data, keys: &ctx.Keys.Insights, vp: vp, period: "month"}
	v.reports = newReportPages(ctx, nav, data, v.Reread)
	return v
}

func (v *insightsView) OpenKey() key.Binding { return v.ctx.Keys.List.Insights }
func (v *insightsView) Place() uictx.Place   { return uictx.PlaceScreen }
func (v *insightsView) ShortHelp() []key.Binding {
	if v.reports.on() {
		return v.reports.ShortHelp()
	}
	k := v.keys
	next, _ := v.reports.pageKeys()
	return []key.Binding{next, v.ctx.Keys.Scroll.Up, k.AllStatuses, k.Month, k.Week, k.Day, k.Back, k.Quit}
}

func (v *insightsView) Open() (tea.Cmd, bool) {
	if v.data.active() == nil {
		return nil, false
	}
	v.vp.GotoTop()
	if cmd, on := v.reports.open(); on {
		return cmd, true
	}
	return v.compute(), true
}

// compute adds everything up in the store, off the event loop.
func (v *insightsView) compute() tea.Cmd {
	v.facts, v.err = nil, nil
	return v.add()
}

// Reread adds up again what a sync or a walk stored since, leaving the
// numbers on screen until the new ones come; one adding-up at a time (at a
// million, through a filter, one takes seconds).
func (v *insightsView) Reread() tea.Cmd {
	if v.reports.on() {
		return v.reports.reread()
	}
	if v.loading {
		v.stale = true
		return nil
	}
	return v.add()
}

func (v *insightsView) add() tea.Cmd {
	v.gen++
	v.loading, v.stale = true, false
	gen, st, f, rule, period, loc := v.gen, v.data.active(), v.data.filter(), v.data.rule(), v.period, v.ctx.Location()
	return func() tea.Msg {
		fa, err := addUp(context.Background(), st, f, rule, period, loc)
		return insightsMsg{gen: gen, facts: fa, err: err}
	}
}

// addUp is one adding-up of insights: what f selects by status, then the
// gifts of it that rule counts.
func addUp(ctx context.Context, st *store.Store, f store.Filter, rule store.ReportQuery, period string, loc *time.Location) (*facts, error) {
	sums, err := tally.Sum(ctx, st, f, rule)
	if err != nil {
		return nil, err
	}
	statuses, err := st.Groups(ctx, f, []string{"status"}, loc)
	if err != nil {
		return nil, err
	}
	fa := &facts{sums: sums, statuses: statuses}
	counted, any := tally.CountedFilter(f, rule, sums.Statuses)
	if !any {
		return fa, nil
	}
	in, err := st.Insight(ctx, counted, period, loc, 10)
	fa.periods, fa.forms, fa.currencies, fa.payments, fa.recurring, fa.top = in.Periods, in.Forms, in.Currencies, in.Payments, in.Recurring, in.Top
	fa.campaigns = in.Campaigns
	if err == nil {
		fa.median, fa.medianOf, err = st.Median(ctx, counted)
	}
	return fa, err
}

func (v *insightsView) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := v.reports.update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case insightsMsg:
		if msg.gen == v.gen {
			v.loading, v.facts, v.err = false, msg.facts, msg.err
			v.layout() // before a key scrolls it
			if v.stale {
				return v.add()
			}
		}
	case tea.KeyPressMsg:
		kb, s := v.keys, v.ctx.Keys.Scroll
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
			v.data.switchStatuses()
			return v.compute()
		case key.Matches(msg, kb.Top):
			v.vp.GotoTop()
		case key.Matches(msg, kb.Bottom):
			v.vp.GotoBottom()
		case key.Matches(msg, s.Up, s.Down, s.PageUp, s.PageDown, s.HalfUp, s.HalfDown):
			v.vp, _ = v.vp.Update(msg)
		}
	}
	return nil
}

func (v *insightsView) View() string {
	if v.reports.on() {
		return v.reports.View()
	}
	st, lay := &v.ctx.Styles, v.ctx.Layout
	width := v.layout()
	return st.Panel.Width(lay.Width).MaxHeight(lay.ScreenHeight).Render(v.vp.View() + "\n" + v.ctx.KeyLineWidth(v.ShortHelp(), width))
}

// layout fits the viewport to the screen and fills it; it returns the width.
func (v *insightsView) layout() int {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	var body string
	switch {
	case v.err != nil:
		body = st.Error.Render("⚠ " + uictx.FirstLine(v.err.Error()))
	case v.facts == nil:
		body = st.Muted.Render("Adding up…")
	default:
		body = v.render(width)
	}
	v.vp.SetWidth(width)
	v.vp.SetHeight(max(lay.ScreenHeight-st.Panel.GetVerticalFrameSize()-1, 1))
	v.vp.SetContent(body)
	return width
}

// currency is the converted currency most gifts have: the one the bars and
// shares are drawn in.
func (fa *facts) currency() string {
	counts := map[string]int{}
	for _, g := range fa.statuses {
		for cur := range g.Converted {
			counts[cur] += g.Count
		}
	}
	if list := uictx.ByCount(counts); len(list) > 0 {
		return list[0]
	}
	return ""
}

// note says what the numbers cover: the walk's partial note, and while
// the store's latest changes are being added up, that these are older.
// It comes before the rest of the title, which a narrow screen cuts.
func (v *insightsView) note() string {
	note := v.ctx.PartialNote(v.data.partial())
	switch {
	case !v.loading:
		return note
	case note == "":
		return " " + v.ctx.Styles.Warn.Render("· partial: adding up what was stored since")
	}
	return note + v.ctx.Styles.Warn.Render(" · adding up what was stored since")
}

func (v *insightsView) render(width int) string {
	st, fa := &v.ctx.Styles, v.facts
	cur := fa.currency()
	if cur == "" { // no gift with a converted amount: nothing to draw bars in
		return uictx.WrapParts([]string{st.Title.Render("Insights"), st.Muted.Render(textsafe.Count(fa.sums.Count, "donation")) + v.note()}, width) + "\n\n" +
			st.Muted.Render("Nothing to add up: no donation here has a converted amount.")
	}
	total, count := sumOf(fa.periods, cur)
	counting := tally.Word(fa.sums.Rule)
	var b strings.Builder
	b.WriteString(v.title(width) + "\n\n")
	b.WriteString(v.shares(cur, total, count, width) + "\n\n")
	b.WriteString(st.Section.Render("By "+v.period+" ("+textsafe.Line(cur)+", converted)") + "\n")
	b.WriteString(st.Muted.Render("gifts ") + sparkline(fa.periods, width-6) + "\n")
	b.WriteString(bars(fa.periods, cur, width, v.period != "day") + "\n")
	for _, part := range []struct {
		title  string
		groups []store.Group
	}{{"By form", fa.forms}, {"By campaign", fa.campaigns}, {"By status (every gift)", fa.statuses}, {"By currency", fa.currencies}, {"By payment type", fa.payments}} {
		if part.title == "By campaign" && !named(part.groups) {
			continue // the server names no campaign: a bar of "—" alone says nothing
		}
		b.WriteString(st.Section.Render(part.title) + "\n" + bars(largestFirst(part.groups, cur), cur, width, false) + "\n")
	}
	b.WriteString(st.Section.Render("Top donors ("+counting+")") + "\n" + topDonors(fa.top, width))
	return b.String()
}

// named says whether some group has a key: some gift's campaign, say.
func named(groups []store.Group) bool {
	for _, g := range groups {
		if len(g.Key) > 0 && g.Key[0] != "" {
			return true
		}
	}
	return false
}

// groupWorth is what a group's gifts add up to in cur: converted, and the gifts
// in cur the server sent no conversion for as they were sent, as the
// footer and summary count them (never dropped: a month of old gifts read
// 0.00 beside its hundred gifts).
func groupWorth(g store.Group, cur string) api.Decimal {
	return g.Converted[cur].Add(g.Unconverted[cur])
}

// sumOf adds the groups' sums in cur, and their counts.
func sumOf(groups []store.Group, cur string) (api.Decimal, int) {
	var total api.Decimal
	n := 0
	for _, g := range groups {
		total = total.Add(groupWorth(g, cur))
		n += g.Count
	}
	return total, n
}

// largestFirst orders break-down groups by their converted sum.
func largestFirst(groups []store.Group, cur string) []store.Group {
	out := append([]store.Group(nil), groups...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && less(groupWorth(out[j-1], cur), groupWorth(out[j], cur)); j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out
}

func less(a, b api.Decimal) bool { return a.Compare(b) < 0 }

// bars draws one line per group: its key, a bar in proportion to its
// converted sum, the sum and the count. last keeps the latest groups when
// there are more than fit a screen's worth.
func bars(groups []store.Group, cur string, width int, last bool) string {
	const most = 40
	if len(groups) > most && last {
		groups = groups[len(groups)-most:]
	}
	var top float64
	for _, g := range groups {
		top = max(top, toFloat(groupWorth(g, cur)))
	}
	// The figures take the width they need; the label and the bar the rest.
	label, sumW, countW := 0, 0, 0
	for _, g := range groups {
		label = max(label, textsafe.Width(keyText(g)))
		sumW = max(sumW, textsafe.Width(uictx.Grouped(groupWorth(g, cur).String())))
		countW = max(countW, textsafe.Width(uictx.Commas(g.Count)))
	}
	sumW, countW = max(sumW, 12)+2, max(countW, 6)+2
	label = max(min(label, 26, width-sumW-countW-7), 1)
	room := max(width-label-sumW-countW-2, 5)
	var b strings.Builder
	for _, g := range groups {
		sum := groupWorth(g, cur)
		n := 0
		if top > 0 {
			n = int(float64(room) * toFloat(sum) / top)
		}
		line := textsafe.Fit(keyText(g), label) + " " + strings.Repeat("█", n) + strings.Repeat(" ", room-n) + " " +
			textsafe.FitRight(uictx.Grouped(sum.String()), sumW) + textsafe.FitRight(uictx.Commas(g.Count), countW)
		b.WriteString(textsafe.Truncate(line, width) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func keyText(g store.Group) string {
	if len(g.Key) == 0 || g.Key[0] == "" {
		return "—"
	}
	return textsafe.Line(g.Key[0])
}

// toFloat is a sum for drawing only: bar lengths need no exact cents.
func toFloat(d api.Decimal) float64 {
	var f float64
	fmt.Sscan(d.String(), &f)
	return f
}

// sparkline draws the groups' counts as one line of eighth-blocks, from the
// fewest to the most, the latest ones when there are more than fit.
func sparkline(groups []store.Group, width int) string {
	ticks := []rune("▁▂▃▄▅▆▇█")
	if len(groups) > width {
		groups = groups[len(groups)-width:]
	}
	low, high := 0, 0
	for i, g := range groups {
		if i == 0 || g.Count < low {
			low = g.Count
		}
		high = max(high, g.Count)
	}
	var b strings.Builder
	for _, g := range groups {
		i := len(ticks) - 1
		if high > low {
			i = (g.Count - low) * (len(ticks) - 1) / (high - low)
		}
		b.WriteRune(ticks[i])
	}
	return b.String()
}
