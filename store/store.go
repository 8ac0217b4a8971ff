package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"donations/safefs"
)

// schemaVersion changes whenever what is derived from the records changes
// (a column, an index, a sum): a store of an older version is rebuilt from
// its records (see rebuild), a newer one refused.
const schemaVersion = 33

// Store is one profile's donations on disk, or in memory.
type Store struct {
	db   *sql.DB
	path string         // "" in memory
	zone *time.Location // the donations' days are dates in it (meta zone)
	mode fs.FileMode    // the file's permissions: without the owner's write bit it is read-only

	matches matchCount // the last search counted, for Window's plan
	codecs  codecs     // the dictionaries its records are compressed with

	writer writerStmts // the statements that store pages

	finished time.Duration // what opening it took to finish a first sync's end (Finished)
}

func (s *Store) readOnly() bool { return s.mode&0o200 == 0 }

// ErrNewer, ErrCorrupt, ErrNotStore and ErrNoSpace say what is wrong with a
// store file; each error that wraps them says what to run.
var (
	ErrNewer    = errors.New("the local store was written by a newer version of donations")
	ErrCorrupt  = errors.New("the local store is damaged")
	ErrNotStore = errors.New("the file at the local store's name is not a store of donations")
	ErrNoSpace  = errors.New("the disk is full")
)

// Open opens (creating it if need be) the store at path, private to the
// user. The folder and the files are checked first (see privateFolder and
// private), and the file again once SQLite has it open: in a folder only the
// user can change, nothing can have swapped it in between. A file the user
// made read-only (no write bit for its owner) is opened read-only: it
// answers the commands that only read.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, Opening{})
}

// Opening is what OpenWith does beside what Open does. A first sync
// stopped after it recorded its end but before it built the search index
// and the sums leaves them to the next open, which builds them (seconds
// for a large store), cancelled by ctx (the next open starts it again).
type Opening struct {
	// Finishing, when set, is told on the caller's goroutine as that build
	// starts, so that a command can say why it waits.
	Finishing func()
	// Rebuilding, when set, is told how far the rebuild of a store of an
	// older version from its records has come, on the caller's goroutine:
	// as it starts, every few thousand records, once they are all read,
	// and as the search index and the sums are built. ctx cancels it (the
	// store is then left as it was).
	Rebuilding func(Rebuild)
	// NoRoom, when set, is told when that build stopped on a full disk:
	// the open answers without it (searches read the search column of
	// every donation meanwhile), and the next open tries again.
	NoRoom func()
	// Unfinished leaves the build, and such a rebuild (ErrRebuildLeft),
	// to the next open, for a process that reads or keeps only what was
	// learned of the server: it must not wait for work it has no use for.
	Unfinished bool
}

// ErrRebuildLeft is what an Unfinished open returns for a store whose
// rebuild it leaves to the next open.
var ErrRebuildLeft = errors.New("local store: its rebuild for this version is left to the next command that reads it")

// OpenWith is Open, as o says.
func OpenWith(ctx context.Context, path string, o Opening) (*Store, error) {
	if err := privateFolder(filepath.Dir(path)); err != nil {
		return nil, refused(err, "set XDG_CACHE_HOME to a folder of yours, or use --no-cache")
	}
	before, err := privateFiles(path)
	if err != nil {
		return nil, refused(err, "run  donations cache clear  to remove the store and the files beside it")
	}
	// A sync's write-ahead log is cut back to 16 MB after each checkpoint,
	// rather than keep the size of the largest sync on disk for good.
	// A second process waits up to a minute for the first one's write (a
	// merge of the search index on a large store takes seconds) rather than
	// fail. WAL is set once the schema exists (see migrate), not here: it
	// would fix the page size before migrate can choose it.
	dsn := fileURI(path) +
		"?_pragma=busy_timeout(60000)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=journal_size_limit(16777216)&_txlock=immediate"
	mode := before.Mode().Perm()
	if mode&0o200 == 0 {
		dsn += "&mode=ro"
	}
	s, err := open(ctx, dsn, path, 4, mode, o)
	if err != nil {
		return nil, err
	}
	if after, err := os.Lstat(path); err != nil || !os.SameFile(before, after) {
		s.Close()
		return nil, fmt.Errorf("local store %s was replaced while it was being opened; try again", path)
	}
	return s, nil
}

// fileURI is the URI SQLite opens the file at path by.
func fileURI(path string) string { return "file:" + (&url.URL{Path: path}).EscapedPath() }

// refused says why a store's file or folder is not used, and what to do.
func refused(err error, fix string) error {
	var u *safefs.Unsafe
	if errors.As(err, &u) && u.Fix != "" {
		fix = "run  " + u.Fix
		err = errors.New(strings.TrimSuffix(u.Error(), ": run  "+u.Fix))
	}
	return fmt.Errorf("local store: %w; it is not used: %s", err, fix)
}

var memories atomic.Int64

// Memory is a store that lives in memory and is gone when closed.
func Memory(ctx context.Context) (*Store, error) {
	// One connection: every connection to a memory database is a database of
	// its own, so the pool must never close or add one.
	name := fmt.Sprintf("file:donations-%d?mode=memory&_pragma=temp_store(MEMORY)&_txlock=immediate", memories.Add(1))
	return open(ctx, name, "", 1, 0o600, Opening{})
}

func open(ctx context.Context, dsn, path string, conns int, mode fs.FileMode, o Opening) (*Store, error) {
	if err := errors.Join(pageCacheErr, registerFunctions(), registerJSONSize()); err != nil {
		return nil, fmt.Errorf("local store: %w", err)
	}
	db, err := openDB(dsn)
	if err != nil {
		return nil, fmt.Errorf("local store: %w", err)
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(0)
	s := &Store{db: db, path: path, mode: mode}
	var last Rebuild // what the rebuild last told
	if told := o.Rebuilding; told != nil {
		o.Rebuilding = func(p Rebuild) { last = p; told(p) }
	}
	rebuilt, err := s.migrate(ctx, o)
	if err == nil {
		var name string
		name, err = s.meta(ctx, metaZone)
		s.zone = loadZone(name)
	}
	if err == nil && !s.readOnly() && !o.Unfinished {
		// A build that a full disk stopped is left to the next sync: what
		// the store holds answers without it (filters and sums read the
		// donations while it waits), and the reading commands must not fail
		// on a write they never asked for.
		finishing := o.Finishing
		if rebuilt && o.Rebuilding != nil {
			finishing = func() { last.Summing = true; o.Rebuilding(last) }
		}
		if err = s.buildCutShort(ctx, finishing); errors.Is(s.explain(err), ErrNoSpace) {
			err = nil
			if o.NoRoom != nil {
				o.NoRoom()
			}
		}
	}
	if err == nil && path != "" && !s.readOnly() {
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
func (s *Store) Close() error {
	s.writer.close()
	return s.db.Close()
}

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
		if s.readOnly() {
			return fmt.Errorf("local store %s is read-only (mode %04o): it answers what reads it, but a sync cannot write it; run  chmod u+w %s  to sync", where, s.mode, where)
		}
		return fmt.Errorf("local store %s cannot be written (%v); check the folder's permissions, or use --no-cache", where, se)
	}
	return fmt.Errorf("local store %s: %w", where, err)
}
