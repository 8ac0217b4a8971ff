package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// object is one entry of a database's schema (sqlite_master).
type object struct{ typ, name, table, sql string }

// schemaOf reads a database's objects by name, leaving out SQLite's own
// (sqlite_autoindex_*, sqlite_stat1). Reading the schema runs nothing in it.
func schemaOf(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (map[string]object, error) {
	rows, err := q.QueryContext(ctx, `SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master
		WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]object{}
	for rows.Next() {
		var o object
		if err := rows.Scan(&o.typ, &o.name, &o.table, &o.sql); err != nil {
			return nil, err
		}
		o.sql = strings.Join(strings.Fields(o.sql), " ")
		out[o.name] = o
	}
	return out, rows.Err()
}

// made is the schema this program makes.
var made = sync.OnceValues(func() (map[string]object, error) { return madeOf(schema()) })

// madeSum is schemaSum of made: a store of this version whose objects have
// this sum is as this program makes it, checked without making the schema
// in memory to compare, which would be much of what a quick command such
// as  list --offline --newest 10  spends. TestMadeSum gives the new sum
// when the schema changes; until then stores are checked the slow way, as
// surely.
const madeSum = "1185495c96f04cdcfec9586bdcba61b9d5fd919820ece389ab3301694e30faa8"

// schemaSum is a SHA-256 of a database's objects, in the order of their
// names.
func schemaSum(have map[string]object) string {
	h := sha256.New()
	for _, name := range sortedNames(have) {
		o := have[name]
		for _, f := range []string{o.typ, o.name, o.table, o.sql} {
			h.Write([]byte(f))
			h.Write([]byte{0})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// madeOf is the schema stmts make, read from a database in memory that
// they made: SQLite's own rewriting of the statements, and the search
// index's own tables, are then what a store holds too.
func madeOf(stmts []string) (map[string]object, error) {
	db, err := sql.Open("sqlite", "file:donations-schema?mode=memory")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	for _, stmt := range stmts {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			return nil, err
		}
	}
	return schemaOf(ctx, db)
}

// checkSchema refuses a store whose objects are not the ones this program
// makes, before any query reads it: a store is read as it is, so a view in
// place of the donations (a recursive one runs every command until it is
// killed) or a trigger of someone else's would run inside every command.
// One of an older version is rebuilt, so it must be one, its records and
// meta tables (the rebuild drops every trigger and view before it reads
// them, and checks what it made): a file that holds anything else
// (another program's tables) is left as it is.
func (s *Store) checkSchema(ctx context.Context, v int) error {
	have, err := schemaOf(ctx, s.db)
	if err != nil {
		return err
	}
	where := s.path
	if where == "" {
		where = "memory"
	}
	switch {
	case v == schemaVersion && schemaSum(have) == madeSum:
	case v == schemaVersion:
		problem, err := differs(have, s.deferring(ctx, have))
		if problem != "" || err != nil {
			return cmpOr(err, fmt.Errorf("%w (%s: %s); run  donations cache clear  and sync again", ErrCorrupt, where, problem))
		}
	case len(have) == 0 || v > schemaVersion: // new, or refused as newer by migrate
	case !oursOlder(have) || v >= oldestRebuilt && !truthKept(have):
		return fmt.Errorf("%w (%s holds %s): it is left as it is; move it away, or remove it with  donations cache clear", ErrNotStore, where, describe(have))
	}
	return nil
}

func cmpOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// deferring says whether the store says a first sync defers its upkeep,
// when its meta table is the one this program makes: the upkeep's objects
// may then be missing.
func (s *Store) deferring(ctx context.Context, have map[string]object) bool {
	want, err := made()
	if err != nil || have["meta"] != want["meta"] {
		return false
	}
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FROM meta WHERE key = ?`, metaDeferred).Scan(&n)
	return err == nil && n > 0
}

// differs says how have differs from the schema this program makes, or
// ""; with deferring, the objects of the upkeep a first sync defers may be
// missing.
func differs(have map[string]object, deferring bool) (string, error) {
	want, err := made()
	if err != nil {
		return "", err
	}
	for _, name := range sortedNames(have) {
		o, w := have[name], want[name]
		switch {
		case w.name == "":
			return fmt.Sprintf("%s %s is not one this program makes", o.typ, name), nil
		case o.typ != w.typ:
			return fmt.Sprintf("%s is a %s, not a %s", name, o.typ, w.typ), nil
		case o.table != w.table || o.sql != w.sql:
			return fmt.Sprintf("%s %s is not as this program makes it", o.typ, name), nil
		}
	}
	for _, name := range sortedNames(want) {
		if _, ok := have[name]; !ok && !(deferring && upkeep(want[name])) {
			return fmt.Sprintf("%s %s is missing", want[name].typ, name), nil
		}
	}
	return "", nil
}

// oursOlder says whether have is a store of an older schema: its donations,
// meta and search index, and nothing but tables, indexes and triggers of
// the names stores have had.
func oursOlder(have map[string]object) bool {
	for _, name := range []string{"donations", "meta", "donations_fts"} {
		if have[name].typ != "table" {
			return false
		}
	}
	if !strings.HasPrefix(have["donations_fts"].sql, "CREATE VIRTUAL TABLE") {
		return false
	}
	for name, o := range have {
		known := slices.ContainsFunc([]string{"donations", "records", "meta", "rollup", "donors", "exchange", "kind_"},
			func(p string) bool { return strings.HasPrefix(name, p) })
		// No view but the search index's own, which a rebuild drops unread.
		if !known || o.typ == "view" && name != "donations_search" {
			return false
		}
	}
	return true
}

// truthKept says whether a store of an older schema holds the tables a
// rebuild reads as tables: records and their dictionaries, and meta.
func truthKept(have map[string]object) bool {
	for _, name := range []string{"records", "records_dict", "meta"} {
		if have[name].typ != "table" || strings.HasPrefix(have[name].sql, "CREATE VIRTUAL TABLE") {
			return false
		}
	}
	return true
}

// describe names a few of a database's objects, for a message.
func describe(have map[string]object) string {
	names := sortedNames(have)
	var parts []string
	for _, name := range names[:min(len(names), 5)] {
		parts = append(parts, have[name].typ+" "+name)
	}
	if len(names) > 5 {
		parts = append(parts, fmt.Sprintf("%d more", len(names)-5))
	}
	return strings.Join(parts, ", ")
}

func sortedNames(m map[string]object) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
