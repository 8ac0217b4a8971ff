package kinds

import (
	"fmt"
	"strings"

	"donations/dataset"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/raw"
)

// barWidth is the cells of a campaign's progress bar; its percent follows.
const barWidth = 10

func (v *View) View() string {
	lay := v.ctx.Layout
	lines := []string{v.title()}
	switch {
	case v.spec == nil:
	case v.mode != listMode:
		v.vp.SetWidth(lay.Width)
		v.vp.SetHeight(max(lay.ScreenHeight-2, 1))
		lines = append(lines, strings.Split(v.vp.View(), "\n")...)
	default:
		lines = append(lines, v.list()...)
	}
	for len(lines) < lay.ScreenHeight-1 {
		lines = append(lines, "")
	}
	lines = lines[:max(lay.ScreenHeight-1, 0)]
	last := v.ctx.KeyLineEnding(v.ShortHelp(), v.shortEnds())
	switch {
	case v.searching:
		last = textsafe.Truncate(v.ctx.InputView(&v.search), lay.Width)
	case v.ctx.Flash != "": // what the export or a jump said
		last = v.ctx.Styles.Flash.Render(textsafe.Truncate(textsafe.Line(v.ctx.Flash), lay.Width))
	}
	return strings.Join(lines, "\n") + "\n" + last
}

// title names the kind, how many are shown of how many held, the sort
// and the filters in force.
func (v *View) title() string {
	st := &v.ctx.Styles
	if v.spec == nil {
		return st.Muted.Render("no kind shown: press : and name one")
	}
	parts := []string{st.Title.Render(v.spec.title)}
	switch {
	case v.loading && v.have.Read.IsZero():
		parts = append(parts, st.Muted.Render("reading…"))
	case !v.have.Read.IsZero() && !v.have.None:
		count := uictx.Commas(len(v.items))
		if len(v.chips()) > 0 {
			count += " of " + uictx.Commas(v.have.Records)
		}
		if v.unread > 0 {
			count += " (" + uictx.Commas(v.unread) + " left out: next date unread)"
		}
		parts = append(parts, st.Muted.Render(count), st.Muted.Render(v.sortName()))
		for _, c := range v.chips() {
			parts = append(parts, st.Chip.Render(textsafe.Line(c)))
		}
	}
	if v.note != "" {
		parts = append(parts, st.Warn.Render(v.note))
	}
	if v.mode != listMode {
		if it := v.selected(); it != nil {
			parts = append(parts, st.Muted.Render("· id "+uictx.Itoa(it.id)))
		}
	}
	return textsafe.Truncate(strings.Join(parts, "  "), v.ctx.Layout.Width)
}

// list is the column titles and the records on screen, or the one line
// that says why there are none.
func (v *View) list() []string {
	st, w := &v.ctx.Styles, v.ctx.Layout.Width
	if why := v.none(); why != "" {
		style := st.Muted
		if v.err != nil {
			style = st.Error
		}
		return []string{style.Render(textsafe.Truncate(why, w))}
	}
	cols := fit(v.spec.columns, w)
	var head strings.Builder
	for i, c := range cols {
		if i > 0 {
			head.WriteByte(' ')
		}
		head.WriteString(c.Fit(c.title))
	}
	lines := []string{st.Header.Render(head.String())}
	for i := v.offset; i < v.offset+v.height() && i < len(v.items); i++ {
		line := v.row(cols, &v.items[i])
		if i == v.cursor {
			line = st.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	return lines
}

// none says, in one line, why no record is listed: the server has no such
// kind, it was not read yet, the read failed, or none is as asked; "" when
// there are records.
func (v *View) none() string {
	k := v.spec.kind
	switch {
	case v.err != nil:
		return "⚠ " + uictx.FirstLine(v.err.Error())
	case v.loading && v.have.Read.IsZero() && !v.have.None:
		return "Reading…"
	case v.have.None:
		return dataset.NoKindLine(k)
	case v.have.Read.IsZero():
		return "no " + k.Name + " read yet: run  donations sync"
	case len(v.items) == 0 && len(v.chips()) > 0:
		return fmt.Sprintf("none of the %s held is as asked · %s clears", textsafe.Count(v.have.Records, strings.TrimSuffix(k.Name, "s")), v.keys.Clear.Help().Key)
	case len(v.items) == 0:
		return "the server has no " + k.Name + " (it listed none)"
	}
	return ""
}

// fitted is a column at the width it is drawn.
type fitted struct {
	textsafe.Column
	title, cell string
}

// fit lays cols out in width: the last go first while they do not fit,
// and the growing ones share what is left.
func fit(cols []column, width int) []fitted {
	n := len(cols)
	used := func() int {
		u := 0
		for _, c := range cols[:n] {
			u += c.width + 1
		}
		return u
	}
	for n > 1 && used() > width {
		n--
	}
	grow := 0
	for _, c := range cols[:n] {
		if c.grow {
			grow++
		}
	}
	extra := max(0, width-used())
	out := make([]fitted, n)
	for i, c := range cols[:n] {
		w := c.width
		if c.grow && grow > 0 {
			share := extra / grow
			w, extra, grow = w+share, extra-share, grow-1
		}
		out[i] = fitted{Column: textsafe.Column{Width: w, Right: c.right}, title: c.title, cell: c.cell}
	}
	return out
}

func (v *View) row(cols []fitted, it *item) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		cell := textsafe.Line(it.cells[c.cell])
		if c.cell == "progress" {
			cell = progress(it, c.Width)
		}
		b.WriteString(c.Fit(cell))
	}
	return b.String()
}

// progress is a campaign's bar toward its goal with the percent after it,
// so that it reads without colour; a campaign past its goal fills the bar.
func progress(it *item, width int) string {
	if !it.hasGoal {
		return "no goal"
	}
	pct := percent(it)
	bar := max(0, min(barWidth, width-6))
	full := min(bar, int(int64(bar)*it.raised/it.goal))
	return strings.Repeat("█", full) + strings.Repeat("░", bar-full) + fmt.Sprintf(" %3d%%", pct)
}

// percent is how much of its goal a campaign raised, rounded down.
func percent(it *item) int64 { return max(0, it.raised*100/it.goal) }

// progressWords is a campaign's progress in the detail's words.
func progressWords(it *item) string {
	if !it.hasGoal {
		return "no goal set"
	}
	pct := percent(it)
	if pct >= 100 {
		return fmt.Sprintf("%d%% of the goal: reached", pct)
	}
	return fmt.Sprintf("%d%% of the goal", pct)
}

// fill puts the selected record's fields or raw JSON in the viewport, from
// the top.
func (v *View) fill() {
	it := v.selected()
	if it == nil {
		v.mode = listMode
	}
	if v.mode == listMode {
		return
	}
	if v.mode == rawMode {
		v.vp.SetContent(raw.Record(it.raw))
		v.vp.GotoTop()
		return
	}
	wide := 0
	for _, f := range it.fields {
		wide = max(wide, textsafe.Width(f[0]))
	}
	st := &v.ctx.Styles
	var b strings.Builder
	for _, f := range it.fields {
		b.WriteString(st.Label.Render(textsafe.Fit(f[0], wide)) + "  " + textsafe.Line(f[1]) + "\n")
	}
	v.vp.SetContent(strings.TrimSuffix(b.String(), "\n"))
	v.vp.GotoTop()
}
