package store

import (
	"bytes"
	"context"
	"database/sql"
	"strings"
	"time"

	"donations/api"
)

// scale is the number of decimals amounts are kept with as integers.
const scale = 4

// PutResult counts what storing a page changed.
type PutResult struct{ New, Updated int }

// upsertRows is the statement that stores n donations (their rows'
// values one after the other), new or changed. A few statements for a
// page's donations (upsertMax), not one each: each statement that changes
// the search index (through the triggers) begins with a savepoint, at
// which FTS5 writes what it holds as a segment of its own, so a statement
// a donation would write a segment a donation, and merge them again and
// again on the way (crisismerge) into the level of the index's one large
// segment, which a sync's merge would then rewrite whole.
func upsertRows(n int) string {
	return upsertHead + strings.Repeat(upsertRow+",", n-1) + upsertRow + upsertTail
}

// upserts are upsertRows(n) by n, made once rather than for each of a
// page's statements.
var upserts = func() []string {
	qs := make([]string, upsertMax+1)
	for n := 1; n <= upsertMax; n++ {
		qs[n] = upsertRows(n)
	}
	return qs
}()

const upsertHead = `INSERT INTO donations (id, date_utc, day, amount, amount_e4, amount_e4f, currency,
	converted_amount, converted_e4, converted_e4f, converted_currency, status_key, first_name, last_name, name_key,
	email_key, form_name, payment_type, recurring, anonymous, tribute, search,
	campaign_id, campaign_name, tribute_type, refunded_e4, plan_interval, plan_id)
VALUES `

const upsertRow = `(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`

// upsertMax bounds the donations one statement stores while the search
// index is kept row by row: the driver finds each value it binds by a
// pass over all of them, which with many rows a statement costs more than
// storing them. 20 of them are five segments a page, merged at the sync's
// end.
const upsertMax = 20

// upsertDeferredMax bounds them while a first sync defers the search
// index (see writerStmts): no segment is written then, and what is left of a
// statement's cost is that pass, a copy of each value it looks at. With
// several rows a statement its cost depends on the binary's layout (its
// loads stall in some builds, not in others); with one row it looks at
// few values and costs the same in every build (docs/performance.md,
// "Syncing").
const upsertDeferredMax = 1

const upsertTail = `
ON CONFLICT(id) DO UPDATE SET date_utc=excluded.date_utc, day=excluded.day,
	amount=excluded.amount, amount_e4=excluded.amount_e4, amount_e4f=excluded.amount_e4f, currency=excluded.currency,
	converted_amount=excluded.converted_amount, converted_e4=excluded.converted_e4, converted_e4f=excluded.converted_e4f,
	converted_currency=excluded.converted_currency, status_key=excluded.status_key,
	first_name=excluded.first_name, last_name=excluded.last_name, name_key=excluded.name_key,
	email_key=excluded.email_key, form_name=excluded.form_name, payment_type=excluded.payment_type,
	recurring=excluded.recurring, anonymous=excluded.anonymous, tribute=excluded.tribute,
	search=excluded.search, campaign_id=excluded.campaign_id, campaign_name=excluded.campaign_name,
	tribute_type=excluded.tribute_type, refunded_e4=excluded.refunded_e4, plan_interval=excluded.plan_interval,
	plan_id=excluded.plan_id`

// Put stores donations in one transaction: all of them or, on any error,
// none. A donation without an id cannot be told apart from others and is
// not stored.
func (s *Store) Put(ctx context.Context, list []api.Donation) (PutResult, error) {
	return s.PutPages(ctx, []Page{{Records: list}})
}

// write runs f in one write transaction, committed only if f succeeds.
func (s *Store) write(ctx context.Context, f func(*sql.Tx) error) error {
	return s.writeOn(ctx, s.db, f)
}

// writeOn is write on b: the store's pool, or one connection of it.
func (s *Store) writeOn(ctx context.Context, b interface {
	BeginTx(context.Context, *sql.TxOptions) (*sql.Tx, error)
}, f func(*sql.Tx) error) error {
	tx, err := b.BeginTx(ctx, nil)
	if err != nil {
		return s.explain(err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return s.explain(err)
	}
	return s.explain(tx.Commit())
}

// The statements that store a donation's record: added when new, else
// read and, when it differs, replaced.
const (
	addRecord = `INSERT INTO records (id, dict, raw) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING`
	getRecord = `SELECT dict, raw FROM records WHERE id = ?`
	setRecord = `UPDATE records SET dict = ?, raw = ? WHERE id = ?`
)

// putStmts is what a transaction that stores pages uses.
type putStmts struct {
	stmts map[string]*sql.Stmt // by query, for this transaction (see writerStmts)
	most  int                  // donations a statement stores: upsertMax or upsertDeferredMax
	s     *Store
	tx    *sql.Tx
	codec *codec         // compresses the records; nil: kept as sent
	zone  *time.Location // of the day column
}

// prepare readies a transaction that stores pages; deferred says a first
// sync defers the search index (see Begin).
func (s *Store) prepare(tx *sql.Tx, c *codec, deferred bool) *putStmts {
	st := putStmts{s: s, tx: tx, codec: c, zone: s.zone, stmts: map[string]*sql.Stmt{}, most: upsertMax}
	if deferred {
		st.most = upsertDeferredMax
	}
	return &st
}

// stmt is q for st's transaction, closed with it.
func (st *putStmts) stmt(ctx context.Context, q string) (*sql.Stmt, error) {
	if stmt, ok := st.stmts[q]; ok {
		return stmt, nil
	}
	stmt, err := st.s.writer.in(ctx, st.tx, q)
	if err == nil {
		st.stmts[q] = stmt
	}
	return stmt, err
}

// exec runs q in st's transaction.
func (st *putStmts) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	stmt, err := st.stmt(ctx, q)
	if err != nil {
		return nil, err
	}
	return stmt.ExecContext(ctx, args...)
}

// upsert stores the donations whose rows' values vals holds, st.most
// at a time.
func (st *putStmts) upsert(ctx context.Context, vals []any) error {
	for len(vals) > 0 {
		n := min(len(vals)/columns, st.most)
		if _, err := st.exec(ctx, upserts[n], vals[:n*columns]...); err != nil {
			return err
		}
		vals = vals[n*columns:]
	}
	return nil
}

// columns is the number of values of a donation's row: upsertRow's.
var columns = strings.Count(upsertRow, "?")

// put stores each donation of f that is new or changed: a sync that reads
// a page again writes nothing for it. Their records are stored one by one,
// their rows together (see upsertRows). What f's preparation made is used
// (it waits for it), what it did not make is made here.
func (st *putStmts) put(ctx context.Context, f Page) (PutResult, error) {
	var r PutResult
	vals := make([]any, 0, len(f.Records)*columns)
	rows := rowMaker{zone: st.zone} // for the rows f's preparation did not make
	pr := prepared{}
	if f.prep != nil {
		<-f.prep.done
		pr = *f.prep
	}
	for i := range f.Records {
		d := &f.Records[i]
		if !d.ID.Valid {
			continue
		}
		var packed []byte
		if pr.codec != nil && pr.codec == st.codec {
			packed = pr.packed[i]
		}
		added, changed, err := st.record(ctx, d.ID.Value, d.Raw, packed)
		if err != nil {
			return r, err
		}
		if !added && !changed {
			continue
		}
		if pr.rows != nil {
			vals = append(vals, pr.rows[i]...)
		} else {
			vals = rows.appendRow(vals, d)
		}
		if added {
			r.New++
		} else {
			r.Updated++
		}
	}
	return r, st.upsert(ctx, vals)
}

// record stores raw as the record of id unless the store holds those very
// bytes for it: added when it held no record of id, changed when another.
// It is added first and looked for only if it was held: most records a
// sync stores are new. What is held is restored to compare, rather than
// compared compressed: a record compressed before the dictionary, or by
// another version of the compressor, is the same record. packed is raw
// compressed with st.codec already, or nil.
func (st *putStmts) record(ctx context.Context, id int64, raw, packed []byte) (added, changed bool, err error) {
	dict := int64(0)
	switch {
	case st.codec == nil:
		packed = raw
	case packed == nil:
		if packed, err = st.codec.pack(raw); err != nil {
			return false, false, err
		}
		fallthrough
	default:
		dict = st.codec.id
	}
	res, err := st.exec(ctx, addRecord, id, dict, packed)
	if err != nil {
		return false, false, err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return n > 0, false, err
	}
	var heldDict int64
	var held []byte
	get, err := st.stmt(ctx, getRecord)
	if err != nil {
		return false, false, err
	}
	if err := get.QueryRowContext(ctx, id).Scan(&heldDict, &held); err != nil {
		return false, false, err
	}
	was, err := st.s.unpack(ctx, st.tx, id, heldDict, held, st.codec)
	if err != nil || bytes.Equal(was, raw) {
		return false, false, err
	}
	_, err = st.exec(ctx, setRecord, dict, packed, id)
	return false, true, err
}
