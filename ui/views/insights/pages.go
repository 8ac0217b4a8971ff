package insights

import (
	"context"
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/report"
	"donations/ui/uictx"
)

// pageNames are the pages after the overview: the reports, then the
// campaigns against their goals.
var pageNames = append(slices.Clone(report.Names), GoalsPage)

// reportPages are the fundraising reports as pages of the insights view,
// after its own overview (page 0): each is the report `donations report`
// makes, over the question in force, for a year the keys move. A report is
// read off the event loop, tagged with a generation; a newer one cancels
// the read under way.
type reportPages struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	// held is the account's store, which holds the campaigns.
	held dataset.Local
	keys *uictx.InsightKeys
	vp   viewport.Model
	// overview adds the overview up again: a sync stored more while a
	// report page was shown.
	overview       func() tea.Cmd
	overviewBehind bool

	page    int // 0: the overview; n: pageNames[n-1]
	year    int // 0 until a page is first shown: then the current one
	gen     int
	cancel  context.CancelFunc
	loading bool
	stale   bool // the store changed during the read on its way
	table   *reportTable
	goals   *goals // the campaigns page's
	err     error
	drawn   uictx.Drawn[pageDrawnFrom]
}

// ReportMsg is a page read off the event loop: a report's table, or the
// campaigns page's goals.
type ReportMsg struct {
	gen   int
	table *reportTable
	goals *goals
	err   error
}

func newReportPages(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data, held dataset.Local, overview func() tea.Cmd) *reportPages {
	return &reportPages{ctx: ctx, nav: nav, data: data, held: held, keys: &ctx.Keys.Insights, vp: viewport.New(), overview: overview}
}

// on says whether a report page, not the overview, is shown.
func (p *reportPages) on() bool { return p.page > 0 }

func (p *reportPages) name() string { return pageNames[p.page-1] }

// pageName is what the key line and the page strip call page i.
func pageName(i int) string {
	if i == 0 {
		return "insights"
	}
	return pageNames[i-1]
}

// pageKeys are the page keys, their help naming the page each goes to.
func (p *reportPages) pageKeys() (next, prev key.Binding) {
	n := len(pageNames) + 1
	next, prev = p.keys.NextPage, p.keys.PrevPage
	next.SetHelp(next.Help().Key, pageName((p.page+1)%n))
	prev.SetHelp(prev.Help().Key, pageName((p.page+n-1)%n))
	return next, prev
}

// open is the insights view opening: on a report page the report is read
// anew and the overview is behind; on the overview, false.
func (p *reportPages) open() (tea.Cmd, bool) {
	p.overviewBehind = p.on()
	if !p.on() {
		return nil, false
	}
	p.table, p.goals, p.err = nil, nil, nil
	return p.read(), true
}

// reread reads the report again once the store has changed, leaving the
// one on screen until the new one comes.
func (p *reportPages) reread() tea.Cmd {
	p.overviewBehind = true
	if p.loading {
		p.stale = true
		return nil
	}
	return p.read()
}

func (p *reportPages) read() tea.Cmd {
	if p.cancel != nil {
		p.cancel()
	}
	p.gen++
	p.loading, p.stale = true, false
	if p.name() == GoalsPage {
		return p.readGoals()
	}
	if p.year == 0 {
		p.year = report.FiscalYearOf(p.ctx.Now().In(p.ctx.Zone), p.ctx.FiscalStart)
	}
	asked := p.data.Asked()
	q := p.query()
	gen, name, running := p.gen, p.name(), q.Running(p.ctx.Zone)
	// The page's statuses are the filter's: the flags the command line
	// names mean nothing here.
	countOthers := "filter by status to count them: " + p.ctx.Keys.List.Filter.Help().Key + " in the list"
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	return func() tea.Msg {
		defer cancel()
		t, err := readReport(ctx, asked, name, q, running, countOthers)
		return ReportMsg{gen: gen, table: t, err: err}
	}
}

// update handles the pages' replies, the page keys, and every key while a
// report page is shown; ok is false for what the overview handles.
func (p *reportPages) update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case ReportMsg:
		if msg.gen != p.gen {
			return nil, true
		}
		p.loading, p.table, p.goals, p.err = false, msg.table, msg.goals, msg.err
		p.layout()
		if p.stale {
			return p.read(), true
		}
		return nil, true
	case tea.KeyPressMsg:
		return p.onKey(msg)
	case tea.MouseWheelMsg:
		if p.on() {
			p.vp, _ = p.vp.Update(msg)
			return nil, true
		}
	}
	return nil, false
}

func (p *reportPages) onKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	kb := p.keys
	switch {
	case key.Matches(msg, kb.NextPage, kb.PrevPage):
		n := len(pageNames) + 1
		step := 1
		if key.Matches(msg, kb.PrevPage) {
			step = n - 1
		}
		return p.turn((p.page + step) % n), true
	case !p.on():
		return nil, false
	case key.Matches(msg, kb.PrevYear, kb.NextYear):
		p.year--
		if key.Matches(msg, kb.NextYear) {
			p.year += 2
		}
		return p.turn(p.page), true
	case key.Matches(msg, kb.Quit):
		return p.nav.Quit(), true
	case key.Matches(msg, kb.Back):
		p.nav.Back()
	case key.Matches(msg, kb.Top):
		p.vp.GotoTop()
	case key.Matches(msg, kb.Bottom):
		p.vp.GotoBottom()
	default:
		p.ctx.Keys.Scroll.Scroll(&p.vp, msg)
	}
	return nil, true
}

// turn shows page i (or the same page for another year) from its top.
func (p *reportPages) turn(i int) tea.Cmd {
	p.page = i
	p.vp.GotoTop()
	if !p.on() {
		if p.cancel != nil {
			p.cancel()
		}
		p.loading = false
		if p.overviewBehind {
			p.overviewBehind = false
			return p.overview()
		}
		return nil
	}
	p.table, p.goals, p.err = nil, nil, nil
	return p.read()
}

// ShortHelp is a report page's key line.
func (p *reportPages) ShortHelp() []key.Binding {
	next, prev := p.pageKeys()
	k := p.keys
	if p.name() == GoalsPage { // the server's totals: no year to move
		return []key.Binding{next, prev, p.ctx.Keys.List.Help, p.ctx.Keys.Scroll.Up, k.Back, k.Quit}
	}
	return []key.Binding{next, prev, p.ctx.Keys.List.Help, k.PrevYear, k.NextYear, p.ctx.Keys.Scroll.Up, k.Back, k.Quit}
}

// FullHelp is a report page's keys on the ? screen.
func (p *reportPages) FullHelp() [][]key.Binding {
	next, prev := p.pageKeys()
	k := p.keys
	return [][]key.Binding{append(p.ctx.Keys.Scroll.Group(), k.Top, k.Bottom), {next, prev, k.PrevYear, k.NextYear, k.Back, k.Quit}}
}
