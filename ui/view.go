package ui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"donations/api"
	"donations/ask"
	"donations/textsafe"
	"donations/ui/uictx"
)

// View draws the screen around the child that has the keys.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "donations · " + textsafe.Line(m.ctx.Account)
	return v
}

func (m *Model) render() string {
	lay := m.ctx.Layout
	if lay.TooSmall {
		msg := fmt.Sprintf("Terminal %d×%d; donations needs at least %d×%d.\nEnlarge it, or press q to quit.", lay.Width, lay.Height, uictx.MinWidth, uictx.MinHeight)
		return lipgloss.NewStyle().Width(lay.Width).MaxHeight(lay.Height).Render(msg)
	}
	f := m.focused()
	switch {
	case m.kindShown() != "" && f != uictx.Child(m.kinds):
		return m.header() + "\n" + m.underPrompt(m.kinds.View(), f.View())
	case f.Place() == uictx.PlaceScreen:
		return m.header() + "\n" + f.View()
	case f.Place() == uictx.PlacePane && !lay.Wide:
		return m.header() + "\n" + f.View() + "\n" + m.messageLine() + "\n" + m.ctx.KeyLine(f.ShortHelp())
	}
	var b strings.Builder
	b.WriteString(m.header())
	b.WriteString("\n")
	if lay.SearchBar {
		b.WriteString(m.search.View())
		b.WriteString("\n")
	}
	b.WriteString(m.body(f))
	b.WriteString("\n")
	b.WriteString(m.messageLine())
	b.WriteString("\n")
	b.WriteString(m.totalsLine())
	b.WriteString("\n")
	b.WriteString(m.ctx.KeyLine(f.ShortHelp()))
	return b.String()
}

// body is the list, with the detail pane beside it on a wide screen, or the
// whole error when nothing could be loaded.
func (m *Model) body(f uictx.Child) string {
	st, lay := &m.ctx.Styles, m.ctx.Layout
	if !lay.Wide && m.data.err != nil && m.data.Len() == 0 {
		return m.errorPanel()
	}
	list := m.list.render(m.emptyMessage())
	if !lay.Wide {
		return list
	}
	bar, style := "│", st.Border
	if f.Place() == uictx.PlacePane {
		bar, style = "┃", st.Key // the pane has the keys now
	}
	sep := style.Render(bar) // the list's rows end with a blank cell
	left, right := strings.Split(list, "\n"), strings.Split(m.detail.View(), "\n")
	lines := make([]string, lay.ListHeight)
	for i := range lines {
		lines[i] = fitLine(left, i, lay.ListWidth) + sep + fitLine(right, i, lay.PaneWidth)
	}
	return strings.Join(lines, "\n")
}

// fitLine is line i of lines (blank past the end) fitted to w cells as the
// terminal counts them. Not lipgloss.JoinHorizontal: it pads by grapheme
// count, which pushed a row holding a Devanagari name past the screen's edge.
func fitLine(lines []string, i, w int) string {
	if i >= len(lines) {
		return strings.Repeat(" ", w)
	}
	return textsafe.Fit(strings.TrimRight(lines[i], " "), w)
}

// header is the title, the account, the views and the chips, which always
// stay, and on the right what the answer and the store's sync say, in the
// longest form that fits: the sync's line shortens first, then the order
// goes; a number is never cut.
func (m *Model) header() string {
	st, w := &m.ctx.Styles, m.ctx.Layout.Width
	head := st.Title.Render("donations") + " " + st.Muted.Render(textsafe.Line(m.ctx.Account))
	if kind := m.kindShown(); kind != "" {
		return m.kindHeader(head, kind)
	}
	head += m.viewTabs()
	var left, right string
	for _, chips := range m.chipForms() {
		left = head + chips
		right = m.headerRights(func(r string) bool { return textsafe.Width(left)+1+textsafe.Width(r) <= w })
		if textsafe.Width(left)+1+textsafe.Width(right) <= w {
			break
		}
	}
	gap := w - textsafe.Width(left) - textsafe.Width(right)
	if gap < 1 {
		left = textsafe.Truncate(left, max(w-textsafe.Width(right)-1, 0))
		gap = w - textsafe.Width(left) - textsafe.Width(right)
	}
	return left + strings.Repeat(" ", max(gap, 1)) + right
}

// chipForms are the header's filter chips from the longest form to the
// shortest: each as name=value; each as its value alone (the message line
// names the filters, in the same order); then the last ones counted
// ("+2 filters") rather than shown. A value is never cut: a cut one
// (sta…) hid the filter it stood for.
func (m *Model) chipForms() []string {
	st := &m.ctx.Styles
	chips := m.data.q.Chips()
	full, short := make([]string, len(chips)), make([]string, len(chips))
	for i, c := range chips {
		style := st.LocalChip
		if c.Field.Server {
			style = st.Chip
		}
		full[i] = " " + style.Render(c.Field.Chip+"="+textsafe.Line(c.Text))
		short[i] = " " + style.Render(textsafe.Line(c.Text))
	}
	forms := []string{strings.Join(full, ""), strings.Join(short, "")}
	for n := len(chips) - 1; n >= 0; n-- {
		more := len(chips) - n
		forms = append(forms, strings.Join(short[:n], "")+" "+st.Muted.Render("+"+textsafe.Count(more, "filter")))
	}
	return forms
}

// headerRights is the header's right side in the longest of its forms
// that fits, else the shortest; the header is drawn every frame, so the
// forms after the one that fits are not drawn. While a sync tells its
// numbers the partial note, which says the same numbers, is left to the
// footer.
func (m *Model) headerRights(fits func(string) bool) string {
	data := m.data
	count, p := data.countLabel(), data.partial()
	syncs := data.sync.status(m.ctx.Now(), m.ctx.Layout.Width >= 120)
	told := data.sync.running && data.sync.progress.About > 0
	var answer []headerPart
	switch {
	case p != "" && !told && (count == "loading" || !data.q.Filtered() && !data.q.Has("search")):
		answer = []headerPart{{p, true}} // unfiltered, the partial note says the count already
	case p != "" && !told:
		answer = []headerPart{{p, true}, {count, false}}
	case told && !data.q.Filtered() && !data.q.Has("search"):
	default:
		answer = []headerPart{{count, false}}
	}
	var form string
	for _, order := range []string{data.sortLabel(), ""} {
		tail := []headerPart{{order, false}}
		if m.ctx.UTC {
			tail = append(tail, headerPart{"UTC", false})
		}
		for _, s := range append(syncs, "")[:max(len(syncs), 1)] {
			// A sync's numbers stand in the warning colour while the answer is partial.
			if form = m.headerRight(append(append([]headerPart{{s, p != ""}}, answer...), tail...)); fits(form) {
				return form
			}
		}
	}
	return form
}

// headerPart is a piece of the header's right side, in the warning colour
// or muted.
type headerPart struct {
	text string
	warn bool
}

// headerRight joins the pieces that are there, each run of one colour
// rendered as one.
func (m *Model) headerRight(parts []headerPart) string {
	st := &m.ctx.Styles
	var b strings.Builder
	run, warn := "", false
	flush := func() {
		if run != "" {
			style := st.Muted
			if warn {
				style = st.Warn
			}
			b.WriteString(style.Render(run))
		}
	}
	for _, part := range parts {
		if part.text == "" {
			continue
		}
		sep := ""
		if b.Len() > 0 || run != "" {
			sep = " · "
		}
		if part.warn != warn && run != "" {
			flush()
			run = ""
		}
		if part.warn && sep != "" && run == "" {
			b.WriteString(st.Muted.Render(sep))
			sep = ""
		}
		run, warn = run+sep+part.text, part.warn
	}
	flush()
	if m.data.loading {
		return m.spin.View() + " " + b.String()
	}
	return b.String()
}

// emptyMessage is what the list shows in place of rows, over as many
// lines as it takes: the way out it names must not be cut off.
func (m *Model) emptyMessage() string {
	style, text := m.emptyNote()
	return style.Width(max(m.ctx.Layout.ListWidth-1, 1)).Render(text)
}

// emptyNote says why the list is empty, and in what style.
func (m *Model) emptyNote() (lipgloss.Style, string) {
	st, data, keys := &m.ctx.Styles, m.data, &m.ctx.Keys.List
	switch {
	case data.err != nil:
		return st.Error, "Nothing loaded: " + uictx.FirstLine(data.err.Error())
	case data.loading:
		return st.Muted, "Loading…"
	case data.narrowed() && !data.done:
		return st.Muted, "None of the " + uictx.Commas(data.loaded) + " loaded match. " + keys.Bottom.Keys()[0] + " loads every page."
	case !data.done:
		return st.Muted, "Loading…"
	case data.q.Has("search") && data.shown.Hidden() > 0:
		// A search left from before hides what a new filter finds: say so.
		return st.Muted, "The quick search /" + textsafe.Line(data.q.Texts["search"]) + " hides the " +
			textsafe.Count(data.shown.Hidden(), "donation") + " the rest finds. " + keys.Back.Help().Key + " clears it."
	case data.fromStore() && data.partial() != "" && (data.q.Filtered() || data.q.Has("search")):
		// A first sync still under way: say nothing of the account.
		return st.Muted, "None of what the store holds so far matches; it does not hold every donation yet."
	case data.q.Has("search"):
		return st.Muted, "No donation matches the search. " + keys.Back.Help().Key + " clears it."
	case data.q.Filtered():
		none := "No donation matches these filters. "
		if r := data.q.Filter.Dates; !r.IsZero() {
			// An empty month or week: say which dates the words meant.
			none = "No gift " + ask.RangeText(r) + " matches these filters. "
		}
		return st.Muted, none + keys.Filter.Help().Key + " edits them, " + keys.Clear.Help().Key + " clears them." + data.searchHint(keys.Search.Help().Key)
	}
	if data.partial() != "" {
		return st.Muted, "Nothing loaded yet."
	}
	return st.Muted, "This account has no donations yet."
}

// errorPanel is the whole error, with what to do about it, when nothing could
// be loaded.
func (m *Model) errorPanel() string {
	st, lay, keys := &m.ctx.Styles, m.ctx.Layout, &m.ctx.Keys.List
	text := st.Error.Render("Could not load donations") + "\n\n" + textsafe.Block(uictx.ErrorText(m.data.err)) + "\n\n"
	if errors.Is(m.data.err, api.ErrAuth) || errors.Is(m.data.err, api.ErrForbidden) {
		text += textsafe.Block(m.accountSource()) + "\n\n"
	}
	text +=
		m.ctx.KeyLineWidth([]key.Binding{keys.Retry, keys.Filter, keys.Quit}, lay.Width-st.Panel.GetHorizontalFrameSize())
	return st.Panel.Width(lay.Width).Height(lay.ListHeight).MaxHeight(lay.ListHeight).Render(text)
}

// accountSource says where the refused account came from, so the file to
// correct is named.
func (m *Model) accountSource() string {
	if m.ctx.Config == "" {
		return "The account came from the command line and the environment (no config file)."
	}
	return "The account was read from " + m.ctx.Config + "."
}

// messageLine shows, by priority: a prompt that has the keys, the export
// under way, an error, a flash message, a warning about the server, or the
// filters note.
func (m *Model) messageLine() string {
	st, data, keys, w := &m.ctx.Styles, m.data, &m.ctx.Keys.List, m.ctx.Layout.Width
	var s string
	f := m.focused()
	switch {
	case f.Place() == uictx.PlaceMessage && f != uictx.Child(m.list):
		s = f.View()
	case m.export.Running():
		s = m.export.Progress(m.spin.View())
	case data.err != nil || data.sync.err != nil:
		why := data.err
		if why == nil {
			why = fmt.Errorf("sync stopped (what it stored is kept): %w", data.sync.err)
		}
		retry := " · " + keys.Retry.Help().Key + " retries"
		s = st.Error.Render(textsafe.Truncate("⚠ "+uictx.FirstLine(why.Error()), w-textsafe.Width(retry))) + st.Muted.Render(retry)
	case m.ctx.Flash != "":
		s = st.Flash.Render(m.ctx.Flash)
	case len(data.warnings) > 0:
		s = st.Warn.Render("⚠ " + data.warnings[0])
	case data.loadAll:
		s = st.Muted.Render(fmt.Sprintf("Loading every page… %s so far · %s stops", uictx.Commas(data.loaded), keys.Back.Help().Key))
	case data.q.Filtered():
		s = st.Muted.Render(data.filtersNote() + " · " + keys.Filter.Help().Key + " edit · " + keys.Clear.Help().Key + " clear")
	}
	return textsafe.Truncate(s, w)
}
