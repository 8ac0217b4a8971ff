package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"

	"modernc.org/sqlite"

	"donations/safefs"
)

// The end of a first sync into a file, done in turn on one connection,
// leaves the machine's other cores idle through its search index,
// compaction, deferred indexes and sums (rollups and donors). The search
// index and most sums read only the donations, which the compaction
// leaves as they are: a second connection (WAL lets it read what the
// writer committed while it writes) builds the search index and some
// sums (see addUps) meanwhile into a scratch file of its own (sidePath),
// and copies them into the store in the last transaction. That
// transaction removes the meta key deferred: a sync killed at any point
// before leaves it set, and the next one builds it all again.

// sideSchema is the name the scratch file is attached under.
const sideSchema = "sums"

// sidePath is the scratch file beside the store at path: in its private
// folder, removed when what it holds is copied in, after an error, and by
// Remove (one a killed sync left is replaced before use).
func sidePath(path string) string { return path + "-sums" }

// sideTables are the tables the parts of addUps added up beside the
// writer fill.
func sideTables() []string {
	var out []string
	for _, a := range addUps {
		if a.beside {
			out = append(out, a.tables...)
		}
	}
	return out
}

// side is the connection that builds beside the writer, with its scratch
// file attached.
type side struct {
	db   *sql.DB
	conn *sql.Conn
	path string
}

// buildBeside is buildDeferred on a store on disk: on conn the
// compaction, the deferred indexes and the sums addUps keeps there; the
// search index and the other sums beside it (see side), copied in at the
// end. The compaction then has no search index to copy. A failure on
// either side stops the other before the scratch file is removed.
func (s *Store) buildBeside(ctx context.Context, conn *sql.Conn) (err error) {
	sd, err := s.openSide(ctx)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, sd.close()) }()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	built := make(chan error, 1)
	go func() { built <- sd.build(ctx) }()
	err = s.compact(ctx, conn)
	if err == nil {
		// Committed apart, the meta key deferred still set: the triggers
		// made stay idle until the sums are whole.
		err = s.sorting(ctx, conn, func(tx *sql.Tx) error {
			if err := makeUpkeep(ctx, tx); err != nil {
				return err
			}
			return addUpParts(ctx, tx, "", false)
		})
	}
	if err != nil {
		cancel()
		<-built
		return err
	}
	if err := <-built; err != nil {
		return s.explain(err)
	}
	return s.writeOn(ctx, sd.conn, func(tx *sql.Tx) error { return copyBuilt(ctx, tx) })
}

// build builds in the scratch file the search index (as the writer would,
// from the store's own settings, copied first) and the sums that read the
// donations alone.
func (sd *side) build(ctx context.Context) error {
	in := sideSchema + "."
	if err := execAll(ctx, sd.conn, copyTables(in, "main.", searchTables)); err != nil {
		return err
	}
	if err := fillSearch(ctx, sd.conn, in); err != nil {
		return err
	}
	return addUpParts(ctx, sd.conn, in, true)
}

// addUpParts adds up the parts of addUps beside says, into the schema into.
func addUpParts(ctx context.Context, x execer, into string, beside bool) error {
	for _, a := range addUps {
		if a.beside != beside {
			continue
		}
		if err := a.fill(ctx, x, into); err != nil {
			return err
		}
	}
	return nil
}

// copyBuilt copies into the store, in one transaction with the meta key
// deferred removed, what the side built, each table whole (SQLite copies
// a table into an empty one of the same shape with its indexes as they
// are, in their order, sorting nothing again). It runs on the side's
// connection: FTS5 keeps an index's structure per connection until
// another one commits (or the schema changes, as the deferred indexes
// did), so every other one, the writer's among them, reads the copied
// index. A store whose deferred key another process's end removed
// meanwhile is left as it is: its triggers have kept its index and sums
// since.
func copyBuilt(ctx context.Context, tx *sql.Tx) error {
	if deferred, err := metaIn(ctx, tx, metaDeferred); err != nil || deferred == "" {
		return err
	}
	stmts := []string{`DELETE FROM meta WHERE key = '` + metaDeferred + `'`}
	stmts = append(stmts, copyTables("main.", sideSchema+".", slices.Concat(searchTables, sideTables()))...)
	if err := execAll(ctx, tx, stmts); err != nil {
		return err
	}
	return setMeta(ctx, tx, metaSearchBuilt, "1")
}

// copyTables copies each of tables whole from the schema from into the
// schema to ("name.").
func copyTables(to, from string, tables []string) []string {
	var stmts []string
	for _, t := range tables {
		stmts = append(stmts, "DELETE FROM "+to+t, "INSERT INTO "+to+t+" SELECT * FROM "+from+t)
	}
	return stmts
}

// openSide opens a second connection to the store, which spills its sorts
// to files as the writer's does (see spilling), in a reader's cache: a
// sorter's beside the writer's would raise the first sync's peak memory
// and end it no sooner, the rollups' sorts being short. It attaches a new
// scratch file holding empty tables of the shape of the store's own.
func (s *Store) openSide(ctx context.Context) (*side, error) {
	sd := &side{path: sidePath(s.path)}
	if err := freshPrivate(sd.path); err != nil {
		return nil, fmt.Errorf("local store: the file the end of a first sync builds in: %w", err)
	}
	c, err := sqlite.NewConnector(fileURI(s.path) + "?_pragma=busy_timeout(60000)&_pragma=synchronous(NORMAL)" +
		"&_pragma=temp_store(FILE)&_pragma=cache_size(-" + strconv.Itoa(readerCache) + ")&_pragma=journal_size_limit(16777216)&_txlock=immediate")
	if err == nil {
		sd.db = sql.OpenDB(c)
		sd.db.SetMaxOpenConns(1)
		sd.conn, err = sd.db.Conn(ctx)
	}
	if err == nil {
		err = sd.attach(ctx)
	}
	if err != nil {
		return nil, errors.Join(s.explain(err), sd.close())
	}
	return sd, nil
}

// attach attaches the scratch file, without a journal or syncs (it is
// thrown away whatever happens), and makes the search index and the
// tables the sums are added up in as the store's own are, with the
// donors' indexes.
func (sd *side) attach(ctx context.Context) error {
	stmts := []string{"ATTACH DATABASE ? AS " + sideSchema,
		"PRAGMA " + sideSchema + ".journal_mode = OFF", "PRAGMA " + sideSchema + ".synchronous = OFF"}
	for i, q := range stmts {
		var args []any
		if i == 0 {
			args = []any{sd.path}
		}
		if _, err := sd.conn.ExecContext(ctx, q, args...); err != nil {
			return err
		}
	}
	for _, t := range append(sideTables(), "donations_fts") {
		if err := sd.copyShape(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// copyShape makes table t and its indexes in the scratch file as the
// store has them: SQLite copies a table whole only into one of the same
// columns and indexes.
func (sd *side) copyShape(ctx context.Context, t string) error {
	// The table first: 'table' sorts after 'index'.
	rows, err := sd.conn.QueryContext(ctx, `SELECT name, sql FROM main.sqlite_schema WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC`, t)
	if err != nil {
		return err
	}
	var stmts []string
	for rows.Next() {
		var name, q string
		if err := rows.Scan(&name, &q); err != nil {
			rows.Close()
			return err
		}
		named := regexp.MustCompile(`^CREATE (UNIQUE |VIRTUAL )?(TABLE|INDEX) ` + regexp.QuoteMeta(name) + `\b`)
		loc := named.FindStringIndex(q)
		if loc == nil {
			rows.Close()
			return fmt.Errorf("the store's %s is made by %q, which names it otherwise", name, q)
		}
		stmts = append(stmts, q[:loc[1]-len(name)]+sideSchema+"."+q[loc[1]-len(name):])
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	return execAll(ctx, sd.conn, stmts)
}

// close closes the side's connection and removes its scratch file.
func (sd *side) close() error {
	if sd.conn != nil {
		sd.conn.Close()
	}
	if sd.db != nil {
		sd.db.Close()
	}
	if err := os.Remove(sd.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// freshPrivate makes an empty file at path, the user's, 0600. Whatever was
// there (a scratch file a killed sync left, or anything planted) is
// unlinked first, which never follows a symlink: its target, or a hard
// link's other name, stays as it was. The new file is made only if none is
// there, never through a link.
func freshPrivate(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|safefs.NoFollow, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}
