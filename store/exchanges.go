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

// exchangeSchema keeps the request that last brought each stored donation
// (schema 9), for the raw view: one row per page request, its headers as
// the client kept them (the credentials never in them), and which request
// brought each donation. A million donations came in 10,000 requests. The
// index on the request finds the requests no donation refers to any more,
// which a sync's end deletes.
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

// keepExchange records ex as the request that brought list, which the
// transaction has just stored. A page that stored nothing leaves no
// request behind.
func keepExchange(ctx context.Context, tx *sql.Tx, ex *api.Exchange, list []api.Donation) error {
	ids := make([]byte, 0, 8*len(list)+2)
	ids = append(ids, '[')
	for i := range list {
		if !list[i].ID.Valid {
			continue // not stored: put skips it too
		}
		if len(ids) > 1 {
			ids = append(ids, ',')
		}
		ids = strconv.AppendInt(ids, list[i].ID.Value, 10)
	}
	if len(ids) == 1 {
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
	// The requests that brought these donations before are the only ones
	// this page can leave without a donation: they are checked here, in
	// the page's transaction, where a sync's end looked all of them up
	// (10,000 at a million: 7 % of what a sync of 250 new cost).
	var before string
	if err := tx.QueryRowContext(ctx, `SELECT json_group_array(DISTINCT exchange) FROM exchange_of
		WHERE id IN (SELECT value FROM json_each(?))`, string(ids)).Scan(&before); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRowContext(ctx, `INSERT INTO exchanges (at, page, method, url, user, status, bytes, duration_us, attempt, sent, received)
		VALUES (?,?,?,?,?,?,?,?,?,?,?) RETURNING id`,
		ex.At.UnixMilli(), ex.Page, ex.Method, ex.URL, ex.User, ex.Status, ex.Bytes, ex.Duration.Microseconds(), ex.Attempt,
		string(sent), string(received)).Scan(&id)
	if err != nil {
		return err
	}
	// WHERE true: without it SQLite reads ON CONFLICT as the join's ON.
	_, err = tx.ExecContext(ctx, `INSERT INTO exchange_of (id, exchange) SELECT value, ? FROM json_each(?) WHERE true
		ON CONFLICT(id) DO UPDATE SET exchange = excluded.exchange`, id, string(ids))
	if err != nil || before == "[]" {
		return err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM exchanges WHERE id IN (SELECT value FROM json_each(?)) AND `+unreferenced, before)
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
	if len(ids) == 0 || !s.exchangesKept {
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
