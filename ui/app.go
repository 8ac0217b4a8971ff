package ui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/clipboard"
	"donations/ui/views/command"
	"donations/ui/views/detail"
	"donations/ui/views/donors"
	"donations/ui/views/exporter"
	"donations/ui/views/filter"
	"donations/ui/views/help"
	"donations/ui/views/insights"
	"donations/ui/views/kinds"
	listview "donations/ui/views/list"
	"donations/ui/views/live"
	"donations/ui/views/logview"
	"donations/ui/views/raw"
	"donations/ui/views/saveview"
	"donations/ui/views/search"
	"donations/ui/views/sorter"
)

// Model is the root of the browser. It keeps only the shared context, the
// browser's data (browserData), which child has the keys, and the routing between them;
// every view is a child in a file of its own.
type Model struct {
	ctx      *uictx.Context
	data     *browserData
	children map[uictx.ViewID]uictx.Child
	order    []uictx.ViewID // registration order: the order list keys open children in
	focus    uictx.ViewID
	opener   uictx.ViewID // had the keys before focus: where a prompt gives them back
	spin     spinner.Model
	spinning bool // a tick of spin is on its way (see spin.go)

	changes int // the data's changes the focused view has read (uictx.Rereader)

	views []View // the config's, as tabs after "all"
	view  int    // the tab in force: 0 is all
	state StateStore

	// The children the list screen is drawn from, whoever has the keys.
	list   *list
	detail *detail.View
	search *search.View
	export *exporter.View
	filter *filter.View
	saver  *saveview.View
	help   *help.View
	kinds  *kinds.View
}

// New makes the browser over src.
func New(src Source, opt Options) *Model {
	if opt.Location == nil {
		opt.Location = time.Local
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	m := &Model{ctx: newContext(opt), data: &browserData{src: src, local: opt.Store, q: opt.Question, now: opt.Now, order: api.NewestFirst, shown: listview.New(),
		sync: syncer{run: opt.Sync, last: opt.LastSync, lastFull: opt.LastFull, want: &wanted{r: opt.Question.Filter.Dates}}},
		children: map[uictx.ViewID]uictx.Child{}, focus: listID, spin: spinner.New(spinner.WithSpinner(spinner.Dot))}
	nav := navigator{m}
	m.list = newList(m.ctx, m.data, nav)
	m.detail = detail.New(m.ctx, nav, viewData{m})
	m.search = search.New(m.ctx, nav, viewData{m})
	m.export = exporter.New(m.ctx, nav, viewData{m})
	// One line per view: a new view is its own file and a line here.
	m.add(listID, m.list)
	m.add(detail.ID, m.detail)
	m.add(search.ID, m.search)
	m.add(exporter.ID, m.export)
	m.add(raw.ID, raw.New(m.ctx, nav, viewData{m}))
	m.add(clipboard.ID, clipboard.New(m.ctx, nav, viewData{m}))
	m.filter = filter.New(m.ctx, nav, viewData{m})
	m.add(filter.ID, m.filter)
	m.add(sorter.ID, sorter.New(m.ctx, nav))
	m.add(donors.ID, donors.New(m.ctx, nav, viewData{m}))
	m.kinds = kinds.New(m.ctx, nav, opt.Store, kindPrompts{m})
	m.add(kinds.ID, m.kinds)
	m.add(command.ID, command.New(m.ctx, nav))
	m.add(insights.ID, insights.New(m.ctx, nav, viewData{m}, opt.Store))
	m.add(live.ID, live.New(m.ctx, nav, viewData{m}, opt.Live))
	m.add(logview.ID, logview.New(m.ctx, nav))
	m.help = help.New(m.ctx, nav)
	m.add(help.ID, m.help)
	m.saver = saveview.New(m.ctx, nav, viewData{m}, opt.SaveView, opt.CanSaveView, func() ([]View, int) { return m.views, m.view })
	m.add(saveview.ID, m.saver)
	m.views, m.state = opt.Views, opt.State
	if m.state != nil {
		if s, err := m.state.Load(); err == nil {
			m.restore(s)
		} else {
			m.ctx.Flash = "the remembered view was not read: " + textsafe.Line(uictx.FirstLine(err.Error()))
		}
	}
	m.data.restart()
	m.relayout()
	return m
}

// NewChecked is New for options from a config, whose mistakes it reports
// rather than ignore: a key binding that does not exist or clashes.
func NewChecked(src Source, opt Options) (*Model, error) {
	km := uictx.NewKeyMap()
	if err := km.Remap(opt.Keys); err != nil {
		return nil, fmt.Errorf("[keys]: %w", err)
	}
	m := New(src, opt)
	m.ctx.Keys = km
	return m, nil
}

func (m *Model) add(id uictx.ViewID, c uictx.Child) {
	m.children[id] = c
	m.order = append(m.order, id)
}

func (m *Model) focused() uictx.Child { return m.children[m.focus] }

// Init loads the first page and asks the terminal for its background colour.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.data.fetch(), m.turn(), clock(), tea.RequestBackgroundColor, m.data.sync.start())
}

// open gives the keys to a child, unless it refuses.
func (m *Model) open(id uictx.ViewID) tea.Cmd {
	c, ok := m.children[id]
	if !ok {
		return nil
	}
	cmd, ok := c.Open()
	if ok {
		m.opener, m.focus = m.focus, id
		m.changes = m.data.shown.Changes() // it has just read them
	}
	return cmd
}

func (m *Model) back() { m.focus = listID }

func (m *Model) quit() tea.Cmd {
	m.data.stop()
	m.export.Stop()
	if m.state != nil {
		_ = m.state.Save(m.remember()) // a state not saved only means starting afresh next time
	}
	return tea.Quit
}

// relayout recomputes the regions; cheap enough to do after every message.
func (m *Model) relayout() {
	lay := m.ctx.Layout
	m.ctx.Layout = uictx.NewLayout(lay.Width, lay.Height, m.search.Shown(), m.ctx.HidePane)
}

// Update routes every message: sizes, colours and replies to whoever they
// concern, keys and mouse to the child that has the keys.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := tea.Batch(m.update(msg), m.carryOut())
	m.relayout()
	m.detail.Sync()
	m.data.sync.want.set(m.data.q.Filter.Dates)
	// The list asks the store only when the question, the store or what
	// the screen shows changed: a tick or a key that moves nothing reads
	// nothing (listview.Answer.Show).
	return m, tea.Batch(cmd, m.reread(), m.data.show(m.list.offset, m.ctx.Layout.ListHeight), m.turn())
}

// reread has the focused view read again when the data changed. Changes
// while another view has the keys (the help opened over it) are left for
// it to read when it has them back.
func (m *Model) reread() tea.Cmd {
	r, ok := m.focused().(uictx.Rereader)
	if !ok || m.changes == m.data.shown.Changes() {
		return nil
	}
	m.changes = m.data.shown.Changes()
	return r.Reread()
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.Layout = uictx.NewLayout(msg.Width, msg.Height, m.search.Shown(), m.ctx.HidePane)
		m.export.Resize()
		m.list.moveTo(m.list.cursor)
		return m.list.prefetch()
	case tea.BackgroundColorMsg:
		m.ctx.Background(msg.IsDark())
		return nil
	case spinner.TickMsg:
		return m.onSpin(msg)
	case clockTickMsg:
		return clock()
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.MouseWheelMsg:
		if m.focus == listID && m.ctx.Layout.InPane(msg.Mouse().X) {
			m.detail.Scroll(msg)
			return nil
		}
		return m.focused().Update(msg)
	case tea.MouseClickMsg:
		if m.focus != listID {
			return nil
		}
		return m.list.Update(msg)
	}
	if cmd, ok := m.onReply(msg); ok {
		return cmd
	}
	return m.broadcast(msg)
}

// onReply takes the answers of the root's own commands and what the client
// tells of its requests; ok is false for any other message.
func (m *Model) onReply(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case pageMsg:
		if m.data.onPage(msg) {
			return m.list.onPage(), true
		}
	case listview.SumsMsg:
		cmd, _ := m.data.onAnswer(msg)
		return cmd, true
	case listview.AnsweredMsg, listview.WindowMsg, listview.ExactMsg:
		cmd, _ := m.data.onAnswer(msg)
		return tea.Batch(cmd, m.list.onShown()), true
	case saveview.SavedMsg:
		m.onViewSaved(msg)
	case api.Wait:
		m.onWait(msg)
	case api.Exchange:
		m.ctx.Log.Add(uictx.ExchangeLine(msg, m.ctx.Location()))
	case syncProgressMsg:
		return tea.Batch(m.data.onSyncProgress(m.ctx.Now()), m.data.sync.onProgress(msg)), true
	case recountMsg:
		m.data.onRecount(m.ctx.Now())
	case syncDoneMsg:
		return tea.Batch(m.onSyncDone(msg), m.data.sync.next()), true
	default:
		return nil, false
	}
	return nil, true
}

// onWait says that the client waits on a retry or a rate-limit reset, or
// the spinner would turn for seconds with no reason given.
func (m *Model) onWait(msg api.Wait) {
	line := uictx.WaitLine(msg)
	if msg.Duration > api.LongWait {
		line += " (until " + msg.Until.In(m.ctx.Location()).Format(time.TimeOnly) + ")"
	}
	m.ctx.Flash = line
	m.ctx.Log.Add(msg.Until.Add(-msg.Duration).In(m.ctx.Location()).Format("15:04:05.000") + " " + line)
}

func (m *Model) onSyncDone(msg syncDoneMsg) tea.Cmd {
	changed, note := m.data.sync.onDone(msg, m.ctx.Now())
	if note != "" && msg.err == nil {
		m.ctx.Flash = note
	}
	if msg.err != nil {
		m.data.shown.Refresh() // what it stored before it stopped is kept: show it
	}
	if !changed {
		return nil
	}
	m.data.restart() // the store's rows, with what the sync brought
	return m.data.fetch()
}

// broadcast hands any other message (a child's own reply, a cursor blink) to
// every child: a view's replies reach it whether or not it has the keys.
func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for _, id := range m.order {
		if cmd := m.children[id].Update(msg); cmd != nil {
			cmds = append(cmds, cmd)
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) onKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.ctx.Keys.Quit) {
		return m.quit()
	}
	if h, ok := m.focused().(uictx.Helped); ok && key.Matches(k, m.ctx.Keys.List.Help) && !typing(m.focused()) {
		m.help.From(h)
		return m.open(help.ID)
	}
	if m.focus != listID {
		return m.focused().Update(k)
	}
	m.ctx.Flash = ""
	if key.Matches(k, m.ctx.Keys.List.Back) {
		m.escape()
		return nil
	}
	for _, id := range m.order {
		if key.Matches(k, m.children[id].OpenKey()) {
			return m.open(id)
		}
	}
	return m.list.Update(k)
}

// typing says whether c has a text field focused, where ? is a character.
func typing(c uictx.Child) bool {
	t, ok := c.(uictx.Typing)
	return ok && t.Typing()
}

// escape is Esc on the list: stop loading everything, stop an export, or
// clear the quick search — one level at a time.
func (m *Model) escape() {
	switch {
	case m.data.loadAll:
		m.data.stopLoadingAll()
		m.ctx.Flash = "stopped loading; scroll or press " + m.ctx.Keys.List.Bottom.Keys()[0] + " to go on"
	case m.export.Running():
		m.export.Stop()
	case m.data.q.Has("search"):
		m.search.Clear()
	}
}
