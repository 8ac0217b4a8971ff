package export

import (
	"fmt"
	"io"
	"maps"
	"strconv"
	"strings"

	"donations/api"
	"donations/report"
	"donations/textsafe"
)

// tableRow is a row's cells: the keys, the count and its share, the
// converted total and its share, then the amounts per currency.
func tableRow(g report.SummaryRow) []string {
	cells := make([]string, 0, len(g.Key)+5)
	for i, k := range g.Key {
		if k == "" && (g.Others == 0 || i == 0) {
			k = "—"
		}
		cells = append(cells, k)
	}
	conv := ""
	if g.ShareConverted != nil {
		conv = shareText(*g.ShareConverted)
	}
	converted := joined(g.Converted)
	if g.NotConverted > 0 {
		converted += unconvertedMark
	}
	return append(cells, textsafe.Thousands(strconv.Itoa(g.Count)), shareText(g.ShareCount),
		converted, conv, joined(g.Amounts))
}

// unconvertedMark marks a converted total that counts gifts in their own
// currency; unconvertedNote says so under the table.
const unconvertedMark = " *"

// unconvertedNote is the line under a table whose total counts gifts the
// server sent no conversion for, or "".
func unconvertedNote(whole report.SummaryRow) string {
	if whole.NotConverted == 0 {
		return ""
	}
	return "* " + textsafe.Count(whole.NotConverted, "gift") + " had no conversion: counted in " +
		"their own currency (" + joined(whole.Unconverted) + ")"
}

// NoNumberNote says how many gifts of whole came with an amount that is
// no number, counted and not added up, or "".
func NoNumberNote(whole report.SummaryRow) string {
	if whole.NoNumber == 0 {
		return ""
	}
	return textsafe.Count(whole.NoNumber, "gift") + " came with an amount that is no number (such as N/A): counted, not added up"
}

// shareText is a share as the table shows it: "12.4%", and "<0.1%" for a
// group too small to show, which 0.0% would deny.
func shareText(p float64) string {
	if p > 0 && p < 0.05 {
		return "<0.1%"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + "%"
}

// summaryTable writes aligned columns, the amounts last, which give way
// when the width is short, then the whole selection's total and its
// recurring part. A first reading of the rows measures the columns.
func summaryTable(w io.Writer, s report.Summary, width int) error {
	by, rows := s.By, s.Rows
	head := append(upper(by), "COUNT", "SHARE", "CONVERTED", "SHARE", "AMOUNTS")
	whole, recurring := s.WholeRows()
	total := totalRow(whole, len(by))
	widths := make([]int, len(head))
	measure := func(r []string) {
		for i, c := range r {
			widths[i] = max(widths[i], textsafe.Width(c))
		}
	}
	measure(head)
	measure(total)
	if err := rows(func(g report.SummaryRow) error { measure(tableRow(g)); return nil }); err != nil {
		return err
	}
	line := func(r []string) error {
		var b strings.Builder
		for i, c := range r {
			switch {
			case i == len(r)-1:
				b.WriteString(c)
			case i >= len(by) && i != len(by)+2: // the count and the shares
				b.WriteString(textsafe.FitRight(c, widths[i]) + "  ")
			default:
				b.WriteString(textsafe.Fit(c, widths[i]) + "  ")
			}
		}
		return fitLine(w, b.String(), width)
	}
	if err := line(head); err != nil {
		return err
	}
	var ties string
	err := rows(func(g report.SummaryRow) error {
		if g.Ties > 0 {
			ties = tieNote(g, s.Order)
		}
		r := tableRow(g)
		for i, c := range r[:len(r)-1] {
			if textsafe.Width(c) > widths[i] {
				return report.ErrChanged
			}
		}
		return line(r)
	})
	if err != nil || total == nil {
		return err
	}
	if ties != "" {
		if err := fitLine(w, ties, width); err != nil {
			return err
		}
	}
	if err := line(total); err != nil {
		return err
	}
	return summaryFooter(w, whole, recurring, width)
}

// totalRow is the table's row for the whole selection, under keys keys'
// columns; nil when nothing was selected.
func totalRow(whole report.SummaryRow, keys int) []string {
	if whole.Count == 0 {
		return nil
	}
	t := whole
	t.Key = make([]string, keys)
	total := tableRow(t)
	total[0] = "total"
	for i := 1; i < keys; i++ {
		total[i] = ""
	}
	return total
}

// summaryFooter writes the lines under the total: the recurring part of
// the whole, and what had no conversion.
func summaryFooter(w io.Writer, whole, recurring report.SummaryRow, width int) error {
	if err := fitLine(w, recurringLine(whole, recurring), width); err != nil {
		return err
	}
	if note := unconvertedNote(whole); note != "" {
		return fitLine(w, note, width)
	}
	return nil
}

// tieNote says that the other row g holds groups that tie the last one
// kept: "2 more tie the last one kept at USD 100.00 (the cut takes ties
// by key)".
func tieNote(g report.SummaryRow, order string) string {
	return fmt.Sprintf("%s more tie the last one kept at %s (the cut takes ties by key)",
		textsafe.Thousands(strconv.Itoa(g.Ties)), figure(*g.Tied, order))
}

// recurringLine says how much of the whole is recurring: "recurring:
// 1,234 of 5,000 (24.7%) · USD 300,000.00 of USD 1,234,567.89 converted
// (24.3%)"; the converted part has no share in several currencies.
func recurringLine(whole, rec report.SummaryRow) string {
	s := fmt.Sprintf("recurring: %s of %s (%s)", textsafe.Thousands(strconv.Itoa(rec.Count)),
		textsafe.Thousands(strconv.Itoa(whole.Count)), shareText(rec.ShareCount))
	if len(whole.Converted) > 0 {
		conv := maps.Clone(rec.Converted)
		for cur := range whole.Converted {
			conv[cur] = conv[cur].Add(api.Decimal{}) // "USD 0.00" where none recurs
		}
		s += " · " + joined(conv) + " of " + joined(whole.Converted) + " converted"
		if rec.ShareConverted != nil {
			s += " (" + shareText(*rec.ShareConverted) + ")"
		}
	}
	return s
}

// fitLine writes s cut to width (0: whole), without trailing spaces.
func fitLine(w io.Writer, s string, width int) error {
	if width > 0 {
		s = textsafe.Truncate(s, width)
	}
	_, err := fmt.Fprintln(w, strings.TrimRight(s, " "))
	return err
}
