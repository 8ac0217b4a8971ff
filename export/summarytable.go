package export

import (
	"encoding/csv"
	"errors"
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

// errChanged stops a summary whose second reading of the groups met a
// currency the first did not: a sync wrote the store in between.
var errChanged = errors.New("the store changed while the summary was written (a sync ran); run it again")

// currencySets are every currency of the amounts and of the conversions
// across the groups, sorted: the CSV's columns.
func currencySets(groups Groups) (curs, convs []string, err error) {
	seen := [2]map[string]bool{{}, {}}
	err = groups(func(g store.Group) error {
		for i, m := range []map[string]api.Decimal{g.Amounts, g.Converted} {
			for cur := range m {
				seen[i][cur] = true
			}
		}
		return nil
	})
	return slices.Sorted(maps.Keys(seen[0])), slices.Sorted(maps.Keys(seen[1])), err
}

func summaryCSV(w io.Writer, by []string, groups Groups) error {
	curs, convs, err := currencySets(groups)
	if err != nil {
		return err
	}
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
	err = groups(func(g store.Group) error {
		row := make([]string, 0, len(head))
		for _, k := range g.Key {
			row = append(row, Neutralize(k))
		}
		row = append(row, strconv.Itoa(g.Count))
		for _, sums := range []struct {
			m    map[string]api.Decimal
			curs []string
		}{{g.Amounts, curs}, {g.Converted, convs}} {
			for cur := range sums.m {
				if !slices.Contains(sums.curs, cur) {
					return errChanged
				}
			}
			for _, c := range sums.curs {
				row = append(row, sumText(sums.m, c))
			}
		}
		return cw.Write(row)
	})
	if err != nil {
		return err
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

// tableRow is a group's cells: the keys, the count, the converted total,
// then the amounts per currency.
func tableRow(g store.Group) []string {
	row := make([]string, 0, len(g.Key)+3)
	for _, k := range g.Key {
		if k == "" {
			k = "—"
		}
		row = append(row, k)
	}
	return append(row, textsafe.Thousands(strconv.Itoa(g.Count)), joined(g.Converted), joined(g.Amounts))
}

// summaryTable writes aligned columns, the amounts last, which give way
// when width is short. A first reading of the groups measures the columns.
func summaryTable(w io.Writer, by []string, groups Groups, width int) error {
	head := append(upper(by), "COUNT", "CONVERTED", "AMOUNTS")
	widths := make([]int, len(head))
	measure := func(r []string) {
		for i, c := range r {
			widths[i] = max(widths[i], textsafe.Width(c))
		}
	}
	measure(head)
	if err := groups(func(g store.Group) error { measure(tableRow(g)); return nil }); err != nil {
		return err
	}
	line := func(r []string) error {
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
		s := b.String()
		if width > 0 {
			s = textsafe.Truncate(s, width)
		}
		_, err := fmt.Fprintln(w, strings.TrimRight(s, " "))
		return err
	}
	if err := line(head); err != nil {
		return err
	}
	return groups(func(g store.Group) error {
		r := tableRow(g)
		for i, c := range r[:len(r)-1] {
			if textsafe.Width(c) > widths[i] {
				return errChanged
			}
		}
		return line(r)
	})
}
