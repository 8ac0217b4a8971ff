package live

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/dataset"
	"donations/ui/tally"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "live"

// View watches for new gifts: it syncs the store the list reads now and
// then, within a quarter of the server's request budget, and shows what
// came since it started above the gifts from before, with their running
// total.
type View struct {
	uictx.Outbox
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	keys *uictx.LiveKeys
	opt  Options

	gen      int // the Live run: a reply to an earlier one is dropped
	since    time.Time
	baseline int64 // the newest id when Live started; 0 until known
	page     int   // the last page read, when the store holds the last pages only
	checking bool
	stop     context.CancelFunc // ends the check under way: Esc leaves Live, not its requests running
	next     time.Time
	fresh    []uictx.Row
	sums     tally.Sums
	err      error
	// before is the list's sort when Live put it by date, newest first,
	// given back on Esc; nil when it was by date.
	before *uictx.OrderMsg
}

// Options are what Live needs from the wiring: how to bring a store up
// to date with what is new, where a query's list ends, what the server's
// budget is, and whether to ring the bell on a new gift.
type Options struct {
	// Sync reads q's pages from page from on (0: from where st ends) into st,
	// through the dataset's one sync loop and lock; dataset.ErrSyncRunning when
	// another sync of st runs.
	Sync     dataset.LiveSync
	LastPage func(ctx context.Context, q api.Query) (int, error)
	Budget   func() (api.Budget, bool)
	Bell     bool
}

// PollMsg is the time for a check of the Live run it echoes.
type PollMsg struct{ gen int }

// Msg is one check, read off the event loop.
type Msg struct {
	gen      int
	baseline int64
	page     int
	fresh    []uictx.Row
	sums     tally.Sums
	err      error
}

// New is Live over what data answers, drawn in ctx, moving the keys
// through nav; without opt.Sync it is not offered.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data, opt Options) *View {
	return &View{ctx: ctx, nav: nav, data: data, keys: &ctx.Keys.Live, opt: opt}
}

func (v *View) OpenKey() key.Binding { return v.ctx.Keys.List.Live }
func (v *View) Place() uictx.Place   { return uictx.PlaceScreen }
func (v *View) ShortHelp() []key.Binding {
	return []key.Binding{v.keys.Back, v.ctx.Keys.List.Help, v.keys.Quit}
}
func (v *View) HelpTitle() string         { return "Live" }
func (v *View) FullHelp() [][]key.Binding { return [][]key.Binding{{v.keys.Back, v.keys.Quit}} }

// Open starts watching, newest first: without a synced store the list then
// reads the API from its end, so the newest page is what Live starts from.
func (v *View) Open() (tea.Cmd, bool) {
	if v.opt.Sync == nil {
		v.ctx.Flash = "Live needs the server: it is not available here"
		return nil, false
	}
	v.gen++
	v.since, v.baseline, v.page, v.fresh, v.sums, v.err = v.ctx.Now(), 0, 0, nil, tally.Sums{}, nil
	v.before = nil
	if q := v.data.Question(); q.Sort != "" {
		v.before = &uictx.OrderMsg{Sort: q.Sort, Desc: q.Desc}
	}
	v.Send(uictx.NewestFirstMsg{})
	return v.poll(0), true
}

func (v *View) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case PollMsg:
		if msg.gen == v.gen && !v.checking {
			return v.check()
		}
	case Msg:
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
			if v.stop != nil {
				v.stop()
			}
			v.checking = false // its reply is dropped: the next run checks anew
			v.nav.Back()
			v.Send(uictx.RefreshMsg{}) // what Live's syncs brought
			// A list by date stays newest first, with what Live brought on top.
			if v.before != nil {
				v.Send(*v.before)
				v.before = nil
			}
		}
	}
	return nil
}

func (v *View) onCheck(msg Msg) tea.Cmd {
	v.baseline, v.page, v.err = msg.baseline, msg.page, msg.err
	if errors.Is(msg.err, dataset.ErrEmpty) {
		v.err = nil
		return v.poll(time.Second)
	}
	var cmds []tea.Cmd
	if msg.err == nil {
		if len(msg.fresh) > len(v.fresh) && v.opt.Bell {
			cmds = append(cmds, tea.Raw("\a"))
		}
		v.Send(uictx.StoredMsg{N: len(msg.fresh) - len(v.fresh)})
		v.fresh, v.sums = msg.fresh, msg.sums
	}
	return tea.Batch(append(cmds, v.poll(v.interval()))...)
}

// Busy says whether a check is under way, or, while Live has the keys
// (open), the first is still to tell what is newest.
func (v *View) Busy(open bool) bool {
	return v.checking || open && v.baseline == 0 && v.err == nil
}

// Tick is the message that has this run check now, as its next poll will.
func (v *View) Tick() PollMsg { return PollMsg{v.gen} }

// Fresh are the gifts that came since Live started, newest first.
func (v *View) Fresh() []uictx.Row { return v.fresh }

// Sums add the fresh gifts up by the rule the footer counts by.
func (v *View) Sums() tally.Sums { return v.sums }

// Baseline is the newest id when Live started; 0 until known.
func (v *View) Baseline() int64 { return v.baseline }

// Err is the last check's error; nil when it went well.
func (v *View) Err() error { return v.err }
