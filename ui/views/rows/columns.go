package rows

import (
	"strings"

	"donations/export"
	"donations/textsafe"
	"donations/ui/uictx"
)

// Col is one column of the list; flexible columns share the width left.
type Col struct {
	textsafe.Column
	Title string
	Sort  string // the store's sort key for the column; "" if none
	Flex  bool
	cell  func(ctx *uictx.Context, r *uictx.Row) string
}

func dateCell(ctx *uictx.Context, r *uictx.Row) string {
	return uictx.When(r.Summary.Date, ctx.Location(), "2006-01-02 15:04")
}

func flagsCell(_ *uictx.Context, r *uictx.Row) string {
	f := []byte("   ")
	if r.Summary.Recurring.Value {
		f[0] = 'R'
	}
	if r.Summary.Tribute {
		f[1] = 'T'
	}
	if r.Summary.Anonymous.Value {
		f[2] = 'A'
	}
	return string(f)
}

// formCell is the form the gift came through or, where none, its campaign
// (export.FormOrCampaign).
func formCell(_ *uictx.Context, r *uictx.Row) string {
	name, _ := export.FormOrCampaign(r.Summary.FormName, r.Summary.CampaignName)
	return uictx.Show(name)
}

func col(title, sort string, width int, cell func(ctx *uictx.Context, r *uictx.Row) string) Col {
	return Col{Column: textsafe.Column{Width: width}, Title: title, Sort: sort, cell: cell}
}

// idColW is the ID column's usual width: ids of up to seven digits.
const idColW = 7

// Columns fits the list's columns to width, dropping the least needed first:
// the e-mail goes last, since it tells apart donors of the same name; the
// markers go before the status, which at 120 columns beside the detail then
// still shows (the detail says recurring, tribute and anonymous in words).
// The ID column widens to idW, the widest id on screen (IDWidth), where the
// width allows; where it does not, it is the first to give way. names are
// the columns a config keeps, by Names; none keeps them all.
func Columns(width int, names []string, idW int) []Col {
	flex := func(c Col) Col { c.Flex = true; return c }
	right := func(c Col) Col { c.Right = true; return c }
	cols := []Col{
		right(col("ID", "id", max(idW, idColW), func(_ *uictx.Context, r *uictx.Row) string { return uictx.ShowInt(r.Summary.ID) })),
		col("DATE", "date", 16, dateCell),
		flex(col("DONOR", "name", 14, func(_ *uictx.Context, r *uictx.Row) string { return uictx.DonorName(&r.Summary) })),
		flex(col("E-MAIL", "email", 16, func(_ *uictx.Context, r *uictx.Row) string { return uictx.Show(r.Summary.Email) })),
		right(col("AMOUNT", "amount", 12, func(_ *uictx.Context, r *uictx.Row) string { return uictx.Amount(&r.Summary) })),
		col("STATUS", "status", 9, func(_ *uictx.Context, r *uictx.Row) string { return uictx.Show(r.Summary.Status) }),
		flex(col("FORM", "form", 12, formCell)),
		col("RTA", "", 3, flagsCell),
	}
	cols = choose(cols, names)
	used := func() int {
		n := 0
		for _, c := range cols {
			n += c.Width + 1
		}
		return n
	}
	if used() > width {
		for i := range cols {
			if cols[i].Title == "ID" {
				cols[i].Width = idColW
			}
		}
	}
	for _, t := range []string{"ID", "FORM", "RTA", "STATUS", "E-MAIL"} {
		if used() <= width {
			break
		}
		for i, c := range cols {
			if c.Title == t {
				cols = append(cols[:i], cols[i+1:]...)
				break
			}
		}
	}
	nflex := 0
	for _, c := range cols {
		if c.Flex {
			nflex++
		}
	}
	extra := width - used()
	for i := range cols {
		if cols[i].Flex && nflex > 0 {
			share := extra / nflex
			cols[i].Width += share
			extra -= share
			nflex--
		}
	}
	return cols
}

// IDWidth is the width the ID column needs for the first n rows of at.
func IDWidth(n int, at func(i int) *uictx.Row) int {
	w := 0
	for i := range n {
		w = max(w, textsafe.Width(uictx.ShowInt(at(i).Summary.ID)))
	}
	return w
}

// Shorter gives the last flexible column n cells less, for a marker in front.
func Shorter(cols []Col, n int) []Col {
	out := append([]Col(nil), cols...)
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Flex && out[i].Width > n {
			out[i].Width -= n
			break
		}
	}
	return out
}

// Names are the list's columns, by the names a config's columns setting
// gives them.
var Names = []string{"id", "date", "donor", "email", "amount", "status", "form", "flags"}

// choose keeps the named columns, in the order named; none named keeps
// them all.
func choose(cols []Col, names []string) []Col {
	if len(names) == 0 {
		return cols
	}
	var out []Col
	for _, n := range names {
		for _, c := range cols {
			if name(c) == n {
				out = append(out, c)
			}
		}
	}
	return out
}

func name(c Col) string {
	switch c.Title {
	case "DONOR":
		return "donor"
	case "E-MAIL":
		return "email"
	case "RTA":
		return "flags"
	}
	return strings.ToLower(c.Title)
}
