package live

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/dataset"
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
	asked := v.data.Asked()
	if !asked.Ready() || v.data.Pending() {
		return v.poll(time.Second) // the newest page is still on its way
	}
	v.checking = true
	gen, c := v.gen, dataset.LiveCheck{After: v.baseline, Page: v.page, Most: most, Sync: v.opt.Sync, LastPage: v.opt.LastPage}
	ctx, cancel := context.WithCancel(context.Background())
	v.stop = cancel
	return func() tea.Msg {
		defer cancel()
		n, err := asked.Live(ctx, c)
		msg := Msg{gen: gen, baseline: n.After, page: n.Page, err: err}
		for _, d := range n.Rows {
			msg.fresh = append(msg.fresh, uictx.NewRow(d, nil))
		}
		if n.Sums != nil {
			msg.sums = tally.Of(n.Sums.Groups, n.Sums.Rule)
		}
		return msg
	}
}
