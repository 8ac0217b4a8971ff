package store

import (
	"context"
	"slices"
	"strings"

	"donations/api"
)

// A gift refunded in part keeps its status (paid) and carries the part
// refunded (refunded_e4, in its own currency); a gift refunded whole has
// the status Refunded, which keeps it out of what counts already, so its
// amount_refunded is not taken off it again. Every sum counts a gift less
// the part refunded: a report (giftAmount), and the groups the browser's
// footer, insights and summary read (Group.Refunded says how much). A
// converted gift loses the same share of its converted amount, rounded to
// the cent (half away from zero): a total of many such shares then reads
// as money, not as "USD 927,866.6292".
const (
	// partly is true of a gift refunded in part; a gift without a status
	// is one (IS NOT: no status filter selects it, and it is counted as
	// every sum counts it).
	partly       = "refunded_e4 IS NOT NULL AND status_key IS NOT '" + Refunded + "'"
	partRefunded = "(CASE WHEN " + partly + " THEN refunded_e4 ELSE 0 END)"
	// partRefundedConverted is NULL where nothing was converted, as
	// converted_e4 is: sums leave it out alike.
	partRefundedConverted = "(CASE WHEN " + partly + " THEN " + refundedShare + " ELSE 0 END)"
	refundedShare         = "(CAST(round(converted_e4 * 0.01 * refunded_e4 / amount_e4) AS INTEGER) * 100)"
	netAmount             = "(amount_e4 - " + partRefunded + ")"
	netConverted          = "(converted_e4 - " + partRefundedConverted + ")"
)

// refundedIndex holds the gifts refunded in part, which are few, with
// what the footer adds their refunds up by: the refunds of a whole store,
// or of some statuses, are read from it alone where the rollups, which add
// up the amounts as sent, need them taken off. The status and refunded_e4
// first: SQLite then takes it over donations_status for some statuses.
const refundedIndex = `CREATE INDEX donations_refunded ON donations(status_key, refunded_e4, currency, converted_currency,
	amount_e4, converted_e4, recurring) WHERE ` + partly

// refunds takes off the groups' sums in into, by the keys, what was
// refunded of the gifts where and args select that are refunded in part,
// and adds it to their Refunded: in the converted currency where the gift
// was converted, else in its own.
func (s *Store) refunds(ctx context.Context, into *groups, keys []string, where string, args []any) error {
	cond := " WHERE "
	if where != "" {
		cond = where + " AND "
	}
	by := strings.Join(slices.Concat(keys, []string{"coalesce(currency, '')", "coalesce(converted_currency, '')"}), ", ")
	q := "SELECT " + by + ", sum(refunded_e4), coalesce(sum(" + refundedShare + "), 0) FROM donations" + cond + partly + " GROUP BY " + by
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		key := make([]string, len(keys))
		var cur, conv string
		var own, converted int64
		dest := make([]any, 0, len(keys)+4)
		for i := range key {
			dest = append(dest, &key[i])
		}
		if err := rows.Scan(append(dest, &cur, &conv, &own, &converted)...); err != nil {
			return s.explain(err)
		}
		g := into.get(key)
		part := api.ScaledDecimal(own, scale)
		g.Amounts[cur] = g.Amounts[cur].Sub(part)
		if conv == "" {
			g.Unconverted[cur] = g.Unconverted[cur].Sub(part)
			g.Refunded[cur] = g.Refunded[cur].Add(part)
			continue
		}
		part = api.ScaledDecimal(converted, scale)
		g.Converted[conv] = g.Converted[conv].Sub(part)
		g.Refunded[conv] = g.Refunded[conv].Add(part)
	}
	return s.explain(rows.Err())
}
