package store

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A donorRule is a set of statuses whose gifts the donors table adds up
// apart, by donor, in columns named with its prefix: the two rules the
// browser counts by (the paid gifts, and every status but refunded) then
// read one indexed column, not every gift of every donor.
type donorRule struct {
	prefix string
	// in says whether the rule counts the statuses listed or every other
	// one; a gift without a status is never counted, as no status filter
	// selects it.
	in       bool
	statuses []string
}

// donorRules are the rules the donors table adds up: every gift, the paid
// ones, and every status but refunded. Each adds a gift refunded in part
// up less the part refunded, as every other sum does (see refunds.go).
var donorRules = []donorRule{{}, {"paid_", true, PaidStatuses}, {"unrefunded_", false, []string{"", Refunded}}}

// every counts every gift: the donors table's first columns.
var every = donorRules[0]

// netColumns are the donation columns netConverted reads.
var netColumns = regexp.MustCompile(`\b(converted_e4|refunded_e4|amount_e4|status_key)\b`)

// netTotal is a total figure's expression (agg over the donations, or one
// new gift's, of p "new.") with p's converted amount taken as netConverted.
func netTotal(expr, p string) string {
	return strings.ReplaceAll(expr, p+"converted_e4", netColumns.ReplaceAllString(netConverted, p+"$1"))
}

// counts says whether the rule counts a gift of status key st.
func (r donorRule) counts(st string) bool {
	return slices.Contains(r.statuses, st) == r.in
}

// cond is the rule's condition on the donation p ("" or "new.").
func (r donorRule) cond(p string) string {
	var quoted []string
	for _, st := range r.statuses {
		quoted = append(quoted, "'"+st+"'")
	}
	op := " NOT IN ("
	if r.in {
		op = " IN ("
	}
	return "coalesce(" + p + "status_key, '')" + op + strings.Join(quoted, ", ") + ")"
}

// donorFigures are what the donors table holds of a donor's gifts: its
// column and type; how a GROUP BY over every gift (all) or over those of a
// rule (some, @ its condition) adds it up; what one new gift adds (one, and
// someOne for a rule); and how a gift's figure merges into the donor's
// (merge, and someMerge for a rule when it differs; %[1]s the column).
var donorFigures = []struct{ col, typ, all, some, one, someOne, merge, someMerge string }{
	{"name_key", "TEXT", "min(name_key)", "min(CASE WHEN @ THEN name_key END)", "new.name_key",
		"CASE WHEN @ THEN new.name_key END", "coalesce(min(%[1]s, excluded.%[1]s), %[1]s, excluded.%[1]s)", ""},
	{"gifts", "INTEGER NOT NULL", "count(*)", "sum(@)", "1", "@", "%[1]s + 1", "%[1]s + excluded.%[1]s"},
	{"total", "INTEGER NOT NULL", "coalesce(sum(converted_e4), 0)", "coalesce(sum(CASE WHEN @ THEN converted_e4 END), 0)",
		"coalesce(new.converted_e4, 0)", "CASE WHEN @ THEN coalesce(new.converted_e4, 0) ELSE 0 END", "%[1]s + excluded.%[1]s", ""},
	{"inexact", "INTEGER NOT NULL", "count(*) - count(converted_e4)", "sum(@ AND converted_e4 IS NULL)",
		"new.converted_e4 IS NULL", "@ AND new.converted_e4 IS NULL", "%[1]s + excluded.%[1]s", ""},
	{"currency", "TEXT NOT NULL", "coalesce(max(converted_currency), '')", "coalesce(max(CASE WHEN @ THEN converted_currency END), '')",
		"coalesce(new.converted_currency, '')", "CASE WHEN @ THEN coalesce(new.converted_currency, '') ELSE '' END",
		"max(%[1]s, excluded.%[1]s)", ""},
	{"first", "INTEGER", "min(date_utc)", "min(CASE WHEN @ THEN date_utc END)", "new.date_utc",
		"CASE WHEN @ THEN new.date_utc END", "coalesce(min(%[1]s, excluded.%[1]s), %[1]s, excluded.%[1]s)", ""},
	{"last", "INTEGER", "max(date_utc)", "max(CASE WHEN @ THEN date_utc END)", "new.date_utc",
		"CASE WHEN @ THEN new.date_utc END", "coalesce(max(%[1]s, excluded.%[1]s), %[1]s, excluded.%[1]s)", ""},
	// A donor none of whose gifts a rule counts has no recurring there
	// (NULL), and max() of a NULL is NULL.
	{"recurring", "INTEGER", "max(recurring)", "max(CASE WHEN @ THEN recurring END)", "new.recurring",
		"CASE WHEN @ THEN new.recurring END", "max(%[1]s, excluded.%[1]s)", "coalesce(max(%[1]s, excluded.%[1]s), %[1]s, excluded.%[1]s)"},
}

// donorParts are, for each column of the donors table after email_key,
// its type, its GROUP BY, its new gift's value and its merge.
type donorPart struct{ col, typ, agg, one, merge string }

func donorParts(rules []donorRule) []donorPart { return donorPartsOf(rules, ofDonations) }

// giftTerms are how a donorPart's GROUP BY reads a gift: whether rule r
// counts it, and agg with its converted amount taken less the part
// refunded.
type giftTerms struct {
	counted func(r donorRule) string
	net     func(agg string) string
}

// ofDonations reads both off the donations' columns.
var ofDonations = giftTerms{func(r donorRule) string { return r.cond("") }, func(agg string) string { return netTotal(agg, "") }}

// donorPartsOf are donorParts, their GROUP BY reading gifts by terms.
func donorPartsOf(rules []donorRule, terms giftTerms) []donorPart {
	var out []donorPart
	for _, r := range rules {
		for _, f := range donorFigures {
			p := donorPart{r.prefix + f.col, f.typ, f.all, f.one, f.merge}
			if r.prefix != "" {
				merge := f.merge
				if f.someMerge != "" {
					merge = f.someMerge
				}
				p.agg, p.one, p.merge = strings.ReplaceAll(f.some, "@", terms.counted(r)),
					strings.ReplaceAll(f.someOne, "@", r.cond("new.")), merge
			}
			if f.col == "total" {
				p.agg, p.one = terms.net(p.agg), netTotal(p.one, "new.")
			}
			p.merge = fmt.Sprintf(p.merge, p.col)
			out = append(out, p)
		}
	}
	return out
}

// donorsTable makes the donors table. It keeps rowids: its indexes then
// hold a donor's rowid, not their e-mail again.
func donorsTable() string {
	cols := []string{"email_key TEXT NOT NULL"}
	for _, p := range donorParts(donorRules) {
		cols = append(cols, p.col+" "+p.typ)
	}
	return "CREATE TABLE donors (" + strings.Join(cols, ", ") + ")"
}

// donorColumnsOf add up one donor's gifts in the donors table's columns:
// the table is filled from them, and the donor view reads them over the
// donations a filter selects.
func donorColumnsOf(rules []donorRule) string { return donorColumnsReading(rules, ofDonations) }

// donorColumnsReading are donorColumnsOf, reading gifts by terms.
func donorColumnsReading(rules []donorRule, terms giftTerms) string {
	cols := []string{"email_key"}
	for _, p := range donorPartsOf(rules, terms) {
		cols = append(cols, p.agg+" AS "+p.col)
	}
	return strings.Join(cols, ", ")
}

// ofCountedGifts reads the terms off the columns of countedGifts.
var ofCountedGifts = giftTerms{func(r donorRule) string { return r.prefix + "counted" },
	func(agg string) string { return strings.ReplaceAll(agg, "converted_e4", "net") }}

// countedGifts are the donations in e-mail order, each with whether each
// rule counts it and its converted amount less the part refunded, worked
// out once (ofCountedGifts reads them): SQLite works out an aggregate's
// argument for each aggregate, and the donors' columns read a rule's
// condition eight times a gift and the net amount three. Its own ORDER BY
// keeps it apart from the GROUP BY over it, which reads it in that order.
// The donations are sorted, not read through donations_donor, which lacks
// the name key: looking each gift up in the table costs more than the sort.
func countedGifts(rules []donorRule) string {
	cols := []string{donorInputs}
	for _, r := range rules {
		if r.prefix != "" {
			cols = append(cols, r.cond("")+" AS "+r.prefix+"counted")
		}
	}
	cols = append(cols, netConverted+" AS net")
	return "(SELECT " + strings.Join(cols, ", ") + " FROM donations NOT INDEXED ORDER BY email_key)"
}

// seldom says whether a new gift seldom changes a donor's figure of column
// col (the first gift, the least name): a new gift leaves them and their
// indexes alone unless it does.
func seldom(col string) bool {
	return strings.HasSuffix(col, "first") || strings.HasSuffix(col, "name_key")
}

// donorAdd adds a new gift to its donor's row, as donorColumnsOf would
// add it up: adding all of a donor's gifts up again made storing quadratic
// in the largest donor (every gift without an e-mail is one donor, "").
// SQLite rewrites the entry of every index whose column an UPDATE sets,
// changed or not: the first gifts and names, which a new gift seldom
// changes, are set apart, only where it does.
func donorAdd() string {
	cols, vals, set := []string{"email_key"}, []string{"new.email_key"}, []string{}
	var rare, differ []string
	for _, p := range donorParts(donorRules) {
		cols, vals = append(cols, p.col), append(vals, p.one)
		if seldom(p.col) {
			// The merge of excluded's value, as one new gift gives it.
			merge := strings.ReplaceAll(p.merge, "excluded."+p.col, "("+p.one+")")
			rare, differ = append(rare, p.col+" = "+merge), append(differ, p.col+" IS NOT "+merge)
			continue
		}
		set = append(set, p.col+" = "+p.merge)
	}
	return "INSERT INTO donors (" + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(vals, ", ") +
		") ON CONFLICT (email_key) DO UPDATE SET " + strings.Join(set, ", ") + ";\n" +
		"UPDATE donors SET " + strings.Join(rare, ", ") + " WHERE email_key = new.email_key AND (" +
		strings.Join(differ, " OR ") + ");\n"
}

// A donorsIndex is one of the donors table's indexes: its name, and what
// makes it.
type donorsIndex struct{ name, create string }

// apart is the condition of the donors that rule r's index of col holds:
// those whose figure there differs from the one over every gift (a
// minority of them, none by name); a page of the rule's donors reads
// the others from the every-gift index, merged in order (see rulePage). A
// new gift then moves each donor in six indexes, not sixteen, which would
// be most of the pages a small sync writes. That of the gifts holds the
// donors the rule does not count too, and the donor view counts them there
// (see countOf).
func (r donorRule) apart(col string) string {
	if col == "gifts" {
		return r.prefix + "gifts IS NOT gifts"
	}
	return r.prefix + "gifts > 0 AND " + r.prefix + col + " IS NOT " + col
}

// donorIndexes are the indexes of the donors table: the e-mail, unique,
// which a new gift finds its donor by, and the donor view's sorts under
// each rule.
func donorIndexes() []donorsIndex {
	out := []donorsIndex{{"donors_email_key", "CREATE UNIQUE INDEX donors_email_key ON donors(email_key)"}}
	for _, r := range donorRules {
		for _, col := range []string{"total", "gifts", "name_key", "first", "last"} {
			name, cols := "donors_"+r.prefix+col, r.prefix+col
			// Donors of equal figures sort by e-mail: SQLite sorts each run
			// of them read from the index, the few a page needs, but for
			// the gifts, a run of more than half the donors (one gift).
			if col == "gifts" {
				cols += ", email_key"
			}
			create := "CREATE INDEX " + name + " ON donors(" + cols + ")"
			if r.prefix != "" {
				create += " WHERE " + r.apart(col)
			}
			out = append(out, donorsIndex{name, create})
		}
	}
	return out
}

// donorAgain adds up again the gifts of the donor of p, from the index that
// holds them in e-mail order. The donor keeps their row, and with it their
// place among donors of equal figures.
func donorAgain(p string) string {
	var set []string
	for _, part := range donorParts(donorRules) {
		set = append(set, part.col+" = excluded."+part.col)
	}
	return fmt.Sprintf(`INSERT INTO donors SELECT `+donorColumnsOf(donorRules)+` FROM donations WHERE email_key = %[1]s.email_key
		GROUP BY email_key ON CONFLICT (email_key) DO UPDATE SET `+strings.Join(set, ", ")+`;
		DELETE FROM donors WHERE email_key = %[1]s.email_key AND NOT EXISTS (SELECT 1 FROM donations WHERE email_key = %[1]s.email_key);
		`, p)
}
