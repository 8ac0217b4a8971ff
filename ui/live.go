package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/dataset"
	"donations/store"
	"donations/textsafe"
	"donations/ui/tally"
	"donations/ui/uictx"
	"donations/ui/views/rows"
)

const liveID uictx.ViewID = "live"

// liveView watches for new gifts: it syncs the store the list reads now and
// then, within a quarter of the server's request budget, and shows what came
// since it started above the gifts from before, with their running total.
type liveView struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	data *walk
	list *list
	keys *uictx.LiveKeys
	opt  LiveOptions

	gen      int // the Live run: a reply to an earlier one is dropped
	since    time.Time
	baseline int64 // the newest id when Live started; 0 until known
	page     int   // the last page read, when the store holds the last pages only
	checking bool
	next     time.Time
	fresh    []uictx.Row
	sums     tally.Sums
	err      error
	// before is the list's sort when Live put it by date, newest first,
	// given back on Esc; nil when it was by date.
	before *order
}

// order is a list's sort and direction.
type order struct {
	sort string
	desc bool
}

// LiveOptions are what Live needs from the wiring: how to bring a store up
// to date with what is new, where a query's list ends, what the server's
// budget is, and whether to ring the bell on a new gift.
type LiveOptions struct {
	// Sync reads q's pages from page from on (0: from where st ends) into st,
	// through the dataset's one sync loop and lock; dataset.ErrSyncRunning when
	// another sync of st runs.
	Sync     func(ctx context.Context, st *store.Store, q api.Query, from int) (dataset.SyncResult, error)
	LastPage func(ctx context.Context, q api.Query) (int, error)
	Budget   func() (api.Budget, bool)
	Bell     bool
}

type livePollMsg struct{ gen int }

type liveMsg struct {
	gen      int
	baseline int64
	page     int
	fresh    []uictx.Row
	sums     tally.Sums
	err      error
}

func newLiveView(ctx *uictx.Context, nav uictx.Navigator, data *walk, l *list, opt LiveOptions) *liveView {
	return &liveView{ctx: ctx, nav: nav, data: data, list: l, keys: &ctx.Keys.Live, opt: opt}
}

func (v *liveView) OpenKey() key.Binding     { return v.ctx.Keys.List.Live }
func (v *liveView) Place() uictx.Place       { return uictx.PlaceScreen }
func (v *liveView) ShortHelp() []key.Binding { return []key.Binding{v.keys.Back, v.keys.Quit} }

// Open starts watching, newest first: without a synced store the list then
// reads the API from its end, so the newest page is what Live starts from.
func (v *liveView) Open() (tea.Cmd, bool) {
	if v.opt.Sync == nil {
		v.ctx.Flash = "Live needs the server: it is not available here"
		return nil, false
	}
	v.gen++
	v.since, v.baseline, v.page, v.fresh, v.sums, v.err = v.ctx.Now(), 0, 0, nil, tally.Sums{}, nil
	var cmd tea.Cmd
	v.before = nil
	if v.data.q.Sort != "" || !v.data.q.Desc {
		if v.data.q.Sort != "" {
			v.before = &order{v.data.q.Sort, v.data.q.Desc}
		}
		v.data.q.Sort, v.data.q.Desc = "", false
		if v.data.order != api.NewestFirst {
			v.data.reorder()
		} else {
			v.data.q.Desc = true
			v.data.shown.invalidate()
		}
		v.list.top()
		cmd = v.data.fetch()
	}
	return tea.Batch(cmd, v.poll(0)), true
}

// giveBackOrder puts back the sort the list had before Live; a list by
// date stays newest first, with what Live brought on top.
func (v *liveView) giveBackOrder() tea.Cmd {
	b := v.before
	if b == nil {
		return nil
	}
	v.before = nil
	v.data.q.Sort, v.data.q.Desc = b.sort, b.desc
	v.data.shown.invalidate()
	v.list.top()
	return v.data.fetch()
}

// interval is how long to wait between checks: a check costs about two
// requests, and Live takes at most a quarter of the budget; 15 s when the
// server does not say its budget.
func (v *liveView) interval() time.Duration {
	if v.opt.Budget != nil {
		if b, ok := v.opt.Budget(); ok && b.Limit > 0 {
			return max(5*time.Second, 2*time.Minute/time.Duration(max(b.Limit/4, 1)))
		}
	}
	return 15 * time.Second
}

// poll asks for the next check after d.
func (v *liveView) poll(d time.Duration) tea.Cmd {
	gen := v.gen
	v.next = v.ctx.Now().Add(d)
	return tea.Tick(d, func(time.Time) tea.Msg { return livePollMsg{gen} })
}

// check syncs the store the list reads and reads what is newer than the
// baseline, off the event loop.
func (v *liveView) check() tea.Cmd {
	st := v.data.active()
	if st == nil || v.data.loading || v.data.Len() == 0 && !v.data.done {
		return v.poll(time.Second) // the newest page is still on its way
	}
	v.checking = true
	job := liveJob{gen: v.gen, st: st, opt: v.opt, baseline: v.baseline, page: v.page,
		f: v.data.filter(), rule: v.data.rule(), q: v.data.q.Query, own: v.data.fromStore()}
	return func() tea.Msg { return job.run(context.Background()) }
}

// liveJob is one check, with copies of what it reads.
type liveJob struct {
	gen      int
	st       *store.Store
	opt      LiveOptions
	baseline int64
	page     int
	f        store.Filter
	rule     store.ReportQuery // which gifts the headline counts
	q        api.Query
	own      bool // the profile's store, which syncs from where it ends
}

func (j liveJob) run(ctx context.Context) tea.Msg {
	msg := liveMsg{gen: j.gen, baseline: j.baseline, page: j.page}
	if msg.baseline == 0 {
		if msg.baseline, msg.err = newestID(ctx, j.st); msg.err != nil {
			return msg
		}
	}
	q := api.Query{}
	if !j.own {
		// The browser's own store holds the list's last pages: Live reads on
		// from the last one, which takes a search the first time.
		q = j.q
		if msg.page == 0 {
			if msg.page, msg.err = j.opt.LastPage(ctx, q); msg.err != nil {
				return msg
			}
		}
	}
	res, err := j.opt.Sync(ctx, j.st, q, msg.page)
	if errors.Is(err, dataset.ErrSyncRunning) {
		err = nil // the sync running (the background's, or another process's) brings what is new
	}
	if msg.err = err; err != nil {
		return msg
	}
	if res.LastPage > 0 && !j.own {
		msg.page = res.LastPage
	}
	f := j.f
	f.AfterID = msg.baseline
	msg.err = j.st.Donations(ctx, store.Query{Filter: f, Sort: "id", Desc: true}, 0, windowSize, func(d *api.Donation) error {
		msg.fresh = append(msg.fresh, uictx.NewRow(d, nil))
		return nil
	})
	if msg.err == nil {
		msg.sums, msg.err = tally.Sum(ctx, j.st, f, j.rule)
	}
	return msg
}

var errEmpty = errors.New("empty")

// newestID is the largest id the store holds.
func newestID(ctx context.Context, st *store.Store) (int64, error) {
	var id int64
	err := st.Donations(ctx, store.Query{Sort: "id", Desc: true}, 0, 1, func(d *api.Donation) error {
		id = d.ID.Value
		return nil
	})
	if err == nil && id == 0 {
		err = errEmpty
	}
	return id, err
}

func (v *liveView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case livePollMsg:
		if msg.gen == v.gen && !v.checking {
			return v.check()
		}
	case liveMsg:
		if msg.gen != v.gen {
			return nil
		}
		v.checking = false
		return v.onCheck(msg)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, v.keys.Quit):
			return v.nav.Quit()
		case key.Matches(msg, v.keys.Back):
			v.gen++ // the ticks and checks of this run are dropped
			v.nav.Back()
			v.data.shown.refresh() // what Live's syncs brought
			return v.giveBackOrder()
		}
	}
	return nil
}

func (v *liveView) onCheck(msg liveMsg) tea.Cmd {
	v.baseline, v.page, v.err = msg.baseline, msg.page, msg.err
	if errors.Is(msg.err, errEmpty) {
		v.err = nil
		return v.poll(time.Second)
	}
	var cmds []tea.Cmd
	if msg.err == nil {
		if len(msg.fresh) > len(v.fresh) && v.opt.Bell {
			cmds = append(cmds, tea.Raw("\a"))
		}
		v.data.stored(len(msg.fresh) - len(v.fresh))
		v.fresh, v.sums = msg.fresh, msg.sums
	}
	return tea.Batch(append(cmds, v.poll(v.interval()))...)
}

func (v *liveView) View() string {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	loc := v.ctx.Location()
	head := st.Title.Render("● Live") + st.Muted.Render(fmt.Sprintf(" since %s · %s new", v.since.In(loc).Format("15:04"), uictx.Commas(v.sums.Count)))
	if r := v.sums.Raised(); r != "" {
		head += st.Muted.Render(" · " + r) // failed and refunded gifts are new too, but raise nothing
	}
	status := "next check " + v.next.In(loc).Format("15:04:05")
	if v.checking {
		status = "checking…"
	}
	if v.opt.Budget != nil {
		if b, ok := v.opt.Budget(); ok {
			status += fmt.Sprintf(" · budget %d of %d", b.Remaining, b.Limit)
		}
	}
	lines := []string{textsafe.Truncate(head+st.Muted.Render(" · "+status), lay.Width)}
	if v.err != nil {
		lines = append(lines, st.Error.Render(textsafe.Truncate("⚠ "+uictx.FirstLine(v.err.Error()), lay.Width)))
	}
	// Every row leaves two cells for the ★ of the new ones, so that all
	// columns line up under their titles.
	idW := max(rows.IDWidth(len(v.fresh), func(i int) *uictx.Row { return &v.fresh[i] }), rows.IDWidth(min(v.data.Len(), lay.ScreenHeight), v.data.At))
	cols := rows.Shorter(rows.Columns(lay.Width, v.ctx.Columns, idW), 2)
	lines = append(lines, "  "+rows.Header(v.ctx, cols, v.data.q.Sort, v.data.q.Desc))
	for i := range v.fresh {
		lines = append(lines, st.OK.Render("★ ")+rows.Draw(v.ctx, cols, &v.fresh[i], false))
	}
	lines = append(lines, st.Muted.Render(strings.Repeat("─", 3)+" before Live "+strings.Repeat("─", max(lay.Width-16, 0))))
	for i := 0; len(lines) < lay.ScreenHeight-1 && i < v.data.Len(); i++ {
		if r := v.data.At(i); v.baseline == 0 || r.Summary.ID.Value <= v.baseline {
			lines = append(lines, "  "+st.Muted.Render(ansi.Strip(rows.Draw(v.ctx, cols, r, false))))
		}
	}
	for len(lines) < lay.ScreenHeight-1 {
		lines = append(lines, "")
	}
	return strings.Join(lines[:lay.ScreenHeight-1], "\n") + "\n" + v.ctx.KeyLine(v.ShortHelp())
}
