package export

import (
	"io"
	"strings"

	"donations/api"
	"donations/textsafe"
)

// table prints one aligned row a donation as it arrives. Widths are fixed
// from the terminal width up front, since rows stream and cannot be measured
// first; every cell is sanitised and fitted by display width.
type table struct {
	buffered
	cols   []tableCol
	header bool
}

type tableCol struct {
	textsafe.Column
	title string
	value func(d *api.Donation) string
	// keep ranks the column: when the terminal is too narrow for every
	// column at its narrowest, the one with the highest keep goes first.
	keep int
	// flex columns start at Width, their narrowest, and share what is left.
	flex bool
}

func tcol(title string, width, keep int, flex bool, value func(d *api.Donation) string) tableCol {
	return tableCol{Column: textsafe.Column{Width: width}, title: title, value: value, keep: keep, flex: flex}
}

const tableGap = 2 // spaces between columns

func newTable(w io.Writer, width int) *table {
	if width <= 0 {
		width = 120
	}
	amount := tcol("AMOUNT", 12, 1, false, func(d *api.Donation) string { return Amount(d.FormattedAmount, d.Amount, d.Currency) })
	amount.Right = true
	cols := []tableCol{
		tcol("ID", 8, 4, false, func(d *api.Donation) string { return cell(&d.ID) }),
		tcol("DATE (UTC)", 16, 2, false, tableDate),
		tcol("DONOR", 12, 0, true, func(d *api.Donation) string { return d.DonorName() }),
		tcol("EMAIL", 22, 3, true, func(d *api.Donation) string { return d.Email.Value }),
		amount,
		tcol("STATUS", 9, 5, false, func(d *api.Donation) string { return d.Status.Value }),
		tcol("FORM", 10, 6, true, func(d *api.Donation) string { name, _ := FormOrCampaign(d.FormName, d.CampaignName); return name.Value }),
	}
	return &table{buffered: newBuffered(w), cols: fitColumns(cols, width)}
}

// FormOrCampaign is what a FORM column shows: the form the gift came
// through or, where the server names none (servers that nest the campaign,
// as Donorbox does, send no form_name), its campaign, the same grouping of
// gifts under the platform's name; isCampaign says which. The list's table,
// the browser's list and its detail show the same.
func FormOrCampaign(form, campaign api.Text) (name api.Text, isCampaign bool) {
	if strings.TrimSpace(form.Value) == "" && campaign.Value != "" {
		return campaign, true
	}
	return form, false
}

// fitColumns makes a row of cols at most width cells: it drops the columns
// least worth keeping until the rest fit at their narrowest, then shares what
// is left among the flexible ones. The donor is always kept, cut if it must.
func fitColumns(cols []tableCol, width int) []tableCol {
	used := func() int {
		n := 0
		for _, c := range cols {
			n += c.Width + tableGap
		}
		return n - tableGap
	}
	for len(cols) > 1 && used() > width {
		drop := 0
		for i, c := range cols {
			if c.keep > cols[drop].keep {
				drop = i
			}
		}
		cols = append(cols[:drop:drop], cols[drop+1:]...)
	}
	if len(cols) == 1 {
		cols[0].Width = max(width, 1)
		return cols
	}
	var flex []int
	for i, c := range cols {
		if c.flex {
			flex = append(flex, i)
		}
	}
	for extra, i := width-used(), 0; extra > 0 && len(flex) > 0; extra, i = extra-1, i+1 {
		cols[flex[i%len(flex)]].Width++
	}
	return cols
}

func tableDate(d *api.Donation) string {
	if t, ok := api.Time(d.DonationDate); ok {
		return t.UTC().Format("2006-01-02 15:04")
	}
	return d.DonationDate.Value
}

// Amount is a gift's amount as people read it: the server's formatted text,
// or the decimal and the currency; "" when the server sent neither. The
// table and the browser's list both show it.
func Amount(formatted api.Text, amount api.Number, currency api.Text) string {
	if formatted.Value != "" {
		return formatted.Value
	}
	if !amount.Valid {
		return ""
	}
	return strings.TrimSpace(amount.Text + " " + strings.ToUpper(currency.Value))
}

func (t *table) line(cells func(c tableCol) string) error {
	var b strings.Builder
	for i, c := range t.cols {
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(c.Fit(textsafe.Line(cells(c))))
	}
	t.w.WriteString(strings.TrimRight(b.String(), " "))
	return t.w.WriteByte('\n')
}

func (t *table) Write(d *api.Donation) error {
	if !t.header {
		t.header = true
		if err := t.line(func(c tableCol) string { return c.title }); err != nil {
			return err
		}
	}
	return t.line(func(c tableCol) string { return c.value(d) })
}

func (t *table) Close() error { return t.Flush() }
