package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// schemaVersion changes whenever a column or index changes; a store of an
// older version is rebuilt (it is a cache), a newer one refused.
const schemaVersion = 7

// Store is one profile's donations on disk, or in memory.
type Store struct {
	db   *sql.DB
	path string         // "" in memory
	zone *time.Location // the donations' days are dates in it (meta zone)
}

// ErrNewer, ErrCorrupt and ErrNoSpace say what is wrong with a store file;
// each error that wraps them says what to run.
var (
	ErrNewer   = errors.New("the local store was written by a newer version of donations")
	ErrCorrupt = errors.New("the local store is damaged")
	ErrNoSpace = errors.New("the disk is full")
)

// Open opens (creating it if need be) the store at path, private to the user.
func Open(ctx context.Context, path string) (*Store, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("local store: %w", err)
	}
	// SQLite gives the -wal and -shm files the database file's mode, so the
	// file is made private before SQLite first opens it.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("local store: %w", err)
	}
	f.Close()
	if err := os.Chmod(path, 0o600); err != nil {
		return nil, fmt.Errorf("local store: %w", err)
	}
	// A sync's write-ahead log is cut back to 16 MB after each checkpoint,
	// rather than keep the size of the largest sync on disk for good.
	// A second process waits up to a minute for the first one's write (a
	// merge of the search index on a large store takes seconds) rather than
	// fail. WAL is set once the schema exists (see migrate), not here: it
	// would fix the page size before migrate can choose it.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(60000)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=journal_size_limit(16777216)&_txlock=immediate"
	return open(ctx, dsn, path, 4)
}

var memories atomic.Int64

// Memory is a store that lives in memory and is gone when closed.
func Memory(ctx context.Context) (*Store, error) {
	// One connection: every connection to a memory database is a database of
	// its own, so the pool must never close or add one.
	name := fmt.Sprintf("file:donations-%d?mode=memory&_pragma=temp_store(MEMORY)&_txlock=immediate", memories.Add(1))
	return open(ctx, name, "", 1)
}

func open(ctx context.Context, dsn, path string, conns int) (*Store, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("local store: %w", err)
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(0)
	s := &Store{db: db, path: path}
	err = s.migrate(ctx)
	if err == nil {
		var name string
		name, err = s.meta(ctx, metaZone)
		s.zone = loadZone(name)
	}
	if err == nil && path != "" {
		// WAL lets the browser read while a sync writes; it is kept in the file.
		_, err = db.ExecContext(ctx, `PRAGMA journal_mode = WAL`)
	}
	if err != nil {
		db.Close()
		return nil, s.explain(err)
	}
	return s, nil
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// Path is the store's file, or "" for a store in memory.
func (s *Store) Path() string { return s.path }

// explain turns SQLite's codes into errors that say what to do.
func (s *Store) explain(err error) error {
	var se *sqlite.Error
	where := s.path
	if where == "" {
		where = "memory"
	}
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w (%s: %v); run  donations cache clear  and sync again", ErrCorrupt, where, se)
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return fmt.Errorf("local store %s is busy: another donations process has been writing it for a minute; try again when it is done", where)
	case sqlite3.SQLITE_FULL:
		return fmt.Errorf("local store %s: %w; free some space: what was stored before is kept", where, ErrNoSpace)
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_IOERR:
		return fmt.Errorf("local store %s cannot be written (%v); check the folder's permissions, or use --no-cache", where, se)
	}
	return fmt.Errorf("local store %s: %w", where, err)
}
