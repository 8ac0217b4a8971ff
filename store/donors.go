package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"donations/api"
	"donations/query"
)

// Donor is one donor's gifts among those a filter selects: donors are told
// apart by e-mail, and named as on their latest gift.
type Donor struct {
	Email, FirstName, LastName string
	Gifts                      int
	// Total is the gifts' converted amounts added up, each less the part
	// refunded of a gift refunded in part (as every sum counts it), in
	// Currency (the organization's: converted amounts share one), exactly;
	// Inexact counts gifts whose converted amount could not be added (none
	// was sent, or it has more than four decimals).
	Total       api.Decimal
	Currency    string
	Inexact     int
	First, Last time.Time
	Recurring   bool // any of the gifts is recurring
}

// DonorSorts are what the donor list can be ordered by, and their columns.
var DonorSorts = map[string]string{
	"name": "name_key", "gifts": "gifts", "total": "total", "first": "first", "last": "last", "email": "email_key",
}

// donorSource is what the donor view reads: the donors table's columns of
// the rule that counts what f selects (ok; see donorRuleOf), or else from,
// the gifts f selects added up by donor.
func (s *Store) donorSource(ctx context.Context, f filter) (rule donorRule, ok bool, from string, args []any, err error) {
	if err := s.searchable(ctx, &f); err != nil {
		return rule, false, "", nil, err
	}
	rule, ok, err = s.donorRuleOf(ctx, f)
	if ok || err != nil {
		return rule, ok, "", nil, err
	}
	where, args, err := f.where()
	return rule, false, "(SELECT " + donorColumnsOf([]donorRule{every}) + " FROM donations" + where + " GROUP BY email_key)", args, err
}

// ruleColumns are the donors table's columns of rule, named as every
// gift's are, but col, taken from every gift's column.
func ruleColumns(rule donorRule, col string) string {
	cols := []string{"email_key"}
	for _, fig := range donorFigures {
		from := rule.prefix + fig.col
		if fig.col == col {
			from = col
		}
		cols = append(cols, from+" AS "+fig.col)
	}
	return strings.Join(cols, ", ")
}

// rulePage is the query of a page of the donors rule counts, ordered by
// col (limit and offset its arguments). A rule's index of col holds only
// the donors whose figure differs from every gift's (see donorRule.apart):
// the others are read in order from every gift's index, and SQLite merges
// the two, reading as many of each as the page needs.
func rulePage(rule donorRule, col string, desc bool) string {
	if rule.prefix == "" {
		return donorPage("donors", col, desc)
	}
	counted := rule.prefix + "gifts > 0"
	if col == "email_key" {
		// The unary plus: SQLite would read the donors the rule counts from
		// an index of its gifts, then sort them all by e-mail, slow at a
		// million; it reads the e-mails' index instead, in order.
		return donorPage("(SELECT "+ruleColumns(rule, "")+" FROM donors WHERE +"+counted+")", col, desc)
	}
	same := rule.prefix + col + " IS " + col
	apart := counted + " AND " + rule.prefix + col + " IS NOT " + col
	return donorPage("(SELECT "+ruleColumns(rule, col)+" FROM donors WHERE "+counted+" AND "+same+
		" UNION ALL SELECT "+ruleColumns(rule, "")+" FROM donors WHERE "+apart+")", col, desc)
}

// countOf is the query of how many donors rule counts: all but those its
// index of the gifts holds with none.
func countOf(rule donorRule) string {
	if rule.prefix == "" {
		return "SELECT count(*) FROM donors"
	}
	return "SELECT (SELECT count(*) FROM donors) - (SELECT count(*) FROM donors WHERE " + rule.apart("gifts") +
		" AND " + rule.prefix + "gifts = 0)"
}

// DonorCount is how many donors what f selects has.
func (s *Store) DonorCount(ctx context.Context, qf query.Filter) (int, error) {
	f := filter{Filter: qf}
	rule, ok, from, args, err := s.donorSource(ctx, f)
	if err != nil {
		return 0, err
	}
	q := "SELECT count(*) FROM " + from
	if ok {
		q = countOf(rule)
	}
	var n int
	err = s.db.QueryRowContext(ctx, q, args...).Scan(&n)
	return n, s.explain(err)
}

// Donors lists the donors of what f selects, ordered by a DonorSorts key,
// from offset on, at most limit of them.
func (s *Store) Donors(ctx context.Context, qf query.Filter, sort string, desc bool, offset, limit int) ([]Donor, error) {
	f := filter{Filter: qf}
	col, ok := DonorSorts[sort]
	if !ok {
		return nil, fmt.Errorf("cannot sort donors by %q", sort)
	}
	rule, ok, from, args, err := s.donorSource(ctx, f)
	if err != nil {
		return nil, err
	}
	q := donorPage(from, col, desc)
	if ok {
		q = rulePage(rule, col, desc)
	}
	rows, err := s.db.QueryContext(ctx, q, append(args, limit, offset)...)
	if err != nil {
		return nil, s.explain(err)
	}
	var out []Donor
	for rows.Next() {
		var d Donor
		var nameKey *string
		var sum int64
		var first, last *int64
		if err := rows.Scan(&d.Email, &nameKey, &d.Gifts, &sum, &d.Inexact, &d.Currency, &first, &last, &d.Recurring); err != nil {
			rows.Close()
			return nil, s.explain(err)
		}
		d.Total = api.ScaledDecimal(sum, scale)
		if first != nil {
			d.First, d.Last = time.UnixMilli(*first), time.UnixMilli(*last)
		}
		out = append(out, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, s.explain(err)
	}
	return out, s.names(ctx, out)
}

// donorPage is the query of a page of the donors of from (limit and
// offset its last arguments), ordered by col, ties by e-mail ascending
// whatever the direction: the order of SortGroups, so that the top donors
// of insights and summary's --top cut a tie alike.
func donorPage(from, col string, desc bool) string {
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	tie := ", email_key"
	if col == "email_key" {
		tie = ""
	}
	return `SELECT email_key, name_key, gifts, total, inexact, currency, first, last, recurring
		FROM ` + from + ` ORDER BY ` + col + dir + tie + ` LIMIT ? OFFSET ?`
}

// names gives each donor the name on their latest gift.
func (s *Store) names(ctx context.Context, donors []Donor) error {
	for i := range donors {
		err := s.db.QueryRowContext(ctx, `SELECT coalesce(first_name, ''), coalesce(last_name, '') FROM donations
			WHERE email_key = ? ORDER BY date_utc DESC, id DESC LIMIT 1`, donors[i].Email).Scan(&donors[i].FirstName, &donors[i].LastName)
		if err != nil {
			return s.explain(err)
		}
	}
	return nil
}

// DonorCampaigns are the campaigns the donor of e-mail key email gave to
// among the gifts f selects, each with what its gifts add up to, the
// largest converted total first: the donor view's "gave to". It reads the
// donor's gifts alone (donations_donor begins with the e-mail). The gifts without an e-mail are
// no one donor's: they have none.
func (s *Store) DonorCampaigns(ctx context.Context, f query.Filter, email string) ([]Group, error) {
	if email == "" {
		return nil, nil
	}
	f.Email = email
	gs, err := s.Groups(ctx, f, []string{"campaign"}, nil)
	SortGroups(gs, "amount", true)
	return gs, err
}
