package export

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"donations/api"
	"donations/store"
	"donations/textsafe"
)

// SummaryFormats are the formats `donations summary` writes.
var SummaryFormats = []string{"table", "json", "csv"}

// WriteSummary writes groups, keyed by the names in by, as format: a table
// that fits width, JSON, or CSV with a column per currency. Sums are exact
// decimals, written as text.
func WriteSummary(w io.Writer, format string, by []string, groups []store.Group, width int) error {
	for i := range groups {
		groups[i] = safeGroup(groups[i])
	}
	switch format {
	case "json":
		return summaryJSON(w, by, groups)
	case "csv":
		return summaryCSV(w, by, groups)
	}
	return summaryTable(w, by, groups, width)
}

type summaryEntry struct {
	Group     any               `json:"group"`
	Count     int               `json:"count"`
	Amounts   map[string]string `json:"amounts"`
	Converted map[string]string `json:"converted"`
}

// safeGroup is g with its keys and currency names made safe for a terminal:
// they are the server's text, and a JSON or CSV file is read on one too.
// Currencies that differ only by what was stripped are added together.
func safeGroup(g store.Group) store.Group {
	out := store.Group{Key: make([]string, len(g.Key)), Count: g.Count,
		Amounts: safeSums(g.Amounts), Converted: safeSums(g.Converted)}
	for i, k := range g.Key {
		out.Key[i] = textsafe.Line(k)
	}
	return out
}

func safeSums(m map[string]api.Decimal) map[string]api.Decimal {
	out := make(map[string]api.Decimal, len(m))
	for cur, v := range m {
		safe := textsafe.Line(cur)
		out[safe] = out[safe].Add(v)
	}
	return out
}

func texts(m map[string]api.Decimal) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v.String()
	}
	return out
}

func summaryJSON(w io.Writer, by []string, groups []store.Group) error {
	entries := make([]summaryEntry, 0, len(groups))
	for _, g := range groups {
		var key any = g.Key
		if len(by) == 1 {
			key = g.Key[0]
		}
		entries = append(entries, summaryEntry{Group: key, Count: g.Count, Amounts: texts(g.Amounts), Converted: texts(g.Converted)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // "In Memory & In Honor", not "\u0026"
	return enc.Encode(entries)
}

// currencies lists every currency of one sum across the groups, sorted.
func currencies(groups []store.Group, sums func(store.Group) map[string]api.Decimal) []string {
	var out []string
	for _, g := range groups {
		for cur := range sums(g) {
			if !slices.Contains(out, cur) {
				out = append(out, cur)
			}
		}
	}
	slices.Sort(out)
	return out
}

func amounts(g store.Group) map[string]api.Decimal   { return g.Amounts }
func converted(g store.Group) map[string]api.Decimal { return g.Converted }

func summaryCSV(w io.Writer, by []string, groups []store.Group) error {
	curs, convs := currencies(groups, amounts), currencies(groups, converted)
	cw := csv.NewWriter(w)
	head := append(slices.Clone(by), "count")
	for _, c := range curs {
		head = append(head, "amount "+c)
	}
	for _, c := range convs {
		head = append(head, "converted "+c)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, g := range groups {
		row := make([]string, 0, len(head))
		for _, k := range g.Key {
			row = append(row, Neutralize(k))
		}
		row = append(row, strconv.Itoa(g.Count))
		for _, c := range curs {
			row = append(row, sumText(g.Amounts, c))
		}
		for _, c := range convs {
			row = append(row, sumText(g.Converted, c))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func sumText(m map[string]api.Decimal, cur string) string {
	if v, ok := m[cur]; ok {
		return v.String()
	}
	return ""
}

// joined is a group's sums as one cell: "USD 1,234.50 · EUR 80.00", the
// currencies in order.
func joined(m map[string]api.Decimal) string {
	var parts []string
	for _, cur := range slices.Sorted(maps.Keys(m)) {
		name := cur
		if name == "" {
			name = "?"
		}
		parts = append(parts, name+" "+textsafe.Thousands(m[cur].String()))
	}
	return strings.Join(parts, " · ")
}

// summaryTable writes aligned columns: the keys, the count, the converted
// total, then the amounts per currency, which give way when width is short.
func summaryTable(w io.Writer, by []string, groups []store.Group, width int) error {
	rows := [][]string{append(upper(by), "COUNT", "CONVERTED", "AMOUNTS")}
	for _, g := range groups {
		row := make([]string, 0, len(by)+3)
		for _, k := range g.Key {
			if k == "" {
				k = "—"
			}
			row = append(row, k)
		}
		rows = append(rows, append(row, textsafe.Thousands(strconv.Itoa(g.Count)), joined(g.Converted), joined(g.Amounts)))
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], textsafe.Width(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			switch {
			case i == len(r)-1:
				b.WriteString(c)
			case i == len(by): // the count
				b.WriteString(textsafe.FitRight(c, widths[i]) + "  ")
			default:
				b.WriteString(textsafe.Fit(c, widths[i]) + "  ")
			}
		}
		line := b.String()
		if width > 0 {
			line = textsafe.Truncate(line, width)
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(line, " ")); err != nil {
			return err
		}
	}
	return nil
}

func upper(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ToUpper(strings.ReplaceAll(n, "_", " "))
	}
	return out
}
