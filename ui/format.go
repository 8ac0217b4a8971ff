package ui

import (
	"errors"
	"strconv"
	"time"

	"donations/api"
	"donations/export"
	"donations/textsafe"
)

const missing = "—"

// show is a field's text, made safe for the terminal, or "—" when the server
// sent nothing (null or no field) — an empty string is shown as empty.
func show(t api.Text) string {
	if !t.Valid {
		return missing
	}
	return textsafe.Line(t.Value)
}

func showInt(n api.Int) string {
	if !n.Valid {
		return missing
	}
	return itoa64(n.Value)
}

func showNumber(n api.Number) string {
	if !n.Valid {
		return missing
	}
	return textsafe.Line(n.Text)
}

func showFlag(f api.Flag) string {
	switch {
	case !f.Valid:
		return missing
	case f.Value:
		return "yes"
	}
	return "no"
}

// when formats a timestamp field in loc, with the zone's name.
func when(t api.Text, loc *time.Location, layout string) string {
	v, ok := api.Time(t)
	if !ok {
		return show(t)
	}
	return v.In(loc).Format(layout)
}

// donorName is the donor as the list shows it, or "—".
func donorName(d *api.Summary) string {
	name := textsafe.Line(d.DonorName())
	if name == "" {
		name = missing
	}
	return name
}

// amount is the gift's amount as the list and detail show it, or "—".
func amount(d *api.Summary) string {
	a := textsafe.Line(export.Amount(d.FormattedAmount, d.Amount, d.Currency))
	if a == "" {
		return missing
	}
	return a
}

func commas(n int) string { return grouped(strconv.Itoa(n)) }

// grouped writes a decimal with thousands separators: 109398.00 → 109,398.00.
func grouped(dec string) string { return textsafe.Thousands(dec) }

// errorText is an error in full for the error panel: its one line, then what
// to do about it when the client knows.
func errorText(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		if h := e.Hint(); h != "" {
			return textsafe.Block(err.Error() + "\n" + h)
		}
	}
	return textsafe.Block(err.Error())
}
