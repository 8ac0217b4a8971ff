package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"donations/api"
)

// exchangeSchema keeps the request that last brought each stored donation,
// for the raw view: one row per page request (a page brings many
// donations), its headers as the client kept them (the credentials never
// in them), and which request brought each donation. The index on the
// request finds the requests no donation refers to any more, which a
// sync's end deletes.
var exchangeSchema = []string{
	`CREATE TABLE exchanges (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, page INTEGER NOT NULL,
		method TEXT NOT NULL, url TEXT NOT NULL, user TEXT NOT NULL, status INTEGER NOT NULL,
		bytes INTEGER NOT NULL, duration_us INTEGER NOT NULL, attempt INTEGER NOT NULL,
		sent TEXT NOT NULL, received TEXT NOT NULL)`,
	`CREATE TABLE exchange_of (id INTEGER PRIMARY KEY, exchange INTEGER NOT NULL)`,
	`CREATE INDEX exchange_of_exchange ON exchange_of(exchange)`,
	`CREATE TRIGGER donations_ad_exchange AFTER DELETE ON donations BEGIN
		DELETE FROM exchange_of WHERE id = old.id; END`,
}

// The statements that keep a page's request (see keepExchange).
const (
	exchangeInsert = `INSERT INTO exchanges (at, page, method, url, user, status, bytes, duration_us, attempt, sent, received)
		VALUES (?,?,?,?,?,?,?,?,?,?,?) RETURNING id`
	// WHERE true: without it SQLite reads ON CONFLICT as the join's ON.
	exchangeMapNew = `INSERT INTO exchange_of (id, exchange) SELECT value, ? FROM json_each(?) WHERE true
		ON CONFLICT(id) DO NOTHING`
	exchangesBefore = `SELECT json_group_array(DISTINCT exchange) FROM exchange_of
		WHERE id IN (SELECT value FROM json_each(?2)) AND exchange <> ?1`
	exchangeMapAll = `UPDATE exchange_of SET exchange = ?1 WHERE id IN (SELECT value FROM json_each(?2))`
	exchangeDrop   = `DELETE FROM exchanges WHERE id IN (SELECT value FROM json_each(?)) AND ` + unreferenced
)

// keepExchange records ex as the request that brought list, which the
// transaction has just stored. A page that stored nothing leaves no
// request behind.
func (st *putStmts) keepExchange(ctx context.Context, ex *api.Exchange, list []api.Donation) error {
	ids := make([]byte, 0, 8*len(list)+2)
	ids = append(ids, '[')
	n := int64(0)
	for i := range list {
		if !list[i].ID.Valid {
			continue // not stored: put skips it too
		}
		if n++; n > 1 {
			ids = append(ids, ',')
		}
		ids = strconv.AppendInt(ids, list[i].ID.Value, 10)
	}
	if n == 0 {
		return nil
	}
	ids = append(ids, ']')
	sent, err := json.Marshal(ex.Sent)
	if err != nil {
		return err
	}
	received, err := json.Marshal(ex.Header)
	if err != nil {
		return err
	}
	ins, err := st.stmt(ctx, exchangeInsert)
	if err != nil {
		return err
	}
	var id int64
	err = ins.QueryRowContext(ctx, ex.At.UnixMilli(), ex.Page, ex.Method, ex.URL, ex.User, ex.Status, ex.Bytes,
		ex.Duration.Microseconds(), ex.Attempt, string(sent), string(received)).Scan(&id)
	if err != nil {
		return err
	}
	res, err := st.exec(ctx, exchangeMapNew, id, string(ids))
	if err != nil {
		return err
	}
	if added, err := res.RowsAffected(); err != nil || added == n {
		return err // every donation new to the mapping: no request before
	}
	return st.moveExchange(ctx, id, string(ids))
}

// moveExchange maps the donations ids to the request id where the store
// held them by another, and deletes those others that it leaves without
// a donation: they are the only ones a page can leave so, checked here, in
// the page's transaction, so that a sync's end need not look all of them
// up, which at a large store would be much of a small sync.
func (st *putStmts) moveExchange(ctx context.Context, id int64, ids string) error {
	before, err := st.stmt(ctx, exchangesBefore)
	if err != nil {
		return err
	}
	var was string
	if err := before.QueryRowContext(ctx, id, ids).Scan(&was); err != nil {
		return err
	}
	if _, err := st.exec(ctx, exchangeMapAll, id, ids); err != nil || was == "[]" {
		return err
	}
	_, err = st.exec(ctx, exchangeDrop, was)
	return err
}

// unreferenced is true of a request no stored donation was last brought by.
const unreferenced = `NOT EXISTS (SELECT 1 FROM exchange_of WHERE exchange_of.exchange = exchanges.id)`

// dropUnreferenced deletes the requests that no stored donation was last
// brought by: a page read again, or donations removed, leave them behind.
func dropUnreferenced(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM exchanges WHERE `+unreferenced)
	return err
}

// Exchanges is, for those of ids the store holds, the request that last
// brought each one; a donation stored by an older version, or by Put, has
// none. Donations brought by one request share its *api.Exchange.
func (s *Store) Exchanges(ctx context.Context, ids []int64) (map[int64]*api.Exchange, error) {
	out := map[int64]*api.Exchange{}
	if len(ids) == 0 {
		return out, nil
	}
	list := make([]string, len(ids))
	for i, id := range ids {
		list[i] = strconv.FormatInt(id, 10)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, e.id, e.at, e.page, e.method, e.url, e.user, e.status, e.bytes,
		e.duration_us, e.attempt, e.sent, e.received
		FROM exchange_of m JOIN exchanges e ON e.id = m.exchange
		WHERE m.id IN (SELECT value FROM json_each(?))`, "["+strings.Join(list, ",")+"]")
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	byExchange := map[int64]*api.Exchange{}
	for rows.Next() {
		var id, eid, at, us int64
		var x api.Exchange
		var sent, received string
		if err := rows.Scan(&id, &eid, &at, &x.Page, &x.Method, &x.URL, &x.User, &x.Status, &x.Bytes,
			&us, &x.Attempt, &sent, &received); err != nil {
			return nil, s.explain(err)
		}
		if held, ok := byExchange[eid]; ok {
			out[id] = held
			continue
		}
		x.At, x.Duration = time.UnixMilli(at), time.Duration(us)*time.Microsecond
		// The store wrote them: headers that do not read are damage.
		if err := json.Unmarshal([]byte(sent), &x.Sent); err != nil {
			return nil, s.damaged(fmt.Errorf("the request of donation %d: %w", id, err))
		}
		if err := json.Unmarshal([]byte(received), &x.Header); err != nil {
			return nil, s.damaged(fmt.Errorf("the request of donation %d: %w", id, err))
		}
		byExchange[eid], out[id] = &x, &x
	}
	return out, s.explain(rows.Err())
}
