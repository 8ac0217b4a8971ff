package export

import (
	"io"
	"maps"
	"slices"
	"strings"

	"donations/api"
	"donations/report"
	"donations/store"
	"donations/textsafe"
)

// SummaryFormats are the formats `donations summary` writes.
var SummaryFormats = []string{"table", "json", "csv"}

// Groups calls fn with each group, in key order: store.EachGroup over one
// question. The table and CSV read the rows twice (their widths and columns
// are known once every group is seen), so in key order no format holds
// every group.
type Groups func(fn func(store.Group) error) error

// Summary is what WriteSummary writes.
type Summary struct {
	By     []string // the keys' names
	Groups Groups
	// Whole is every donation the question selects: each group's shares
	// are of it, and the table ends with its total and recurring part.
	Whole store.Whole
	// Order and Desc put the groups in order (see store.SortGroups): by
	// key ascending they stream, in any other order they are held.
	Order string
	Desc  bool
	// Top keeps the first Top groups and adds up the rest in one "other"
	// row, so that the total stays whole; 0 keeps every group.
	Top   int
	Width int // the table fits it; 0 does not cut
	// Fresh says that each reading of Groups reads new groups, whose maps
	// no one else holds (as store.EachGroup's): a summary that keeps none
	// past its row, in key order and whole, gives them back once written
	// (store.Release) for the groups after them.
	Fresh bool
}

// WriteSummary writes s as format: a table, JSON, or CSV with a column per
// currency. Sums are exact decimals, written as text; every key and
// currency is made safe for a terminal first, whatever the format.
func WriteSummary(w io.Writer, format string, s Summary) error {
	switch format {
	case "json":
		return summaryJSON(w, s.By, rowsOf(s))
	case "csv":
		return summaryCSV(w, s.By, rowsOf(s))
	}
	return summaryTable(w, s, rowsOf(s))
}

// safeGroup is g with its keys and currency names made safe for a terminal:
// they are the server's text, and a JSON or CSV file is read on one too.
// Currencies that differ only by what was stripped are added together.
// Its converted sums are what a converted total counts (store.Counted):
// a gift the server sent no conversion for is counted in its own
// currency, never dropped, and every format says how many were.
// The sums of g are shared, not copied, where they are safe already (they
// nearly always are): the copies were a fifth of a summary by donor and
// day. Nothing writes a group's sums once it is read.
func safeGroup(g store.Group) store.Group {
	return store.Group{Key: safeKeys(g.Key), Count: g.Count,
		Amounts: safeSums(g.Amounts), Converted: safeSums(g.Counted()),
		Unconverted: safeSums(g.Unconverted), NotConverted: g.NotConverted}
}

func safeKeys(keys []string) []string {
	for _, k := range keys {
		if textsafe.Line(k) != k {
			out := make([]string, len(keys))
			for i, k := range keys {
				out[i] = textsafe.Line(k)
			}
			return out
		}
	}
	return keys
}

func safeSums(m map[string]api.Decimal) map[string]api.Decimal {
	safe := true
	for cur := range m {
		safe = safe && textsafe.Line(cur) == cur
	}
	if safe {
		return m
	}
	out := make(map[string]api.Decimal, len(m))
	for cur, v := range m {
		safe := textsafe.Line(cur)
		if old, ok := out[safe]; ok { // seldom: a big.Int sum per currency was a tenth of a summary by donor
			v = old.Add(v)
		}
		out[safe] = v
	}
	return out
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

func upper(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ToUpper(strings.ReplaceAll(n, "_", " "))
	}
	return out
}

// LeftOut says in words the gifts of statuses a summary did not count,
// grouped by status in the order report.Split gives (the refunded first,
// with their money), then how many of each other status ("14 gifts
// refunded (USD 1,212.00), 3 gifts failed"); "" when none. The refunded
// are said in one form whatever their currencies: a count, and the sums
// as the converted totals count them.
func LeftOut(left []store.Group) string {
	var parts []string
	for _, l := range report.LeftOut(left) {
		part := textsafe.Count(l.Count, "gift") + " " + l.Name
		if l.Money != nil {
			part += " (" + joined(safeSums(l.Money)) + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// LessRefunded says what the totals took off the gifts refunded in part
// ("less USD 1,212.00 · EUR 3.00 refunded"), as the converted totals count
// it, or "" when none was.
func LessRefunded(whole store.Group) string {
	if len(whole.Refunded) == 0 {
		return ""
	}
	return "less " + joined(safeSums(whole.Refunded)) + " refunded"
}
