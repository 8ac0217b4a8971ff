package live

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/dataset"
	"donations/store"
	"donations/ui/tally"
	"donations/ui/uictx"
)

// most is how many of the new gifts a check reads: more than a screen shows.
const most = 200

// interval is how long to wait between checks: a check costs about two
// requests, and Live takes at most a quarter of the budget; 15 s when the
// server does not say its budget.
func (v *View) interval() time.Duration {
	if v.opt.Budget != nil {
		if b, ok := v.opt.Budget(); ok && b.Limit > 0 {
			return max(5*time.Second, 2*time.Minute/time.Duration(max(b.Limit/4, 1)))
		}
	}
	return 15 * time.Second
}

// poll asks for the next check after d.
func (v *View) poll(d time.Duration) tea.Cmd {
	gen := v.gen
	v.next = v.ctx.Now().Add(d)
	return tea.Tick(d, func(time.Time) tea.Msg { return PollMsg{gen} })
}

// check syncs the store the list reads and reads what is newer than the
// baseline, off the event loop.
func (v *View) check() tea.Cmd {
	st := v.data.Store()
	if st == nil || v.data.Pending() {
		return v.poll(time.Second) // the newest page is still on its way
	}
	v.checking = true
	job := job{gen: v.gen, st: st, opt: v.opt, baseline: v.baseline, page: v.page,
		f: v.data.Filter(), rule: v.data.Rule(), q: v.data.Question().Query, own: v.data.FromStore()}
	return func() tea.Msg { return job.run(context.Background()) }
}

// job is one check, with copies of what it reads.
type job struct {
	gen      int
	st       *store.Store
	opt      Options
	baseline int64
	page     int
	f        store.Filter
	rule     store.ReportQuery // which gifts the headline counts
	q        api.Query
	own      bool // the profile's store, which syncs from where it ends
}

func (j job) run(ctx context.Context) tea.Msg {
	msg := Msg{gen: j.gen, baseline: j.baseline, page: j.page}
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
	msg.err = j.st.Donations(ctx, store.Query{Filter: f, Sort: "id", Desc: true}, 0, most, func(d *api.Donation) error {
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
