package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"donations/api"
	"donations/query"
)

// filter is a query.Filter as the store plans it: how the search is
// answered and whether the dates are tested row by row.
type filter struct {
	query.Filter

	unindexed bool // the search index is not built yet (see searchable)
	// scanDates tests the dates on each row read, keeping donations_date
	// out of the plan (see Store.wideDates).
	scanDates bool
	// byVocab are the short words the index's vocabulary answers, and
	// fewByVocab says one of them is in few donations (planPrefixes).
	byVocab    []string
	fewByVocab bool
}

// searchable readies f's search for the store as it is: while a first sync
// defers the search index (it is built once at its end), every word is
// looked for in the search column itself, or a search during the sync
// would find nothing at all.
func (s *Store) searchable(ctx context.Context, f *filter) error {
	if f.Search == "" {
		return nil
	}
	v, err := s.meta(ctx, metaDeferred)
	f.unindexed = v != ""
	if err != nil || f.unindexed {
		return err
	}
	return s.planPrefixes(ctx, f)
}

// where builds the filter's WHERE clause and its arguments.
func (f filter) where() (string, []any, error) { return f.clause(false) }

// clause is where; inOrder asks SQLite to walk the sort's index and test
// each row against the search, rather than fetch every match and sort them:
// much faster when a search matches thousands.
func (f filter) clause(inOrder bool) (string, []any, error) {
	var w conds
	f.whoClause(&w, inOrder)
	f.giftClause(&w)
	if err := f.amountClause(&w); err != nil {
		return "", nil, err
	}
	if len(w.conds) == 0 {
		return "", nil, nil
	}
	return " WHERE " + strings.Join(w.conds, " AND "), w.args, nil
}

// conds gathers a WHERE clause's conditions and their arguments.
type conds struct {
	conds []string
	args  []any
}

func (c *conds) add(cond string, a ...any) {
	c.conds, c.args = append(c.conds, cond), append(c.args, a...)
}

// whoClause is the conditions on the donor and the gift's identity: the
// API's filters, the ids after one, and the search.
func (f filter) whoClause(w *conds, inOrder bool) {
	if f.Email != "" {
		w.add("email_key = ?", emailKey(f.Email))
	}
	if f.FirstName != "" {
		w.add("lower(first_name) = ?", sqlLower(f.FirstName))
	}
	if f.LastName != "" {
		w.add("lower(last_name) = ?", sqlLower(f.LastName))
	}
	if f.ID != 0 {
		w.add("id = ?", f.ID)
	}
	if f.AfterID != 0 {
		w.add("id > ?", f.AfterID)
	}
	plus := ""
	if inOrder {
		plus = "+" // the unary plus keeps the rowid lookup out of the plan
	}
	if match := f.match(); match != "" {
		w.add(plus+"id IN (SELECT rowid FROM donations_fts WHERE donations_fts MATCH ?)", match)
	}
	for _, word := range f.rechecked() {
		w.add("instr("+searched("")+", ?) > 0", word)
	}
	for _, word := range f.shortWords() {
		if slices.Contains(f.byVocab, word) {
			lo, hi := prefixRange(word)
			w.add(plus+inVocab, lo, hi)
			continue
		}
		w.add(searched("")+" LIKE ? ESCAPE '\\'", "%"+likeEscape(word)+"%")
	}
}

// giftClause is the conditions on what the gift is: dates, status,
// currency, form and the yes/no ones.
func (f filter) giftClause(w *conds) {
	date := "date_utc"
	if f.scanDates {
		date = "+date_utc" // the unary plus keeps donations_date out of the plan
	}
	if !f.Dates.Since.IsZero() {
		w.add(date+" >= ?", f.Dates.Since.UnixMilli())
	}
	if !f.Dates.Until.IsZero() {
		w.add(date+" < ?", f.Dates.Until.UnixMilli())
	}
	if len(f.Statuses) > 0 {
		marks := strings.TrimSuffix(strings.Repeat("?,", len(f.Statuses)), ",")
		var keys []any
		for _, s := range f.Statuses {
			keys = append(keys, statusKey(s))
		}
		// A donor's gifts are few, the gifts of a status many: with no
		// statistics SQLite would take donations_status for both and read
		// every paid gift for one donor's (the unary plus keeps it out).
		col := "status_key"
		if f.Email != "" {
			col = "+status_key"
		}
		w.add(col+" IN ("+marks+")", keys...)
	}
	if f.Currency != "" {
		w.add("currency = ?", strings.ToUpper(strings.TrimSpace(f.Currency)))
	}
	if f.Form != "" {
		w.add(f.formCond())
	}
	if f.Campaign != "" {
		w.add(f.campaignCond())
	}
	if f.CampaignID != 0 {
		w.add("campaign_id = ?", f.CampaignID)
	}
	if f.PlanID != 0 {
		w.add("plan_id = ?", f.PlanID)
	}
	if f.TributeType != "" {
		w.add("tribute_type = ?", strings.ToLower(strings.TrimSpace(f.TributeType)))
	}
	for _, t := range []struct {
		col string
		v   query.Tri
	}{{"recurring", f.Recurring}, {"tribute", f.Tribute}, {"anonymous", f.Anonymous}} {
		if t.v != query.Any {
			w.add(t.col+" = ?", t.v == query.Yes)
		}
	}
}

// formCond and campaignCond are the conditions on the form and the
// campaign, on the donations or on the rollups that key them by the same
// column: a report resolves them to the names the store holds with the
// very test its rows get (see narrowBy).
func (f filter) formCond() (string, any) {
	return "lower(form_name) = ?", sqlLower(boundedKey(strings.TrimSpace(f.Form)))
}

func (f filter) campaignCond() (string, any) {
	return "campaign_name LIKE ? ESCAPE '\\'", "%" + likeEscape(strings.TrimSpace(f.Campaign)) + "%"
}

// sqlLower is s lower-cased as SQLite's lower() lower-cases the column it
// is compared with: ASCII letters alone. Lower-cased in Go (É to é), a
// name with a capital beyond ASCII would match nothing, however typed.
func sqlLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// amountClause is the conditions on the amount's bounds.
func (f filter) amountClause(w *conds) error {
	for _, b := range []struct {
		d  *api.Decimal
		op string
	}{{f.MinAmount, ">="}, {f.MaxAmount, "<="}} {
		if b.d == nil {
			continue
		}
		v, err := amountBound(b.d)
		if err != nil {
			return err
		}
		w.add("coalesce(amount_e4, amount_e4f) "+b.op+" ?", v)
	}
	return nil
}

// amountBound is d as the store's exact integer column holds amounts.
func amountBound(d *api.Decimal) (int64, error) {
	v, ok := d.Scaled(scale)
	if !ok {
		return 0, fmt.Errorf("%w: %s has more than %d decimals or is too large", ErrBadAmount, d, scale)
	}
	return v, nil
}

// ErrBadAmount is returned for an amount bound the store cannot compare exactly.
var ErrBadAmount = errors.New("bad amount bound")

// match is the full-text query for the search's words of three or more
// characters, all of which must appear: the trigram index answers those.
// It keeps no positions (see searchIndex), so a longer word is asked for
// as each of its trigrams, all in one donation: the donations that hold
// the word and a few that hold its trigrams apart, which rechecked tells
// apart.
func (f filter) match() string {
	if f.unindexed {
		return ""
	}
	var terms []string
	for _, w := range strings.Fields(Fold(f.Search)) {
		r := []rune(w)
		for i := 0; i+3 <= len(r); i++ {
			terms = append(terms, `"`+strings.ReplaceAll(string(r[i:i+3]), `"`, `""`)+`"`)
		}
	}
	return strings.Join(slices.Compact(terms), " AND ")
}

// rechecked are the search's words of four or more characters: the
// donations the index finds for them are tested for the word itself. The
// search column is folded as the words are, so instr matches as the
// index's phrases did, and needs no escaping as LIKE would.
func (f filter) rechecked() []string {
	var long []string
	for _, w := range strings.Fields(Fold(f.Search)) {
		if !f.unindexed && utf8.RuneCountInString(w) > 3 {
			long = append(long, w)
		}
	}
	return long
}

// shortWords are the search's words too short for the trigram index.
func (f filter) shortWords() []string {
	var short []string
	for _, w := range strings.Fields(Fold(f.Search)) {
		if f.unindexed || utf8.RuneCountInString(w) < 3 {
			short = append(short, w)
		}
	}
	return short
}

// onlyMatch says whether the filter is a search of words of three or more
// characters and nothing else: the full-text index then knows which
// donations it selects, alone for words of three (see searchCount).
func (f filter) onlyMatch() bool {
	g := f
	g.Search = ""
	return f.match() != "" && len(f.shortWords()) == 0 && g.isZero()
}

func (f filter) isZero() bool {
	return f.Email == "" && f.FirstName == "" && f.LastName == "" && f.ID == 0 && f.AfterID == 0 && f.Search == "" &&
		f.Dates.IsZero() && len(f.Statuses) == 0 && f.MinAmount == nil && f.MaxAmount == nil &&
		f.Currency == "" && f.Form == "" && f.Recurring == query.Any && f.Tribute == query.Any && f.Anonymous == query.Any &&
		f.TributeType == "" && f.Campaign == "" && f.CampaignID == 0 && f.PlanID == 0
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// zoneOffset is the location's offset from UTC at t, in seconds: days,
// weeks and months are grouped on the clock the person looks at.
func zoneOffset(loc *time.Location, t time.Time) int {
	if loc == nil {
		return 0
	}
	_, off := t.In(loc).Zone()
	return off
}
