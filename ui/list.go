package ui

import (
	"strings"

	"donations/textsafe"
)

// listCol is one column of the list; flexible columns share the width left.
type listCol struct {
	title string
	width int
	flex  bool
	right bool
	cell  func(m *Model, r *row) string
}

func dateCell(m *Model, r *row) string {
	return when(r.s.Date, m.location(), "2006-01-02 15:04")
}

func flagsCell(_ *Model, r *row) string {
	f := []byte("   ")
	if r.s.Recurring.Value {
		f[0] = 'R'
	}
	if r.s.Tribute {
		f[1] = 'T'
	}
	if r.s.Anonymous.Value {
		f[2] = 'A'
	}
	return string(f)
}

// columns fits the list's columns to width, dropping the least needed first.
func columns(width int) []listCol {
	cols := []listCol{
		{title: "DATE", width: 16, cell: dateCell},
		{title: "DONOR", width: 14, flex: true, cell: func(_ *Model, r *row) string { return donorName(&r.s) }},
		{title: "E-MAIL", width: 16, flex: true, cell: func(_ *Model, r *row) string { return show(r.s.Email) }},
		{title: "AMOUNT", width: 12, right: true, cell: func(_ *Model, r *row) string { return amount(&r.s) }},
		{title: "STATUS", width: 9, cell: func(_ *Model, r *row) string { return show(r.s.Status) }},
		{title: "FORM", width: 12, flex: true, cell: func(_ *Model, r *row) string { return show(r.s.FormName) }},
		{title: "RTA", width: 3, cell: flagsCell},
	}
	drop := func(title string) {
		for i, c := range cols {
			if c.title == title {
				cols = append(cols[:i], cols[i+1:]...)
				return
			}
		}
	}
	used := func() int {
		n := 0
		for _, c := range cols {
			n += c.width + 1
		}
		return n
	}
	for _, t := range []string{"FORM", "E-MAIL", "RTA", "STATUS"} {
		if used() <= width {
			break
		}
		drop(t)
	}
	flex := 0
	for _, c := range cols {
		if c.flex {
			flex++
		}
	}
	extra := width - used()
	for i := range cols {
		if cols[i].flex && flex > 0 {
			share := extra / flex
			cols[i].width += share
			extra -= share
			flex--
		}
	}
	return cols
}

func (m *Model) renderHeaderRow(cols []listCol) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		if c.right {
			b.WriteString(textsafe.FitRight(c.title, c.width))
		} else {
			b.WriteString(textsafe.Fit(c.title, c.width))
		}
	}
	return m.st.Header.Render(b.String())
}

func (m *Model) renderRow(cols []listCol, r *row, selected bool) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		v := c.cell(m, r)
		if c.right {
			v = textsafe.FitRight(v, c.width)
		} else {
			v = textsafe.Fit(v, c.width)
		}
		// The selected line is drawn in reverse as a whole: inner colours would
		// end the reverse video half-way.
		if c.title == "STATUS" && !selected {
			v = m.st.StatusStyle(r.s.Status.Value).Render(v)
		}
		b.WriteString(v)
	}
	if selected {
		return m.st.Selected.Render(b.String())
	}
	return b.String()
}

// renderList draws the visible rows only: the cost follows the screen, not
// what is loaded.
func (m *Model) renderList(width, height int) string {
	cols := columns(width)
	lines := make([]string, 0, height)
	lines = append(lines, m.renderHeaderRow(cols))
	n := m.visibleCount()
	for i := m.offset; i < n && len(lines) < height; i++ {
		lines = append(lines, m.renderRow(cols, m.visibleRow(i), i == m.cursor))
	}
	if n == 0 && len(lines) < height {
		lines = append(lines, m.emptyMessage())
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}
