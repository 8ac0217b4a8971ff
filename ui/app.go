package ui

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/progress"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/textsafe"
)

// Smallest terminal the screen is drawn in; below it the UI says so.
const (
	minWidth  = 60
	minHeight = 12
	wideWidth = 120 // from here the detail pane sits beside the list
)

type mode int

const (
	modeList mode = iota
	modeFilter
	modeSearch
	modeDetail
	modeRaw
	modeHelp
	modeCopy
	modeExportPrompt
)

// Options are what the program's wiring tells the UI.
type Options struct {
	Account  string         // shown in the header: "demo", or user @ host
	Location *time.Location // local time zone (default time.Local)
	Query    api.Query      // initial filters
	Now      func() time.Time
}

// pageMsg is the answer to one step of a walk; gen says which walk.
type pageMsg struct {
	gen      int
	batch    api.Batch
	err      error
	warnings []string
}

// Model is the root of the browser.
type Model struct {
	src  Source
	opt  Options
	st   Styles
	keys KeyMap
	w, h int
	mode mode

	query  api.Query
	order  api.Order
	walker Walker
	gen    int
	cancel context.CancelFunc

	loading, loadAll, done bool
	rows                   []row
	tally                  tally
	err                    error
	warnings               []string

	searchWords []string
	matched     []int // rows matching the quick search, when one is set

	cursor, offset int
	utc            bool

	flash   string
	spin    spinner.Model
	help    help.Model
	filter  filterForm
	search  textinput.Model
	detail  viewport.Model
	raw     viewport.Model
	shownAt struct {
		id    *api.Summary
		width int
		utc   bool
	}

	exportPath textinput.Model
	export     *exportState
	bar        progress.Model
}

// New makes the browser over src.
func New(src Source, opt Options) *Model {
	if opt.Location == nil {
		opt.Location = time.Local
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	m := &Model{src: src, opt: opt, st: NewStyles(true), keys: NewKeyMap(), query: opt.Query,
		order: api.OldestFirst, tally: newTally(), w: 80, h: 24}
	m.spin = spinner.New(spinner.WithSpinner(spinner.Dot))
	m.help = help.New()
	m.search = textinput.New()
	m.search.Prompt = "/ "
	m.search.Placeholder = "name, e-mail, form, amount or id"
	m.exportPath = textinput.New()
	m.exportPath.Prompt = "file: "
	m.bar = progress.New(progress.WithWidth(20), progress.WithoutPercentage())
	m.detail = viewport.New()
	m.raw = viewport.New()
	m.restartWalk()
	return m
}

func (m *Model) location() *time.Location {
	if m.utc {
		return time.UTC
	}
	return m.opt.Location
}

// Init loads the first page and asks the terminal for its background colour.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.fetch(), m.spin.Tick, tea.RequestBackgroundColor)
}

// restartWalk drops what is loaded and starts a new walk for the query and
// order in force; a reply to the old walk is recognised by its gen and dropped.
func (m *Model) restartWalk() {
	if m.cancel != nil {
		m.cancel()
	}
	m.gen++
	m.walker = m.src.Walk(m.query, m.order)
	m.rows, m.matched, m.tally = nil, nil, newTally()
	m.cursor, m.offset = 0, 0
	m.loading, m.loadAll, m.done = false, false, false
	m.err, m.warnings = nil, nil
}

// fetch asks for the next page unless one is on its way or none is left.
func (m *Model) fetch() tea.Cmd {
	if m.loading || m.done || m.walker == nil {
		return nil
	}
	m.loading = true
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	w, gen := m.walker, m.gen
	return func() tea.Msg {
		b, err := w.Next(ctx)
		return pageMsg{gen: gen, batch: b, err: err, warnings: w.Warnings()}
	}
}

func (m *Model) onPage(msg pageMsg) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	m.loading = false
	m.cancel = nil
	m.warnings = msg.warnings
	if msg.err != nil {
		m.loadAll = false
		if !errors.Is(msg.err, context.Canceled) {
			m.err = msg.err
		}
		return nil
	}
	m.err = nil
	var ex *api.Exchange
	if msg.batch.Page != nil {
		// A copy: a pointer into the page would keep its full records alive.
		x := msg.batch.Page.Exchange
		ex = &x
	}
	for i := range msg.batch.Donations {
		r := newRow(&msg.batch.Donations[i], ex)
		m.rows = append(m.rows, r)
		m.tally.add(&r.s)
		if m.searchWords != nil && r.matches(m.searchWords) {
			m.matched = append(m.matched, len(m.rows)-1)
		}
	}
	m.done = msg.batch.Done
	if m.loadAll {
		if m.done {
			m.loadAll = false
			m.moveTo(m.visibleCount() - 1)
			return nil
		}
		return m.fetch()
	}
	return m.prefetch()
}

// prefetch loads the next page in the background once the cursor is within a
// screen of the end of what is loaded, so scrolling never waits.
func (m *Model) prefetch() tea.Cmd {
	if m.searchWords != nil {
		return nil // a search shows loaded rows; G loads the rest on purpose
	}
	if m.visibleCount()-m.cursor <= m.listHeight()+1 {
		return m.fetch()
	}
	return nil
}

func (m *Model) visibleCount() int {
	if m.searchWords != nil {
		return len(m.matched)
	}
	return len(m.rows)
}

// visibleRow is row i of what the list shows, by pointer: rows are large
// enough that copying one per drawn line shows in a profile.
func (m *Model) visibleRow(i int) *row {
	if m.searchWords != nil {
		return &m.rows[m.matched[i]]
	}
	return &m.rows[i]
}

func (m *Model) selected() *api.Summary {
	if m.cursor < 0 || m.cursor >= m.visibleCount() {
		return nil
	}
	return &m.visibleRow(m.cursor).s
}

func (m *Model) moveTo(i int) {
	n := m.visibleCount()
	m.cursor = max(0, min(i, n-1))
	h := m.listHeight() - 1
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if h > 0 && m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.offset = max(0, min(m.offset, max(0, n-h)))
}

func (m *Model) setSearch(text string) {
	words := strings.Fields(fold(text))
	if len(words) == 0 {
		m.searchWords, m.matched = nil, nil
	} else {
		m.searchWords = words
		m.matched = m.matched[:0]
		for i, r := range m.rows {
			if r.matches(words) {
				m.matched = append(m.matched, i)
			}
		}
	}
	m.cursor, m.offset = 0, 0
}

// wide says whether the detail pane sits beside the list.
func (m *Model) wide() bool { return m.w >= wideWidth }

func (m *Model) listWidth() int {
	if m.wide() {
		return m.w * 11 / 20
	}
	return m.w
}

// listHeight is the rows area, list header included.
func (m *Model) listHeight() int {
	h := m.h - 4 // header, message line, totals, help
	if m.mode == modeSearch || m.searchWords != nil {
		h--
	}
	return max(h, 1)
}

func (m *Model) paneSize() (int, int) {
	if m.wide() && m.mode != modeRaw && m.mode != modeHelp {
		return m.w - m.listWidth() - 2, m.listHeight()
	}
	return m.w, m.h - 3
}

// syncPanes rebuilds the detail text when the selection, width or time zone
// changed: the full record is decoded from its raw bytes only then, and View
// only draws what is there.
func (m *Model) syncPanes() {
	s := m.selected()
	w, h := m.paneSize()
	m.detail.SetWidth(w)
	m.detail.SetHeight(h)
	if s == m.shownAt.id && w == m.shownAt.width && m.utc == m.shownAt.utc {
		return
	}
	m.shownAt.id, m.shownAt.width, m.shownAt.utc = s, w, m.utc
	if s == nil {
		m.detail.SetContent("")
		return
	}
	d, err := s.Full()
	if err != nil {
		m.detail.SetContent(m.st.Error.Render("This record could not be read: " + textsafe.Line(err.Error())))
		return
	}
	m.detail.SetContent(detailText(&d, w, m.location(), m.st))
	m.detail.GotoTop()
}

// Update routes every message by mode.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	m.syncPanes()
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.raw.SetWidth(m.w)
		m.raw.SetHeight(m.h - 3)
		m.bar.SetWidth(min(30, m.w/4))
		m.moveTo(m.cursor)
		return m.prefetch()
	case tea.BackgroundColorMsg:
		m.st = NewStyles(msg.IsDark())
		m.shownAt.id = nil
		return nil
	case spinner.TickMsg:
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd
	case pageMsg:
		return m.onPage(msg)
	case exportMsg:
		return m.onExport(msg)
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m.quit()
		}
		return m.onKey(msg)
	case tea.MouseWheelMsg:
		return m.onWheel(msg)
	case tea.MouseClickMsg:
		return m.onClick(msg)
	}
	return m.forward(msg)
}

// forward hands other messages (cursor blinks) to the focused input.
func (m *Model) forward(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m.mode {
	case modeSearch:
		m.search, cmd = m.search.Update(msg)
	case modeExportPrompt:
		m.exportPath, cmd = m.exportPath.Update(msg)
	case modeFilter:
		_, cmd = m.filter.update(msg)
	}
	return cmd
}

func (m *Model) quit() tea.Cmd {
	if m.cancel != nil {
		m.cancel()
	}
	if m.export != nil {
		m.export.cancel()
	}
	return tea.Quit
}

func (m *Model) onKey(k tea.KeyPressMsg) tea.Cmd {
	switch m.mode {
	case modeFilter:
		res, cmd := m.filter.update(k)
		switch res {
		case formApplied:
			m.mode = modeList
			m.query = m.filter.query(m.query)
			m.restartWalk()
			return m.fetch()
		case formCancelled:
			m.mode = modeList
		}
		return cmd
	case modeSearch:
		switch k.String() {
		case "esc":
			m.search.Reset()
			m.search.Blur()
			m.setSearch("")
			m.mode = modeList
			return m.prefetch()
		case "enter", "down", "up":
			m.search.Blur()
			m.mode = modeList
			return nil
		}
		var cmd tea.Cmd
		m.search, cmd = m.search.Update(k)
		m.setSearch(m.search.Value())
		return cmd
	case modeExportPrompt:
		switch k.String() {
		case "esc":
			m.mode = modeList
			return nil
		case "enter":
			m.mode = modeList
			return m.startExport(strings.TrimSpace(m.exportPath.Value()))
		}
		var cmd tea.Cmd
		m.exportPath, cmd = m.exportPath.Update(k)
		return cmd
	case modeCopy:
		m.mode = modeList
		return m.copy(k.String())
	case modeHelp:
		if k.String() == "q" {
			return m.quit()
		}
		m.mode = modeList
		return nil
	case modeRaw:
		switch k.String() {
		case "esc", "r":
			m.mode = modeList
			return nil
		case "q":
			return m.quit()
		}
		var cmd tea.Cmd
		m.raw, cmd = m.raw.Update(k)
		return cmd
	case modeDetail:
		switch k.String() {
		case "esc", "enter":
			m.mode = modeList
			return nil
		case "q":
			return m.quit()
		case "r":
			return m.openRaw()
		case "y":
			m.mode = modeCopy
			m.flash = "copy: e e-mail · i id · j JSON"
			return nil
		}
		var cmd tea.Cmd
		m.detail, cmd = m.detail.Update(k)
		return cmd
	}
	return m.onListKey(k)
}

func (m *Model) onListKey(k tea.KeyPressMsg) tea.Cmd {
	m.flash = ""
	kb := m.keys
	switch {
	case key.Matches(k, kb.Quit):
		return m.quit()
	case key.Matches(k, kb.Back):
		return m.back()
	case key.Matches(k, kb.Down):
		m.moveTo(m.cursor + 1)
	case key.Matches(k, kb.Up):
		m.moveTo(m.cursor - 1)
	case key.Matches(k, kb.PageDown):
		m.moveTo(m.cursor + m.listHeight() - 1)
	case key.Matches(k, kb.PageUp):
		m.moveTo(m.cursor - m.listHeight() + 1)
	case key.Matches(k, kb.Top):
		m.moveTo(0)
	case key.Matches(k, kb.Bottom):
		m.moveTo(m.visibleCount() - 1)
		if !m.done {
			m.loadAll = true
			return m.fetch()
		}
	case key.Matches(k, kb.Open):
		if m.selected() != nil {
			m.mode = modeDetail
		}
	case key.Matches(k, kb.Filter):
		m.filter = newFilterForm(m.query)
		m.mode = modeFilter
		return textinput.Blink
	case key.Matches(k, kb.Clear):
		if m.query.Filtered() {
			m.query = api.Query{PerPage: m.query.PerPage}
			m.restartWalk()
			return m.fetch()
		}
	case key.Matches(k, kb.Search):
		m.mode = modeSearch
		return m.search.Focus()
	case key.Matches(k, kb.Order):
		m.order = 1 - m.order
		m.restartWalk()
		return m.fetch()
	case key.Matches(k, kb.UTC):
		m.utc = !m.utc
	case key.Matches(k, kb.Raw):
		return m.openRaw()
	case key.Matches(k, kb.Copy):
		if m.selected() != nil {
			m.mode = modeCopy
			m.flash = "copy: e e-mail · i id · j JSON"
		}
	case key.Matches(k, kb.Export):
		m.exportPath.SetValue(m.defaultExportPath())
		m.exportPath.CursorEnd()
		m.mode = modeExportPrompt
		return m.exportPath.Focus()
	case key.Matches(k, kb.Retry):
		if m.err != nil {
			m.err = nil
			return m.fetch()
		}
	case key.Matches(k, kb.Help):
		m.mode = modeHelp
	}
	return m.prefetch()
}

// back is Esc on the list: stop loading everything, stop an export, or clear
// the quick search — one level at a time.
func (m *Model) back() tea.Cmd {
	switch {
	case m.loadAll:
		// The cancelled step comes back as context.Canceled and changes nothing
		// in the walker; until it does, loading stays set so no second step
		// runs on the same walker at once.
		m.loadAll = false
		if m.cancel != nil {
			m.cancel()
		}
		m.flash = "stopped loading; scroll or press G to go on"
	case m.export != nil:
		m.export.cancel()
	case m.searchWords != nil:
		m.search.Reset()
		m.setSearch("")
	}
	return nil
}

func (m *Model) onWheel(msg tea.MouseWheelMsg) tea.Cmd {
	mouse := msg.Mouse()
	switch {
	case m.mode == modeRaw:
		m.raw, _ = m.raw.Update(msg)
	case m.mode == modeDetail || m.wide() && mouse.X > m.listWidth():
		m.detail, _ = m.detail.Update(msg)
	case m.mode == modeList:
		switch mouse.Button {
		case tea.MouseWheelDown:
			m.moveTo(m.cursor + 3)
		case tea.MouseWheelUp:
			m.moveTo(m.cursor - 3)
		}
		return m.prefetch()
	}
	return nil
}

func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	mouse := msg.Mouse()
	top := m.listTop() + 1 // below the column titles
	if m.mode != modeList || mouse.X >= m.listWidth() || mouse.Y < top {
		return nil
	}
	if i := m.offset + mouse.Y - top; i < m.visibleCount() {
		m.moveTo(i)
	}
	return m.prefetch()
}

// listTop is the screen line of the column titles.
func (m *Model) listTop() int {
	if m.mode == modeSearch || m.searchWords != nil {
		return 2
	}
	return 1
}

func (m *Model) openRaw() tea.Cmd {
	d := m.selected()
	if d == nil {
		return nil
	}
	m.raw.SetWidth(m.w)
	m.raw.SetHeight(m.h - 3)
	m.raw.SetContent(rawText(d.Raw, m.visibleRow(m.cursor).ex, m.st))
	m.raw.GotoTop()
	m.mode = modeRaw
	return nil
}

func (m *Model) copy(what string) tea.Cmd {
	d := m.selected()
	m.flash = ""
	if d == nil {
		return nil
	}
	var text, label string
	switch what {
	case "e":
		text, label = d.Email.Value, "e-mail "+show(d.Email)
	case "i":
		text, label = itoa64(d.ID.Value), "id "+itoa64(d.ID.Value)
	case "j":
		text, label = string(d.Raw), "the donation's JSON"
	default:
		return nil
	}
	m.flash = "Copied " + label + " to the clipboard (OSC 52)"
	return tea.SetClipboard(text)
}
