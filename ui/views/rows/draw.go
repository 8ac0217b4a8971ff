package rows

import (
	"strings"

	"donations/ui/uictx"
)

// Header is the column titles, the one sorted by (sort, "" by date) with
// its direction.
func Header(ctx *uictx.Context, cols []Col, sort string, desc bool) string {
	var b strings.Builder
	if sort == "" {
		sort = "date"
	}
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		title := c.Title
		if c.Sort == sort {
			arrow := "↑"
			if desc {
				arrow = "↓"
			}
			if c.Right {
				title = arrow + title
			} else {
				title += arrow
			}
		}
		b.WriteString(c.Fit(title))
	}
	return ctx.Styles.Header.Render(b.String())
}

// Draw is r in cols, in reverse video when selected.
func Draw(ctx *uictx.Context, cols []Col, r *uictx.Row, selected bool) string {
	st := &ctx.Styles
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		v := c.Fit(c.cell(ctx, r))
		// The selected line is drawn in reverse as a whole: inner colours would
		// end the reverse video half-way.
		if c.Title == "STATUS" && !selected {
			v = st.StatusStyle(r.Summary.Status.Value).Render(v)
		}
		b.WriteString(v)
	}
	if selected {
		return st.Selected.Render(b.String())
	}
	return b.String()
}
