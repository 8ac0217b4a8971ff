package live

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/rows"
)

// View is the headline (since when, how many new, what they raised, the
// next check and the budget), the new gifts marked ★, and under a rule the
// gifts from before, greyed, as many as the screen holds.
func (v *View) View() string {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	lines := []string{v.headline()}
	if v.err != nil {
		lines = append(lines, st.Error.Render(textsafe.Truncate("⚠ "+uictx.FirstLine(v.err.Error()), lay.Width)))
	}
	// Every row leaves two cells for the ★ of the new ones, so that all
	// columns line up under their titles.
	idW := max(rows.IDWidth(len(v.fresh), func(i int) *uictx.Row { return &v.fresh[i] }), rows.IDWidth(min(v.data.Len(), lay.ScreenHeight), v.data.At))
	cols := rows.Shorter(rows.Columns(lay.Width, v.ctx.Columns, idW), 2)
	q := v.data.Question()
	lines = append(lines, "  "+rows.Header(v.ctx, cols, q.Sort, q.Desc))
	for i := range v.fresh {
		lines = append(lines, st.OK.Render("★ ")+rows.Draw(v.ctx, cols, &v.fresh[i], false))
	}
	lines = append(lines, st.Muted.Render(strings.Repeat("─", 3)+" before Live "+strings.Repeat("─", max(lay.Width-16, 0))))
	for i := 0; len(lines) < lay.ScreenHeight-1 && i < v.data.Len(); i++ {
		if r := v.data.At(i); v.baseline == 0 || r.Summary.ID.Value <= v.baseline {
			lines = append(lines, "  "+st.Muted.Render(ansi.Strip(rows.Draw(v.ctx, cols, r, false))))
		}
	}
	for len(lines) < lay.ScreenHeight-1 {
		lines = append(lines, "")
	}
	return strings.Join(lines[:lay.ScreenHeight-1], "\n") + "\n" + v.ctx.KeyLine(v.ShortHelp())
}

// headline is since when Live watches, how many came and what they
// raised, and when it checks next, fitted to the screen's width.
func (v *View) headline() string {
	st := &v.ctx.Styles
	loc := v.ctx.Location()
	head := st.Title.Render("● Live") + st.Muted.Render(fmt.Sprintf(" since %s · %s new", v.since.In(loc).Format("15:04"), uictx.Commas(v.sums.Count)))
	if r := v.sums.Raised(); r != "" {
		head += st.Muted.Render(" · " + r) // failed and refunded gifts are new too, but raise nothing
	}
	status := "next check " + v.next.In(loc).Format("15:04:05")
	if v.checking {
		status = "checking…"
	}
	if v.opt.Budget != nil {
		if b, ok := v.opt.Budget(); ok {
			status += fmt.Sprintf(" · budget %d of %d", b.Remaining, b.Limit)
		}
	}
	return textsafe.Truncate(head+st.Muted.Render(" · "+status), v.ctx.Layout.Width)
}
