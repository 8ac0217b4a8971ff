package kinds

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/export"
	"donations/query"
	"donations/ui/uictx"
	"donations/ui/views/exporter"
	"donations/ui/views/filter"
)

// Prompts open the export and the filter form over the view: the root
// holds them.
type Prompts interface {
	Export(exporter.Source) tea.Cmd
	Filter(filter.Form) tea.Cmd
}

// ID names the view.
const ID uictx.ViewID = "kinds"

// mode is what the view shows of its kind.
type mode int

const (
	listMode   mode = iota
	detailMode      // the selected record's fields
	rawMode         // the selected record as the server sent it
)

// View shows one kind at a time (Show switches it), read from the store
// the browser holds, off the event loop: at Show, at a key that changes
// what is asked (search, sort, status), and when a sync stored more
// (Reread). Nothing else reads.
type View struct {
	uictx.Outbox
	ctx     *uictx.Context
	nav     uictx.Navigator
	held    dataset.Local
	keys    *uictx.KindKeys
	prompts Prompts

	spec   *spec // nil until a kind is shown
	filter dataset.KindFilter
	sort   int // the index of the sort in spec.sorts()
	desc   bool

	gen     int // the read the items are for
	loading bool
	// currency is the one a sort by a sum ranks (see ranked): "" when
	// the records' sums are all in one, or in none.
	currency string
	have     dataset.KindHeld // what the store knows of the kind, as last read
	items    []item
	// unread is how many plans the next-gift bound leaves out because
	// their date is in no form it reads: the title says so.
	unread int
	err    error

	cursor, offset int
	mode           mode
	vp             viewport.Model
	search         textinput.Model
	searching      bool
	// selectID and openDetail are what a jump asked for, done when its
	// read is in: the cursor on the record of that id, its detail open.
	selectID   int64
	openDetail bool
	note       string // a jump's record that is not held
	// back are the screens a jump left, the last on top: Esc goes back
	// to each before the donations' list.
	back    []screen
	restore mode // the mode to take again once the read going back is in
}

// screen is what the view showed before a jump, to go back to.
type screen struct {
	spec           *spec
	filter         dataset.KindFilter
	sort           int
	desc           bool
	cursor, offset int
	mode           mode
}

// ReadMsg is a read of the kind shown, off the event loop.
type ReadMsg struct {
	gen      int
	have     dataset.KindHeld
	items    []item
	currency string
	unread   int // plans left out by a next-gift bound that cannot read their date
	err      error
}

// New is the view of the kinds held holds, drawn in ctx, moving the keys
// through nav, its export and filter form opened through prompts.
func New(ctx *uictx.Context, nav uictx.Navigator, held dataset.Local, prompts Prompts) *View {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "name, e-mail or slug"
	return &View{ctx: ctx, nav: nav, held: held, keys: &ctx.Keys.Kinds, prompts: prompts, vp: viewport.New(), search: in}
}

// OpenKey: the : prompt opens the view, by a kind's name (Show).
func (v *View) OpenKey() key.Binding { return uictx.None }
func (v *View) Place() uictx.Place   { return uictx.PlaceScreen }

// Open takes the keys once a kind is shown.
func (v *View) Open() (tea.Cmd, bool) { return nil, v.spec != nil }

// Typing says the search has the keys: ? is typed there.
func (v *View) Typing() bool { return v.searching }

// Kind is the name of the kind shown ("plans"), "" before one is.
func (v *View) Kind() string {
	if v.spec == nil {
		return ""
	}
	return v.spec.kind.Name
}

// jumpTo is Show from a record of this view: Esc comes back to it.
func (v *View) jumpTo(name string, f dataset.KindFilter, sel int64, detail bool) tea.Cmd {
	here := screen{v.spec, v.filter, v.sort, v.desc, v.cursor, v.offset, v.mode}
	cmd, ok := v.show(name, f, sel, detail)
	if ok {
		v.back = append(v.back, here)
	}
	return cmd
}

// goBack shows what the last jump left, as it was; false when no jump
// left one.
func (v *View) goBack() (tea.Cmd, bool) {
	if len(v.back) == 0 {
		return nil, false
	}
	p := v.back[len(v.back)-1]
	v.back = v.back[:len(v.back)-1]
	v.spec, v.filter, v.sort, v.desc = p.spec, p.filter, p.sort, p.desc
	v.search.SetValue(p.filter.Search)
	v.items, v.have, v.note, v.selectID, v.openDetail = nil, dataset.KindHeld{}, "", 0, false
	v.cursor, v.offset, v.mode, v.restore = p.cursor, p.offset, listMode, p.mode
	return v.read(), true
}

// Show switches to the kind called name, selected by f, with the cursor on
// the record of id sel (0: the first) and its detail open if detail; false
// when there is no such kind.
func (v *View) Show(name string, f dataset.KindFilter, sel int64, detail bool) (tea.Cmd, bool) {
	v.back = nil
	return v.show(name, f, sel, detail)
}

// show is Show, what Esc goes back to kept.
func (v *View) show(name string, f dataset.KindFilter, sel int64, detail bool) (tea.Cmd, bool) {
	s, ok := specNamed(name)
	if !ok {
		return nil, false
	}
	if s != v.spec {
		v.sort, v.desc = 0, descending(s.sorts()[0])
	}
	v.spec, v.filter = s, f
	v.search.SetValue(f.Search)
	v.searching = false
	v.selectID, v.openDetail, v.note, v.restore = sel, detail, "", listMode
	v.mode, v.cursor, v.offset = listMode, 0, 0
	v.items, v.have = nil, dataset.KindHeld{}
	return v.read(), true
}

// descending says whether sort opens largest first: sums, counts and
// dates, but names and the next gift (the soonest first) from the start.
func descending(sort string) bool {
	switch sort {
	case "name", "email", "status", "next", "id":
		return false
	}
	return true
}

// Reread reads the kind again: a sync stored more while the view is open.
func (v *View) Reread() tea.Cmd {
	if v.spec == nil {
		return nil
	}
	return v.read()
}

// read reads what the store holds of the kind shown, as asked.
func (v *View) read() tea.Cmd {
	v.gen++
	v.loading = true
	gen, h, s, loc, f := v.gen, v.held, v.spec, v.ctx.Location(), v.asked()
	return func() tea.Msg {
		ctx := context.Background()
		have, err := dataset.HeldOfKind(ctx, h, s.kind)
		var items []item
		if err == nil && !have.None && !have.Read.IsZero() {
			items, err = s.read(ctx, h, f, loc)
		}
		if f.Currency = ranked(f.Sort, items); err == nil && f.Currency != "" {
			items, err = s.read(ctx, h, f, loc)
		}
		var unread int
		if err == nil {
			unread, _, err = dataset.NextUnread(ctx, h, f)
		}
		return ReadMsg{gen: gen, have: have, items: items, currency: f.Currency, unread: unread, err: err}
	}
}

// ranked is the currency a sort by a sum ranks when the records' sums are
// in several: the one most of them are in (the first by name of those
// tied), whose records come first, the rest after by id. "" for any
// other sort, or sums all in one currency.
func ranked(sort string, items []item) string {
	if !slices.Contains(query.KindSums, strings.TrimPrefix(sort, "-")) {
		return ""
	}
	n := map[string]int{}
	for i := range items {
		if c := items[i].currency; c != "" {
			n[c]++
		}
	}
	best := ""
	for c, k := range n {
		if k > n[best] || k == n[best] && c < best {
			best = c
		}
	}
	if len(n) < 2 {
		return ""
	}
	return best
}

// asked is the filter in force with the sort: what the list shows.
func (v *View) asked() dataset.KindFilter {
	f := v.filter
	f.Sort = v.spec.sorts()[v.sort]
	if v.desc {
		f.Sort = "-" + f.Sort
	}
	return f
}

// source is what the export writes: the kind's records as the list shows
// them, read again as asked, in the kind command's CSV columns or as the
// server sent them.
func (v *View) source() exporter.Source {
	s, h, f := v.spec, v.held, v.asked()
	f.Currency = v.currency
	return exporter.Source{Name: s.kind.Name, Noun: strings.TrimSuffix(s.kind.Name, "s"), Count: len(v.items),
		Write: func(ctx context.Context, w io.Writer, format string, bom bool, wrote func(int)) (int, error) {
			n, err := s.write(ctx, h, f, export.WithBOM(w, format, bom), format)
			wrote(n)
			return n, err
		}}
}

func (v *View) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case ReadMsg:
		v.onRead(msg)
		return nil
	case tea.KeyPressMsg:
		if v.searching {
			return v.typing(msg)
		}
		return v.key(msg)
	}
	if v.searching {
		var cmd tea.Cmd
		v.search, cmd = v.search.Update(msg) // cursor blinks
		return cmd
	}
	return nil
}

func (v *View) onRead(msg ReadMsg) {
	if msg.gen != v.gen {
		return
	}
	v.loading, v.have, v.items, v.currency, v.unread, v.err = false, msg.have, msg.items, msg.currency, msg.unread, msg.err
	if errors.Is(v.err, dataset.ErrNotLoaded) {
		v.err = nil // no store: nothing read yet, said as such
	}
	at := v.cursor
	v.note = ""
	if v.selectID != 0 {
		at = -1
		for i := range v.items {
			if v.items[i].id == v.selectID {
				at = i
			}
		}
		switch {
		case at < 0 && !v.have.Read.IsZero():
			v.note = "no " + strings.TrimSuffix(v.spec.kind.Name, "s") + " of id " + uictx.Itoa(v.selectID) + " is held"
		case at >= 0 && v.openDetail:
			v.mode = detailMode
		}
		at = max(at, 0)
		v.selectID, v.openDetail = 0, false
	}
	v.moveTo(at)
	if v.restore != listMode && v.selected() != nil {
		v.mode, v.restore = v.restore, listMode
	}
	v.fill()
}

// Busy says whether a read is on its way.
func (v *View) Busy() bool { return v.loading }

func (v *View) selected() *item {
	if v.cursor >= 0 && v.cursor < len(v.items) {
		return &v.items[v.cursor]
	}
	return nil
}

// height is how many records the list shows: under the title and the
// column titles, above the key line.
func (v *View) height() int { return max(v.ctx.Layout.ScreenHeight-3, 1) }

func (v *View) moveTo(i int) {
	v.cursor, v.offset = uictx.Follow(i, len(v.items), v.height(), v.offset)
}

// sortName is the sort in force as the title says it.
func (v *View) sortName() string {
	arrow := " ↑"
	if v.desc {
		arrow = " ↓"
	}
	if v.currency != "" {
		return "by " + v.spec.sorts()[v.sort] + " in " + v.currency + arrow
	}
	return "by " + v.spec.sorts()[v.sort] + arrow
}

// chips are the filters in force, as name=value.
func (v *View) chips() []string {
	f := v.filter
	var out []string
	add := func(name, value string) {
		if value != "" {
			out = append(out, name+"="+value)
		}
	}
	add("status", f.Status)
	add("email", f.Email)
	if f.CampaignID != 0 {
		add("campaign_id", uictx.Itoa(f.CampaignID))
	}
	if f.DonorID != 0 {
		add("donor_id", uictx.Itoa(f.DonorID))
	}
	if f.EventID != 0 {
		add("event_id", uictx.Itoa(f.EventID))
	}
	if !f.Next.Until.IsZero() {
		add("next_before", f.Next.Until.Format(time.DateOnly))
	}
	add("search", strings.TrimSpace(f.Search))
	return out
}
