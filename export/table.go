package export

import (
	"bufio"
	"io"
	"strings"

	"donations/api"
	"donations/textsafe"
)

// table prints one aligned row a donation as it arrives. Widths are fixed
// from the terminal width up front, since rows stream and cannot be measured
// first; every cell is sanitised and fitted by display width.
type table struct {
	w      *bufio.Writer
	cols   []tableCol
	header bool
}

type tableCol struct {
	textsafe.Column
	title string
	value func(d *api.Donation) string
}

func tcol(title string, width int, value func(d *api.Donation) string) tableCol {
	return tableCol{Column: textsafe.Column{Width: width}, title: title, value: value}
}

func newTable(w io.Writer, width int) *table {
	if width <= 0 {
		width = 120
	}
	amount := tcol("AMOUNT", 12, func(d *api.Donation) string { return Amount(d.FormattedAmount, d.Amount, d.Currency) })
	amount.Right = true
	cols := []tableCol{
		tcol("ID", 8, func(d *api.Donation) string { return cell(&d.ID) }),
		tcol("DATE (UTC)", 16, tableDate),
		tcol("DONOR", 22, func(d *api.Donation) string { return d.DonorName() }),
		tcol("EMAIL", 28, func(d *api.Donation) string { return d.Email.Value }),
		amount,
		tcol("STATUS", 9, func(d *api.Donation) string { return d.Status.Value }),
		tcol("FORM", 20, func(d *api.Donation) string { return d.FormName.Value }),
	}
	// Give what is left to the donor, e-mail and form, or take from them.
	fixed := 0
	for _, c := range cols {
		fixed += c.Width + 2
	}
	extra := width - fixed
	for _, i := range []int{2, 3, 6} {
		share := extra / 3
		cols[i].Width = max(cols[i].Width+share, 8)
	}
	return &table{w: bufio.NewWriter(w), cols: cols}
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
	t.w.WriteByte('\n')
	return t.w.Flush()
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

func (t *table) Close() error { return t.w.Flush() }
