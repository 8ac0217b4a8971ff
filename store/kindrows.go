package store

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"donations/api"
	"donations/query"
)

// KindFilter is what selects and orders the records of a kind.
type KindFilter = query.KindFilter

// kindRowsTable holds, per record of a kind, what its filters and sorts
// read, made from its record by kindRow. Days are as the server wrote
// them (the first ten characters of a date or date-time); amounts are the
// nearest float, which orders them and bounds nothing; currency is the
// one they are in (a donor's with a total in one currency only).
const kindRowsTable = `CREATE TABLE kind_rows (kind TEXT NOT NULL, id INTEGER NOT NULL,
	name_key TEXT, email_key TEXT, status_key TEXT,
	started_day TEXT, last_day TEXT, next_day TEXT,
	amount_f REAL, goal_f REAL, raised_f REAL, count INTEGER,
	donor_id INTEGER, campaign_id INTEGER, event_id INTEGER, currency TEXT,
	search TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (kind, id)) WITHOUT ROWID`

// kindRowColumns is the number of kind_rows' columns.
const kindRowColumns = 17

// kindCols are what kindRow reads of a record into kind_rows.
type kindCols struct {
	name, email, status    api.Text
	started, last, next    api.Text
	amount, goal, raised   api.Number
	count                  api.Int
	donor, campaign, event api.Int
	currency               api.Text
	search                 []string
}

// kindRow is the row of kind_rows of the record raw of kind, whose id
// must be id.
func kindRow(kind string, id int64, raw []byte) ([]any, error) {
	c, gotID, err := kindColsOf(kind, raw)
	if err != nil {
		return nil, err
	}
	if !gotID.Valid || gotID.Value != id {
		return nil, fmt.Errorf("the record's id is not %d", id)
	}
	search := Fold(strings.Join(slices.DeleteFunc(append(c.search, c.name.Value, c.email.Value), func(s string) bool {
		return strings.TrimSpace(s) == ""
	}), " "))
	return []any{kind, id, folded(c.name), lower(c.email), lower(c.status),
		day(c.started), day(c.last), day(c.next),
		float(c.amount), float(c.goal), float(c.raised), integer(c.count),
		integer(c.donor), integer(c.campaign), integer(c.event), upper(c.currency), search}, nil
}

// kindColsOf reads raw as a record of kind.
func kindColsOf(kind string, raw []byte) (kindCols, api.Int, error) {
	switch kind {
	case api.CampaignsKind.Name:
		r, err := api.DecodeKindRecord[api.Campaign](raw)
		return kindCols{name: r.Name, started: r.CreatedAt, goal: r.GoalAmount, raised: r.TotalRaised, currency: r.Currency,
			count: r.DonationsCount, campaign: r.ID, search: []string{r.Slug.Value}}, r.ID, err
	case api.PlansKind.Name:
		r, err := api.DecodeKindRecord[api.Plan](raw)
		name := r.Donor.Name
		if !name.Valid || strings.TrimSpace(name.Value) == "" {
			name = api.Text{Value: strings.TrimSpace(r.Donor.FirstName.Value + " " + r.Donor.LastName.Value), Valid: true}
		}
		return kindCols{name: name, email: r.Donor.Email, status: r.Status, started: r.StartedAt,
			last: r.LastDonationDate, next: r.NextDonationDate, amount: r.Amount, donor: r.Donor.ID,
			campaign: r.Campaign.ID, search: []string{r.Campaign.Name.Value, r.Type.Value}}, r.ID, err
	case api.DonorsKind.Name:
		r, err := api.DecodeKindRecord[api.Donor](raw)
		c := kindCols{name: api.Text{Value: r.Name(), Valid: true}, email: r.Email, started: r.CreatedAt,
			last: r.LastDonationAt, count: r.DonationsCount, donor: r.ID, search: []string{r.City.Value, r.Employer.Value}}
		if len(r.Totals) == 1 { // a total in several currencies adds up to no one figure
			c.raised, c.currency = r.Totals[0].Value, r.Totals[0].Currency
		}
		return c, r.ID, err
	case api.EventsKind.Name:
		r, err := api.DecodeKindRecord[api.Event](raw)
		return kindCols{name: r.Name, started: r.CreatedAt, raised: r.TotalRaised, currency: r.Currency, count: r.TicketsCount,
			event: r.ID, search: []string{r.Slug.Value}}, r.ID, err
	case api.TicketsKind.Name:
		r, err := api.DecodeKindRecord[api.Ticket](raw)
		return kindCols{name: r.Transaction.FullName, email: r.Transaction.Email, status: r.Transaction.Status,
			started: r.Transaction.PurchaseDate, amount: r.Price, currency: r.Currency, donor: r.Transaction.SupporterID, event: r.Event.ID,
			search: []string{r.Event.Name.Value, r.TicketType.Name.Value}}, r.ID, err
	case api.PurchasesKind.Name:
		r, err := api.DecodeKindRecord[api.Purchase](raw)
		return kindCols{status: r.Status, started: r.Date, amount: r.Amount, currency: r.Currency, count: r.TicketsCount,
			donor: r.SupporterID, event: r.Event.ID, search: []string{r.Event.Name.Value}}, r.ID, err
	}
	return kindCols{}, api.Int{}, fmt.Errorf("%q is not a kind of record", kind)
}

func folded(t api.Text) any {
	if v := strings.TrimSpace(t.Value); t.Valid && v != "" {
		return Fold(v)
	}
	return nil
}

func upper(t api.Text) any {
	if v := strings.TrimSpace(t.Value); t.Valid && v != "" {
		return strings.ToUpper(v)
	}
	return nil
}

func lower(t api.Text) any {
	if v := strings.TrimSpace(t.Value); t.Valid && v != "" {
		return strings.ToLower(v)
	}
	return nil
}

// day is the date t starts with, as written, when it starts with one.
func day(t api.Text) any {
	if d, ok := api.WrittenDay(t.Value); ok {
		return d
	}
	return nil
}

// float is the amount n as the nearest float, read as every amount is
// (api.ParseDecimal: a decimal comma too), nil where it is no number.
func float(n api.Number) any {
	d, ok := n.Decimal()
	if !ok {
		return nil
	}
	f, err := strconv.ParseFloat(d.String(), 64)
	if err != nil {
		return nil
	}
	return f
}

func integer(n api.Int) any {
	if !n.Valid {
		return nil
	}
	return n.Value
}

func putKindRow(ctx context.Context, tx *sql.Tx, row []any) error {
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO kind_rows VALUES (?`+strings.Repeat(", ?", kindRowColumns-1)+`)`, row...)
	return err
}

// kindOrders are the columns of query.KindSorts, in its order.
var kindOrders = []string{"k.id", "k.name_key", "k.email_key", "k.status_key", "k.amount_f", "k.started_day",
	"k.last_day", "k.next_day", "k.goal_f", "k.raised_f", "k.count"}

// kindWhere is the SQL of f over kind_rows k: the condition, its
// arguments and the order, ties broken by id; records without the value
// sorted by come last either way.
func kindWhere(kind string, f KindFilter) (string, []any, string, error) {
	conds, args := []string{"k.kind = ?"}, []any{kind}
	add := func(cond string, arg any) {
		conds, args = append(conds, cond), append(args, arg)
	}
	if v := strings.TrimSpace(f.Status); v != "" {
		add("k.status_key = ?", strings.ToLower(v))
	}
	if !f.Next.Since.IsZero() {
		add("k.next_day >= ?", f.Next.Since.Format(time.DateOnly))
	}
	if !f.Next.Until.IsZero() {
		add("k.next_day < ?", f.Next.Until.Format(time.DateOnly))
	}
	if v := strings.TrimSpace(f.Email); v != "" {
		add("k.email_key = ?", strings.ToLower(v))
	}
	for _, id := range []struct {
		col string
		v   int64
	}{{"k.donor_id", f.DonorID}, {"k.campaign_id", f.CampaignID}, {"k.event_id", f.EventID}} {
		if id.v != 0 {
			add(id.col+" = ?", id.v)
		}
	}
	for _, w := range strings.Fields(Fold(f.Search)) {
		add("instr(k.search, ?) > 0", w)
	}
	by, desc := strings.CutPrefix(f.Sort, "-")
	if by == "" {
		by = "id"
	}
	if sorts := query.KindSortsOf(kind); !slices.Contains(sorts, by) {
		return "", nil, "", fmt.Errorf("cannot sort %s by %q: the sorts are %s", kind, by, strings.Join(sorts, ", "))
	}
	i := slices.Index(query.KindSorts, by)
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	col := kindOrders[i]
	order := col + " IS NULL, " + col + dir + ", k.id" + dir
	switch cur := strings.ToUpper(strings.TrimSpace(f.Currency)); {
	case i == 0:
		order = col + dir
	case cur != "" && slices.Contains(query.KindSums, by):
		if !currencyCode.MatchString(cur) {
			return "", nil, "", fmt.Errorf("%q is not a currency (three letters: USD)", f.Currency)
		}
		// The sums in cur first, by their figure; the rest after, by id:
		// sums in two currencies are not ranked against each other.
		in := "CASE WHEN k.currency = '" + cur + "' THEN " + col + " END"
		order = in + " IS NULL, " + in + dir + ", k.id" + dir
	}
	return strings.Join(conds, " AND "), args, order, nil
}

// currencyCode is a currency's code, as the order names it.
var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)
