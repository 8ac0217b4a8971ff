package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"donations/textsafe"
)

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// View draws the screen for the current mode.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "donations · " + textsafe.Line(m.opt.Account)
	return v
}

func (m *Model) render() string {
	if m.w < minWidth || m.h < minHeight {
		return fmt.Sprintf("The terminal is %d×%d; donations needs at least %d×%d.\nEnlarge the window, or press q to quit.", m.w, m.h, minWidth, minHeight)
	}
	var body string
	switch m.mode {
	case modeHelp:
		return m.header() + "\n" + m.helpScreen()
	case modeRaw:
		return m.header() + "\n" + m.raw.View() + "\n" + m.st.Muted.Render("↑/↓ pgup/pgdn scroll · esc back · q quit")
	case modeFilter:
		body = lipgloss.NewStyle().Width(m.w).Height(m.h-1).MaxHeight(m.h-1).Padding(1, 2).Render(m.filter.view(m.w-4, m.st))
		return m.header() + "\n" + body
	case modeDetail:
		if !m.wide() {
			return m.header() + "\n" + m.detail.View() + "\n" + m.messageLine() + "\n" +
				m.st.Muted.Render("↑/↓ scroll · r raw JSON · y copy · esc back · q quit")
		}
	}
	var b strings.Builder
	b.WriteString(m.header())
	b.WriteString("\n")
	if m.mode == modeSearch || m.searchWords != nil {
		b.WriteString(m.searchLine())
		b.WriteString("\n")
	}
	list := m.renderList(m.listWidth(), m.listHeight())
	if m.wide() {
		bar, style := "│", m.st.Border
		if m.mode == modeDetail {
			bar, style = "┃", m.st.Key // the pane has the keys now
		}
		sep := style.Render(strings.TrimSuffix(strings.Repeat(bar+"\n", m.listHeight()), "\n"))
		pane := lipgloss.NewStyle().Width(m.w - m.listWidth() - 2).Height(m.listHeight()).MaxHeight(m.listHeight()).Render(m.detail.View())
		list = lipgloss.JoinHorizontal(lipgloss.Top, list, " ", sep, pane)
	} else if m.err != nil && len(m.rows) == 0 {
		list = m.errorPanel()
	}
	b.WriteString(list)
	b.WriteString("\n")
	b.WriteString(m.messageLine())
	b.WriteString("\n")
	b.WriteString(m.totalsLine())
	b.WriteString("\n")
	b.WriteString(m.helpLine())
	return b.String()
}

func (m *Model) header() string {
	left := m.st.Title.Render("donations") + " " + m.st.Muted.Render(textsafe.Line(m.opt.Account))
	for _, f := range m.query.Filters() {
		left += " " + m.st.Chip.Render(f.Name+"="+textsafe.Line(f.Value))
	}
	var right string
	n := commas(len(m.rows))
	switch {
	case m.done:
		right = "all " + n + " loaded"
	case len(m.rows) == 0 && m.loading:
		right = "loading"
	case len(m.rows) == 0 && m.err != nil:
		right = "nothing loaded"
	default:
		right = n + " loaded · more"
	}
	right += " · " + m.order.String()
	if m.utc {
		right += " · UTC"
	}
	if m.loading {
		right = m.spin.View() + " " + right
	}
	gap := m.w - textsafe.Width(left) - textsafe.Width(right)
	if gap < 1 {
		left = textsafe.Truncate(left, max(m.w-textsafe.Width(right)-1, 0))
		gap = m.w - textsafe.Width(left) - textsafe.Width(right)
	}
	return left + strings.Repeat(" ", max(gap, 1)) + m.st.Muted.Render(right)
}

func (m *Model) searchLine() string {
	if m.mode == modeSearch {
		return m.search.View() + m.st.Muted.Render(fmt.Sprintf("  %s of %s loaded", commas(len(m.matched)), commas(len(m.rows))))
	}
	return m.st.Key.Render("/ ") + textsafe.Line(m.search.Value()) +
		m.st.Muted.Render(fmt.Sprintf("  %s of %s loaded match · esc clears", commas(len(m.matched)), commas(len(m.rows))))
}

func (m *Model) emptyMessage() string {
	switch {
	case m.err != nil:
		return m.st.Error.Render("Nothing loaded: " + firstLine(m.err.Error()))
	case m.loading || !m.done:
		return m.st.Muted.Render("Loading…")
	case m.searchWords != nil:
		return m.st.Muted.Render("No loaded donation matches the search. G loads every page; esc clears.")
	case m.query.Filtered():
		return m.st.Muted.Render("No donation matches these filters. f edits them, x clears them.")
	}
	return m.st.Muted.Render("This account has no donations yet.")
}

// errorPanel is the full error, with its hints, when nothing could be loaded.
func (m *Model) errorPanel() string {
	text := m.st.Error.Render("Could not load donations") + "\n\n" + textsafe.Block(m.err.Error()) +
		"\n\n" + m.st.Key.Render("R") + " retry · " + m.st.Key.Render("f") + " filters · " + m.st.Key.Render("q") + " quit"
	return lipgloss.NewStyle().Width(m.w).Height(m.listHeight()).MaxHeight(m.listHeight()).Padding(1, 2).Render(text)
}

// messageLine shows, by priority: the export under way, an error, a flash
// message, a warning about the server, or the filters note.
func (m *Model) messageLine() string {
	var s string
	switch {
	case m.mode == modeExportPrompt:
		s = m.exportPath.View() + m.st.Muted.Render("  .csv or .ndjson · enter export · esc cancel")
	case m.export != nil:
		st := m.export
		if st.total > 0 {
			s = fmt.Sprintf("Exporting %s %s/%s · esc stops", m.bar.ViewAs(float64(st.written)/float64(st.total)), commas(st.written), commas(st.total))
		} else {
			s = fmt.Sprintf("%s Exporting… %s written · esc stops", m.spin.View(), commas(st.written))
		}
	case m.err != nil:
		const retry = " · R retries"
		s = m.st.Error.Render(textsafe.Truncate("⚠ "+firstLine(m.err.Error()), m.w-len(retry))) + m.st.Muted.Render(retry)
	case m.flash != "":
		s = m.st.Flash.Render(m.flash)
	case len(m.warnings) > 0:
		s = m.st.Warn.Render("⚠ " + m.warnings[0])
	case m.loadAll:
		s = m.st.Muted.Render(fmt.Sprintf("Loading every page… %s so far · esc stops", commas(len(m.rows))))
	case m.query.Filtered():
		s = m.st.Muted.Render("Filters are applied by the server as typed · f edit · x clear")
	}
	return textsafe.Truncate(s, m.w)
}

func (m *Model) totalsLine() string {
	t := &m.tally
	if len(m.rows) == 0 {
		return ""
	}
	var parts []string
	for _, cur := range sortedKeys(t.totals, func(a, b string) bool { return a < b }) {
		parts = append(parts, textsafe.Line(cur)+" "+grouped(t.totals[cur].String()))
	}
	statuses := sortedKeys(t.statuses, func(a, b string) bool {
		if t.statuses[a] != t.statuses[b] {
			return t.statuses[a] > t.statuses[b]
		}
		return a < b
	})
	var counts []string
	for _, s := range statuses {
		counts = append(counts, m.st.StatusStyle(s).Render(textsafe.Line(s))+" "+commas(t.statuses[s]))
	}
	line := m.st.Label.Render("Σ ") + strings.Join(parts, " · ") + m.st.Muted.Render("  │  ") + strings.Join(counts, " · ")
	return textsafe.Truncate(line, m.w)
}

func (m *Model) helpLine() string {
	m.help.SetWidth(m.w)
	// help.ShortHelpView overflows when its ellipsis does not fit: cut it here.
	return textsafe.Truncate(m.help.ShortHelpView(m.keys.ShortHelp()), m.w)
}

func (m *Model) helpScreen() string {
	m.help.SetWidth(m.w - 4)
	legend := "\n\n" + m.st.Section.Render("List markers") + "\n" +
		"R recurring gift · T tribute (in memory or in honour) · A anonymous gift · — the server sent no value\n\n" +
		m.st.Section.Render("Searching") + "\n" +
		"f  filters sent to the API (e-mail, names, campaign, donation id), as typed\n" +
		"/  quick search over the loaded rows, ignoring case and accents\n\n" +
		m.st.Muted.Render("Press any key to go back.")
	return lipgloss.NewStyle().Width(m.w).MaxHeight(m.h-1).Padding(1, 2).Render(m.help.FullHelpView(m.keys.FullHelp()) + legend)
}
