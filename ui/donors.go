package ui

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/store"
	"donations/textsafe"
	"donations/ui/uictx"
)

const donorsID uictx.ViewID = "donors"

// donorsPage is how many donors one read of the store brings.
const donorsPage = 200

// donorsView lists the donors of what the list shows (its filters and
// search), grouped by e-mail, a page at a time from the store; Enter shows a
// donor's gifts in the list.
type donorsView struct {
	ctx  *uictx.Context
	nav  uictx.Navigator
	list *list
	keys *uictx.DonorKeys

	sort    string // a store.DonorSorts key
	desc    bool
	picked  bool // sort was chosen by its key here: the key again reverses it
	gen     int  // the query the rows are for
	opened  int  // the gen at the last Open: a count from before it is dropped
	loading bool
	from    int
	rows    []store.Donor
	total   int
	cursor  int
	offset  int
	err     error
}

type donorsMsg struct {
	gen  int
	from int
	rows []store.Donor
	err  error
}

// donorCountMsg is how many donors there are: counted apart, so the first
// screen does not wait for it.
type donorCountMsg struct {
	gen   int
	total int
	err   error
}

func newDonorsView(ctx *uictx.Context, nav uictx.Navigator, l *list) *donorsView {
	return &donorsView{ctx: ctx, nav: nav, list: l, keys: &ctx.Keys.Donors, sort: "total", desc: true}
}

func (v *donorsView) OpenKey() key.Binding { return v.ctx.Keys.List.Donors }
func (v *donorsView) Place() uictx.Place   { return uictx.PlaceScreen }
func (v *donorsView) ShortHelp() []key.Binding {
	k := v.keys
	return []key.Binding{k.Open, k.Total, k.Gifts, k.Name, k.Last, k.First, k.Email, k.AllStatuses, k.Back, k.Quit}
}

func (v *donorsView) Open() (tea.Cmd, bool) {
	if v.list.data.active() == nil {
		return nil, false
	}
	v.cursor, v.offset, v.from, v.rows, v.total = 0, 0, 0, nil, -1
	return v.reread(), true
}

// reread reads the donors on screen and their count again: at opening, and
// when a sync or a walk stored more while the view is open.
func (v *donorsView) reread() tea.Cmd {
	page := v.fetch(v.from)
	v.opened = v.gen
	gen, st, f, rule := v.gen, v.list.data.active(), v.list.data.filter(), v.list.data.rule()
	count := func() tea.Msg {
		ctx := context.Background()
		counted, any, err := countedOf(ctx, st, f, rule)
		n := 0
		if err == nil && any {
			n, err = st.DonorCount(ctx, counted)
		}
		return donorCountMsg{gen: gen, total: n, err: err}
	}
	return tea.Batch(page, count)
}

// fetch reads the donors from from on, off the event loop.
func (v *donorsView) fetch(from int) tea.Cmd {
	v.gen++
	v.loading = true
	gen, st, f, rule, sort, desc := v.gen, v.list.data.active(), v.list.data.filter(), v.list.data.rule(), v.sort, v.desc
	return func() tea.Msg {
		ctx := context.Background()
		counted, any, err := countedOf(ctx, st, f, rule)
		var rows []store.Donor
		if err == nil && any {
			rows, err = st.Donors(ctx, counted, sort, desc, from, donorsPage)
		}
		return donorsMsg{gen: gen, from: from, rows: rows, err: err}
	}
}

func (v *donorsView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case donorsMsg:
		if msg.gen == v.gen {
			v.loading, v.err = false, msg.err
			v.from, v.rows = msg.from, msg.rows
		}
		return nil
	case donorCountMsg:
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

func (v *donorsView) key(k tea.KeyPressMsg) tea.Cmd {
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
	h := max(v.ctx.Layout.ScreenHeight-4, 1)
	switch {
	case key.Matches(k, kb.AllStatuses):
		v.list.data.switchStatuses()
		v.cursor, v.offset, v.from, v.rows, v.total = 0, 0, 0, nil, -1
		return v.reread()
	case key.Matches(k, kb.Quit):
		return v.nav.Quit()
	case key.Matches(k, kb.Back):
		v.nav.Back()
		return nil
	case key.Matches(k, kb.Open):
		if d := v.selected(); d != nil && d.Email != "" {
			v.nav.Back()
			return v.list.showDonor(d.Email, false)
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
func (v *donorsView) known() int {
	if v.total >= 0 {
		return v.total
	}
	return v.from + len(v.rows)
}

// moveTo moves the cursor, and reads the page around it when it leaves the
// donors in memory.
func (v *donorsView) moveTo(i, h int) tea.Cmd {
	v.cursor = max(0, min(i, v.known()-1))
	if v.cursor < v.offset {
		v.offset = v.cursor
	}
	if v.cursor >= v.offset+h {
		v.offset = v.cursor - h + 1
	}
	if v.offset < v.from || v.offset+h > v.from+len(v.rows) && v.from+len(v.rows) < v.known() {
		return v.fetch(max(0, v.offset-donorsPage/4))
	}
	return nil
}

func (v *donorsView) selected() *store.Donor {
	if i := v.cursor - v.from; i >= 0 && i < len(v.rows) {
		return &v.rows[i]
	}
	return nil
}

func (v *donorsView) View() string {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	count := "counting…"
	if v.total >= 0 {
		count = uictx.Commas(v.total)
	}
	title := wrapParts([]string{st.Title.Render("Donors") + st.Muted.Render("  "+count), st.Muted.Render("by " + v.sort + arrow(v.desc)),
		st.Muted.Render("gifts: " + countingWord(v.list.data.rule())), strings.TrimPrefix(strings.TrimSpace(partialNote(v.ctx, v.list.data)), "· "),
		st.Muted.Render("over what the list shows")}, lay.Width)
	lines := strings.Split(title, "\n")
	cols := donorColumns(lay.Width)
	var head strings.Builder
	for i, c := range cols {
		if i > 0 {
			head.WriteByte(' ')
		}
		head.WriteString(c.Fit(c.title))
	}
	lines = append(lines, st.Header.Render(head.String()))
	h := max(lay.ScreenHeight-4, 1)
	switch {
	case v.err != nil:
		lines = append(lines, st.Error.Render("⚠ "+uictx.FirstLine(v.err.Error())))
	case v.loading && len(v.rows) == 0:
		lines = append(lines, st.Muted.Render("Adding up…"))
	case v.total == 0 || v.total < 0 && !v.loading && len(v.rows) == 0:
		lines = append(lines, st.Muted.Render("No donor: no donation is shown."))
	}
	for i := v.offset; i < v.offset+h && i-v.from >= 0 && i-v.from < len(v.rows); i++ {
		line := v.row(cols, &v.rows[i-v.from])
		if i == v.cursor {
			line = st.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	for len(lines) < lay.ScreenHeight-1 {
		lines = append(lines, "")
	}
	return strings.Join(lines[:lay.ScreenHeight-1], "\n") + "\n" + v.ctx.KeyLine(v.ShortHelp())
}

func arrow(desc bool) string {
	if desc {
		return " ↓"
	}
	return " ↑"
}

// donorColumns fits the donor list to width; the first gift and the
// e-mail go first when it is narrow.
func donorColumns(width int) []listCol {
	right := func(c listCol) listCol { c.Right = true; return c }
	cols := []listCol{
		col("DONOR", "name", 18, nil), col("E-MAIL", "email", 24, nil), right(col("GIFTS", "gifts", 6, nil)),
		right(col("TOTAL", "total", 14, nil)), col("FIRST GIFT", "first", 10, nil), col("LAST GIFT", "last", 10, nil),
		col("↻", "", 1, nil),
	}
	used := func() int {
		n := 0
		for _, c := range cols {
			n += c.Width + 1
		}
		return n
	}
	for _, drop := range []string{"first", "email"} {
		if used() <= width {
			break
		}
		cols = dropSort(cols, drop)
	}
	extra := max(0, width-used())
	for i := range cols {
		if cols[i].sort == "email" {
			cols[i].Width += extra / 2
			extra -= extra / 2
		}
	}
	cols[0].Width += extra
	return cols
}

func dropSort(cols []listCol, sort string) []listCol {
	for i, c := range cols {
		if c.sort == sort {
			return append(cols[:i:i], cols[i+1:]...)
		}
	}
	return cols
}

func (v *donorsView) row(cols []listCol, d *store.Donor) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		var cell string
		switch c.sort {
		case "name":
			cell = strings.TrimSpace(d.FirstName + " " + d.LastName)
		case "email":
			cell = d.Email
		case "gifts":
			cell = uictx.Commas(d.Gifts)
		case "total":
			cell = uictx.Money(d.Currency, d.Total)
			if d.Inexact > 0 {
				cell = "≈ " + cell
			}
		case "first":
			cell = v.day(d.First)
		case "last":
			cell = v.day(d.Last)
		default:
			if d.Recurring {
				cell = "R"
			}
		}
		b.WriteString(c.Fit(textsafe.Line(cell)))
	}
	return b.String()
}

func (v *donorsView) day(t time.Time) string {
	if t.IsZero() {
		return uictx.Missing
	}
	return t.In(v.ctx.Location()).Format("2006-01-02")
}
