package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"donations/api"
)

// scale is the number of decimals amounts are kept with as integers.
const scale = 4

// PutResult counts what storing a page changed.
type PutResult struct{ New, Updated int }

const upsert = `INSERT INTO donations (id, donation_date, date_utc, day, amount, amount_e4, amount_e4f, currency,
	converted_amount, converted_e4, converted_e4f, converted_currency, status, status_key, first_name, last_name, name_key,
	email, email_key, form_name, payment_type, city, last_updated_at, recurring, anonymous, tribute, honoree,
	search, first_seen, last_seen)
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
ON CONFLICT(id) DO UPDATE SET donation_date=excluded.donation_date, date_utc=excluded.date_utc, day=excluded.day,
	amount=excluded.amount, amount_e4=excluded.amount_e4, amount_e4f=excluded.amount_e4f, currency=excluded.currency,
	converted_amount=excluded.converted_amount, converted_e4=excluded.converted_e4, converted_e4f=excluded.converted_e4f,
	converted_currency=excluded.converted_currency, status=excluded.status, status_key=excluded.status_key,
	first_name=excluded.first_name, last_name=excluded.last_name, name_key=excluded.name_key,
	email=excluded.email, email_key=excluded.email_key, form_name=excluded.form_name,
	payment_type=excluded.payment_type, city=excluded.city, last_updated_at=excluded.last_updated_at,
	recurring=excluded.recurring, anonymous=excluded.anonymous, tribute=excluded.tribute,
	honoree=excluded.honoree, search=excluded.search, last_seen=excluded.last_seen`

// Put stores donations in one transaction: all of them or, on any error,
// none. A donation without an id cannot be told apart from others and is
// not stored.
func (s *Store) Put(ctx context.Context, list []api.Donation, seen time.Time) (PutResult, error) {
	return s.putPages(ctx, []fetched{{list: list}}, seen)
}

// write runs f in one write transaction, committed only if f succeeds.
func (s *Store) write(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.explain(err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return s.explain(err)
	}
	return s.explain(tx.Commit())
}

// putStmts are the statements that store donations, prepared once per
// transaction.
type putStmts struct {
	ins, addRec, changeRec, touch *sql.Stmt
	zone                          *time.Location // of the day column
}

func prepare(ctx context.Context, tx *sql.Tx, zone *time.Location) (*putStmts, error) {
	st := putStmts{zone: zone}
	for _, p := range []struct {
		to *(*sql.Stmt)
		q  string
	}{{&st.ins, upsert},
		{&st.addRec, `INSERT OR IGNORE INTO records (id, raw) VALUES (?, ?)`},
		{&st.changeRec, `UPDATE records SET raw = ? WHERE id = ? AND raw != ?`},
		{&st.touch, `UPDATE donations SET last_seen = ? WHERE id = ?`}} {
		var err error
		if *p.to, err = tx.PrepareContext(ctx, p.q); err != nil {
			st.close()
			return nil, err
		}
	}
	return &st, nil
}

func (st *putStmts) close() {
	for _, s := range []*sql.Stmt{st.ins, st.addRec, st.changeRec, st.touch} {
		if s != nil {
			s.Close()
		}
	}
}

// put stores each donation: a new one in full, a changed one again, and of
// an unchanged one only when it was seen — so a sync that reads a page
// again rewrites no index for it.
func (st *putStmts) put(ctx context.Context, list []api.Donation, seen time.Time) (PutResult, error) {
	var r PutResult
	now := seen.UnixMilli()
	for i := range list {
		d := &list[i]
		if !d.ID.Valid {
			continue
		}
		added, err := affected(st.addRec.ExecContext(ctx, d.ID.Value, []byte(d.Raw)))
		if err != nil {
			return r, err
		}
		changed := false
		if !added {
			if changed, err = affected(st.changeRec.ExecContext(ctx, []byte(d.Raw), d.ID.Value, []byte(d.Raw))); err != nil {
				return r, err
			}
		}
		switch {
		case added, changed:
			_, err = st.ins.ExecContext(ctx, row(d, now, st.zone)...)
		default:
			_, err = st.touch.ExecContext(ctx, now, d.ID.Value)
		}
		if err != nil {
			return r, err
		}
		if added {
			r.New++
		} else if changed {
			r.Updated++
		}
	}
	return r, nil
}

// affected says whether a statement changed a row.
func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// row is the values of upsert's columns for d, its day in zone.
func row(d *api.Donation, now int64, zone *time.Location) []any {
	honoree := ""
	if d.Honor != nil {
		honoree = d.Honor.HonoreeName.Value
	}
	var dateUTC, localDay any
	day := ""
	if t, ok := api.Time(d.DonationDate); ok {
		dateUTC, day, localDay = t.UnixMilli(), t.UTC().Format("2006-01-02"), t.In(zone).Format("2006-01-02")
	}
	e4, e4f := scaled(d.Amount)
	c4, c4f := scaled(d.ConvertedAmount)
	search := Fold(strings.Join([]string{d.FirstName.Value + " " + d.LastName.Value, d.Email.Value,
		d.FormName.Value, d.City.Value, honoree, d.Status.Value, d.Amount.Text, d.Currency.Value, day,
		strconv.FormatInt(d.ID.Value, 10)}, " | "))
	return []any{d.ID.Value, text(d.DonationDate), dateUTC, localDay,
		number(d.Amount), e4, e4f, strings.ToUpper(d.Currency.Value),
		number(d.ConvertedAmount), c4, c4f, strings.ToUpper(d.ConvertedCurrency.Value),
		text(d.Status), strings.ToLower(d.Status.Value),
		text(d.FirstName), text(d.LastName), Fold(d.LastName.Value + " " + d.FirstName.Value),
		text(d.Email), strings.ToLower(strings.TrimSpace(d.Email.Value)),
		text(d.FormName), text(d.PaymentType), text(d.City), text(d.LastUpdatedAt),
		d.Recurring.Value, d.Anonymous.Value, d.Honor != nil, honoree, search, now, now}
}

func text(t api.Text) any {
	if !t.Valid {
		return nil
	}
	return t.Value
}

func number(n api.Number) any {
	if !n.Valid {
		return nil
	}
	return n.Text
}

// maxScaled bounds the amounts kept as integers (a billion units): sums of
// them in SQLite cannot overflow before a group holds 922,337 of them, and
// an overflowing sum would stop a page from being stored. A larger amount
// is added up exactly from its text, as one with more than four decimals.
const maxScaled = 1e9 * 1e4

// scaled is n × 10^4 for the columns: as an exact integer when it fits,
// else as the nearest float (±Inf past its range), which compares and
// sorts it with the others; sums add it up from its text. Both are NULL
// for an amount that is missing or not a number.
func scaled(n api.Number) (exact, approx any) {
	d, ok := n.Decimal()
	if !ok {
		return nil, nil
	}
	if v, ok := d.Scaled(scale); ok && v <= maxScaled && v >= -maxScaled {
		return v, nil
	}
	f, _ := strconv.ParseFloat(d.String(), 64) // out of range: ±Inf, as wanted
	return nil, f * 1e4
}
