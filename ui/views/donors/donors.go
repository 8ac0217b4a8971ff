package donors

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "donors"

// donorsPage is how many donors one read of the store brings.
const donorsPage = 200

// View lists the donors of what the list shows (its filters and search),
// grouped by e-mail, a page at a time from the store; Enter shows a
// donor's gifts in the list.
type View struct {
	uictx.Outbox
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	keys *uictx.DonorKeys

	sort    string // a sort key of Asked.Donors
	desc    bool
	picked  bool // sort was chosen by its key here: the key again reverses it
	gen     int  // the query the rows are for
	opened  int  // the gen at the last Open: a count from before it is dropped
	loading bool
	from    int
	rows    []dataset.Donor
	total   int
	cursor  int
	offset  int
	err     error
	// The selected donor's campaigns (gave.go): whose they are, or are
	// being read.
	gave      []dataset.Group
	gaveAsked string
	gaveBusy  bool
	gaveErr   error
}

// PageMsg is a page of donors read off the event loop.
type PageMsg struct {
	gen  int
	from int
	rows []dataset.Donor
	err  error
}

// CountMsg is how many donors there are: counted apart, so the first
// screen does not wait for it.
type CountMsg struct {
	gen   int
	total int
	err   error
}

// New is the donors of what data answers, drawn in ctx, moving the keys
// through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	return &View{ctx: ctx, nav: nav, data: data, keys: &ctx.Keys.Donors, sort: "total", desc: true}
}

func (v *View) OpenKey() key.Binding { return v.ctx.Keys.List.Donors }
func (v *View) Place() uictx.Place   { return uictx.PlaceScreen }
func (v *View) ShortHelp() []key.Binding {
	k := v.keys
	return []key.Binding{k.Open, v.ctx.Keys.List.Help, k.Total, k.Gifts, k.Name, k.Last, k.First, k.Email, k.AllStatuses, k.Back, k.Quit}
}

func (v *View) HelpTitle() string { return "Donors" }
func (v *View) FullHelp() [][]key.Binding {
	k := v.keys
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Open, k.Back, k.Quit},
		{k.Total, k.Gifts, k.Name, k.Last, k.First, k.Email, k.AllStatuses}}
}

func (v *View) Open() (tea.Cmd, bool) {
	if !v.data.Asked().Ready() {
		return nil, false
	}
	v.cursor, v.offset, v.from, v.rows, v.total = 0, 0, 0, nil, -1
	return v.Reread(), true
}

// Reread reads the donors on screen and their count again: at opening, and
// when a sync or a walk stored more, or what counts was switched, while the
// view is open.
func (v *View) Reread() tea.Cmd {
	page := v.fetch(v.from)
	v.opened = v.gen
	v.gaveAsked = "" // the campaigns are read again with the page
	gen, asked := v.gen, v.data.Asked()
	count := func() tea.Msg {
		n, _, err := asked.DonorCount(context.Background())
		return CountMsg{gen: gen, total: n, err: err}
	}
	return tea.Batch(page, count)
}

// fetch reads the donors from from on, off the event loop.
func (v *View) fetch(from int) tea.Cmd {
	v.gen++
	v.loading = true
	gen, asked, sort, desc := v.gen, v.data.Asked(), v.sort, v.desc
	return func() tea.Msg {
		page, err := asked.Donors(context.Background(), sort, desc, from, donorsPage)
		return PageMsg{gen: gen, from: from, rows: page.Rows, err: err}
	}
}

func (v *View) Update(msg tea.Msg) tea.Cmd {
	cmd := v.update(msg)
	return tea.Batch(cmd, v.askGave())
}

func (v *View) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case GaveMsg:
		v.onGave(msg)
		return nil
	case PageMsg:
		if msg.gen == v.gen {
			v.loading, v.err = false, msg.err
			v.from, v.rows = msg.from, msg.rows
		}
		return nil
	case CountMsg:
		switch {
		case msg.gen != v.opened:
		case msg.err != nil:
			v.err = msg.err
		default:
			v.total = msg.total
		}
		return nil
	case tea.KeyPressMsg:
		return v.key(msg)
	}
	return nil
}

func (v *View) key(k tea.KeyPressMsg) tea.Cmd {
	kb := v.keys
	for sort, b := range map[string]key.Binding{"total": kb.Total, "gifts": kb.Gifts, "name": kb.Name,
		"last": kb.Last, "first": kb.First, "email": kb.Email} {
		if key.Matches(k, b) {
			// The sort the view opened with is no pick: its key chooses
			// it, as every other key chooses its own, and only again
			// reverses it.
			if v.sort == sort && v.picked {
				v.desc = !v.desc
			} else {
				v.sort, v.desc, v.picked = sort, sort != "name" && sort != "email", true
			}
			v.cursor, v.offset = 0, 0
			return v.fetch(0)
		}
	}
	h := v.height()
	switch {
	case key.Matches(k, kb.AllStatuses):
		v.cursor, v.offset, v.from, v.rows, v.total = 0, 0, 0, nil, -1
		v.Send(uictx.SwitchStatusesMsg{}) // the root reads again once it is switched
		return nil
	case key.Matches(k, kb.Quit):
		return v.nav.Quit()
	case key.Matches(k, kb.Back):
		v.nav.Back()
		return nil
	case key.Matches(k, kb.Open):
		if d := v.selected(); d != nil && d.Email != "" {
			v.nav.Back()
			v.Send(uictx.ShowDonorMsg{Email: d.Email})
			return nil
		}
		return nil
	case key.Matches(k, kb.Down):
		return v.moveTo(v.cursor+1, h)
	case key.Matches(k, kb.Up):
		return v.moveTo(v.cursor-1, h)
	case key.Matches(k, kb.PageDown):
		return v.moveTo(v.cursor+h, h)
	case key.Matches(k, kb.PageUp):
		return v.moveTo(v.cursor-h, h)
	case key.Matches(k, kb.Top):
		return v.moveTo(0, h)
	case key.Matches(k, kb.Bottom):
		return v.moveTo(v.known()-1, h)
	}
	return nil
}

// known is how many donors there are, or while they are being counted, how
// many have been read.
func (v *View) known() int {
	if v.total >= 0 {
		return v.total
	}
	return v.from + len(v.rows)
}

// moveTo moves the cursor, and reads the page around it when it leaves the
// donors in memory.
func (v *View) moveTo(i, h int) tea.Cmd {
	v.cursor, v.offset = uictx.Follow(i, v.known(), h, v.offset)
	if v.offset < v.from || v.offset+h > v.from+len(v.rows) && v.from+len(v.rows) < v.known() {
		return v.fetch(max(0, v.offset-donorsPage/4))
	}
	return nil
}

func (v *View) selected() *dataset.Donor {
	if i := v.cursor - v.from; i >= 0 && i < len(v.rows) {
		return &v.rows[i]
	}
	return nil
}

// Total is how many donors there are; -1 while they are being counted.
func (v *View) Total() int { return v.total }

// Rows are the donors read, a page around the cursor.
func (v *View) Rows() []dataset.Donor { return v.rows }

// Busy says whether a page of donors is being read, or counted while the
// view has the keys.
func (v *View) Busy(open bool) bool { return v.loading || v.gaveBusy || open && v.total < 0 }

// height is how many donors the screen shows: under the title and the
// column titles, above a line for the selected donor's campaigns and the
// key line.
func (v *View) height() int { return max(v.ctx.Layout.ScreenHeight-4, 1) }
