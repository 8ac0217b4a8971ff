package dataset

import (
	"context"
	"time"

	"donations/api"
	"donations/query"
	"donations/report"
	"donations/store"
)

// Local is the account's store as the program holds it: the commands and
// the browser open it here and read and sync it through the dataset alone
// (the zero Local: none could be opened).
type Local struct{ st *store.Store }

// Hold is st, a store opened elsewhere (a test's, a script's), as the
// program holds it; nil: no store.
func Hold(st *store.Store) Local { return Local{st} }

// LocalFile is where the account at baseURL as username keeps its store
// in dir. A store an earlier version kept for it under its profile's name
// (old) is moved there first (moved) when it is proven to be this
// account's; one that cannot be, or cannot be moved (err), is left as it
// is, and the account gets its own.
func LocalFile(ctx context.Context, dir, profile, baseURL, username string) (path, old string, moved bool, err error) {
	path = store.File(dir, baseURL, username)
	old = store.LegacyFile(dir, profile, username, baseURL)
	moved, err = store.Carry(ctx, old, path, baseURL, username)
	return path, old, moved, err
}

// AccountName is the account's name as its store's file takes it: what
// else is kept per account is named alike.
func AccountName(baseURL, username string) string { return store.Name(baseURL, username) }

// Opening is what opening the account's store tells as it works, on the
// caller's goroutine, so that a command can say why it waits.
type Opening struct {
	// Finishing: the search index and the sums a stopped first sync left
	// are being built.
	Finishing func()
	// NoRoom: that build stopped on a full disk; the store answers
	// without it, and the next open tries again.
	NoRoom func()
	// Rebuilding: how far the rebuild of a store of an older version from
	// its records has come.
	Rebuilding func(Rebuild)
}

// Rebuild is how far a rebuild from the records has come: the records
// the store holds, those read so far and those of them that could not be
// read (left out: a full sync fetches them again), and whether every
// record is read and the search index and the sums are being built.
type Rebuild struct {
	Records, Read, Unreadable int
	Summing                   bool
}

// OpenLocal opens the account's store at path, as o says.
func OpenLocal(ctx context.Context, path string, o Opening) (Local, error) {
	so := store.Opening{Finishing: o.Finishing, NoRoom: o.NoRoom}
	if o.Rebuilding != nil {
		so.Rebuilding = func(p store.Rebuild) { o.Rebuilding(Rebuild(p)) }
	}
	st, err := store.OpenWith(ctx, path, so)
	return Local{st}, err
}

// InMemory is a store that lives in memory, gone once closed: --demo's,
// --no-cache's, and a question's the API answers.
func InMemory(ctx context.Context) (Local, error) {
	st, err := store.Memory(ctx)
	return Local{st}, err
}

// RemoveLocal deletes the store at path and its companion files; a
// missing one is no error.
func RemoveLocal(path string) error { return store.Remove(path) }

// Report reads the report named for q over everything the store holds
// that q's filter selects, with the range table's bands.
func (l Local) Report(ctx context.Context, name string, q report.Query, bands []int64) (report.Result, error) {
	return report.Read(ctx, l.st, name, q, bands)
}

// Close closes the store.
func (l Local) Close() error { return l.st.Close() }

// Watch is Watch of the store held.
func (l Local) Watch(ctx context.Context, o WatchOptions) *Watcher { return Watch(ctx, l.st, o) }

// Sync is Sync of the store held.
func (l Local) Sync(ctx context.Context, src Source, o SyncOptions) (SyncResult, error) {
	return Sync(ctx, l.st, src, o)
}

// Stored says whether a sync has stored a page yet: a first sync cut
// short answers for what it holds.
func (l Local) Stored(ctx context.Context) (bool, error) {
	c, err := l.st.Extent(ctx)
	return len(c.Spans) > 0, err
}

// Synced is when a sync, and one that read every page, last finished;
// zero if none has.
func (l Local) Synced(ctx context.Context) (last, full time.Time, err error) {
	return l.st.Synced(ctx)
}

// Finishing is what opening the store took to finish what a stopped
// first sync left (the search index, the sums); 0 when nothing was left.
func (l Local) Finishing() time.Duration { return l.st.Finished() }

// Values are the values a column holds (status, form, currency), for a
// did-you-mean.
func (l Local) Values(ctx context.Context, column string) ([]string, error) {
	return l.st.Values(ctx, column)
}

// PageSize is the page size the server serves when asked for asked, as
// the store learned it.
func (l Local) PageSize(ctx context.Context, asked int) (int, error) {
	return l.st.PageSize(ctx, asked)
}

// Records calls each with the record of each donation q selects, as the
// server sent it, in q's order, at most limit of them (limit < 0: all).
func (l Local) Records(ctx context.Context, q query.Query, limit int, each func(raw []byte) error) error {
	return l.st.Window(ctx, q, 0, limit, each)
}

// Donations is Records, each decoded.
func (l Local) Donations(ctx context.Context, q query.Query, limit int, each func(*api.Donation) error) error {
	return l.st.Donations(ctx, q, 0, limit, each)
}

// Info is what `cache info` shows of the store: its file, size and
// donations, its syncs, how much of the account it holds complete, and
// what it learned of the server.
type Info struct {
	Path      string
	Bytes     int64 // the file and its -wal
	Donations int
	Status    SyncStatus
	Held      store.Held
	Server    api.Profile
}

// Info reads what `cache info` shows.
func (l Local) Info(ctx context.Context) (Info, error) {
	var in Info
	si, err := l.st.Info(ctx)
	if err != nil {
		return in, err
	}
	in.Path, in.Bytes, in.Donations = si.Path, si.Bytes, si.Donations
	if in.Status, err = Status(ctx, l.st); err != nil {
		return in, err
	}
	if in.Held, err = l.st.Holds(ctx, api.DateRange{}); err != nil {
		return in, err
	}
	in.Server, err = l.st.Profile(ctx)
	return in, err
}

// EachGroup streams what the donations f selects add up to, by the keys
// by (query.GroupKeys), days in loc, as the store groups them.
func (l Local) EachGroup(ctx context.Context, f query.Filter, by []string, loc *time.Location, fn func(Group) error) error {
	return l.st.EachGroup(ctx, f, by, loc, fn)
}

// Whole is what every donation f selects adds up to, for a summary's
// shares of the whole.
func (l Local) Whole(ctx context.Context, f query.Filter) (store.Whole, error) {
	return l.st.Whole(ctx, f)
}
