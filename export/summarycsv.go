package export

import (
	"encoding/csv"
	"io"
	"maps"
	"slices"
	"strconv"

	"donations/api"
	"donations/report"
)

// currencySets are every currency of the amounts and of the conversions
// across the rows, sorted: the CSV's columns.
func currencySets(rows rows) (curs, convs []string, err error) {
	seen := [2]map[string]bool{{}, {}}
	err = rows(func(g report.SummaryRow) error {
		for i, m := range []map[string]api.Decimal{g.Amounts, g.Converted} {
			for cur := range m {
				seen[i][cur] = true
			}
		}
		return nil
	})
	return slices.Sorted(maps.Keys(seen[0])), slices.Sorted(maps.Keys(seen[1])), err
}

// summaryCSV writes the keys, the count, a column per currency of the
// amounts and of the conversions, then the shares (percent, two decimals;
// share_converted empty where summaryEntry's is null).
func summaryCSV(w io.Writer, by []string, rows rows) error {
	curs, convs, err := currencySets(rows)
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
	head = append(head, "share_count", "share_converted")
	if err := cw.Write(head); err != nil {
		return err
	}
	err = rows(func(g report.SummaryRow) error {
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
					return report.ErrChanged
				}
			}
			for _, c := range sums.curs {
				row = append(row, sumText(sums.m, c))
			}
		}
		row = append(row, strconv.FormatFloat(g.ShareCount, 'f', 2, 64), "")
		if g.ShareConverted != nil {
			row[len(row)-1] = strconv.FormatFloat(*g.ShareConverted, 'f', 2, 64)
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
