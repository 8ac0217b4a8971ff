package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"donations/api"
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
// the rule that counts what f selects (see donorRuleOf), or else the gifts
// f selects added up by donor.
func (s *Store) donorSource(ctx context.Context, f Filter, paging bool) (string, []any, error) {
	if err := s.searchable(ctx, &f); err != nil {
		return "", nil, err
	}
	rule, ok, err := s.donorRuleOf(ctx, f)
	switch {
	case err != nil:
		return "", nil, err
	case ok:
		return donorsOf(rule, paging), nil, nil
	}
	where, args, err := f.where()
	return "(SELECT " + donorColumnsOf([]donorRule{every}) + " FROM donations" + where + " GROUP BY email_key)", args, err
}

// donorsOf is the donors table's columns of rule, of the donors it counts,
// for a page of them in some order (paging) or for their count.
func donorsOf(rule donorRule, paging bool) string {
	if rule.prefix == "" {
		return "donors"
	}
	cols := []string{"email_key"}
	for _, fig := range donorFigures {
		cols = append(cols, rule.prefix+fig.col+" AS "+fig.col)
	}
	// The unary plus: for a page SQLite would read the donors of the rule
	// from the index of its gifts, then sort them all for another sort
	// (2.5 s at a million by e-mail); it reads that sort's index instead, in
	// order. A count seeks the gifts' index to the donors the rule counts
	// and counts them, where with the plus it tested each (18 → 125 ms).
	plus := ""
	if paging {
		plus = "+"
	}
	return "(SELECT " + strings.Join(cols, ", ") + " FROM donors WHERE " + plus + rule.prefix + "gifts > 0)"
}

// DonorCount is how many donors what f selects has.
func (s *Store) DonorCount(ctx context.Context, f Filter) (int, error) {
	from, args, err := s.donorSource(ctx, f, false)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.QueryRowContext(ctx, "SELECT count(*) FROM "+from, args...).Scan(&n)
	return n, s.explain(err)
}

// Donors lists the donors of what f selects, ordered by a DonorSorts key,
// from offset on, at most limit of them.
func (s *Store) Donors(ctx context.Context, f Filter, sort string, desc bool, offset, limit int) ([]Donor, error) {
	col, ok := DonorSorts[sort]
	if !ok {
		return nil, fmt.Errorf("cannot sort donors by %q", sort)
	}
	from, args, err := s.donorSource(ctx, f, true)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, donorPage(from, col, desc), append(args, limit, offset)...)
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
// offset its last arguments), ordered by col, ties by e-mail.
func donorPage(from, col string, desc bool) string {
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	return `SELECT email_key, name_key, gifts, total, inexact, currency, first, last, recurring
		FROM ` + from + ` ORDER BY ` + col + dir + `, email_key` + dir + ` LIMIT ? OFFSET ?`
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
func (s *Store) DonorCampaigns(ctx context.Context, f Filter, email string) ([]Group, error) {
	if email == "" {
		return nil, nil
	}
	f.Email = email
	gs, err := s.Groups(ctx, f, []string{"campaign"}, nil)
	SortGroups(gs, "amount", true)
	return gs, err
}
