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
	title string
	width int
	right bool
	value func(d *api.Donation) string
}

func newTable(w io.Writer, width int) *table {
	if width <= 0 {
		width = 120
	}
	cols := []tableCol{
		{title: "ID", width: 8, value: integer(func(d *api.Donation) api.Int { return d.ID })},
		{title: "DATE (UTC)", width: 16, value: tableDate},
		{title: "DONOR", width: 22, value: func(d *api.Donation) string { return d.DonorName() }},
		{title: "EMAIL", width: 28, value: text(func(d *api.Donation) api.Text { return d.Email })},
		{title: "AMOUNT", width: 12, right: true, value: tableAmount},
		{title: "STATUS", width: 9, value: text(func(d *api.Donation) api.Text { return d.Status })},
		{title: "FORM", width: 20, value: text(func(d *api.Donation) api.Text { return d.FormName })},
	}
	// Give what is left to the donor, e-mail and form, or take from them.
	fixed := 0
	for _, c := range cols {
		fixed += c.width + 2
	}
	extra := width - fixed
	for _, i := range []int{2, 3, 6} {
		share := extra / 3
		cols[i].width = max(cols[i].width+share, 8)
	}
	return &table{w: bufio.NewWriter(w), cols: cols}
}

func tableDate(d *api.Donation) string {
	if t, ok := api.Time(d.DonationDate); ok {
		return t.UTC().Format("2006-01-02 15:04")
	}
	return d.DonationDate.Value
}

func tableAmount(d *api.Donation) string {
	if d.FormattedAmount.Value != "" {
		return d.FormattedAmount.Value
	}
	return strings.TrimSpace(d.Amount.Text + " " + strings.ToUpper(d.Currency.Value))
}

func (t *table) line(cells func(c tableCol) string) error {
	var b strings.Builder
	for i, c := range t.cols {
		if i > 0 {
			b.WriteString("  ")
		}
		s := textsafe.Line(cells(c))
		if c.right {
			b.WriteString(textsafe.FitRight(s, c.width))
		} else {
			b.WriteString(textsafe.Fit(s, c.width))
		}
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
