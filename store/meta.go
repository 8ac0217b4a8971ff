package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"strconv"
	"time"
)

// Meta keys.
const (
	metaLastSync     = "last_sync"
	metaLastFullSync = "last_full_sync"
	metaPerPage      = "per_page"
	// metaDeferred is set while the search index, the rollups and the
	// donors table wait for a first sync to end (the triggers read it).
	metaDeferred = "deferred"
	// metaZone names the zone the donations' days are in (see localZone).
	metaZone = "zone"
)

func setMeta(ctx context.Context, tx *sql.Tx, key, value string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES (?, ?)
		ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
	return err
}

func (s *Store) meta(ctx context.Context, key string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, s.explain(err)
}

func (s *Store) metaTime(ctx context.Context, key string) (time.Time, error) {
	v, err := s.meta(ctx, key)
	if err != nil || v == "" {
		return time.Time{}, err
	}
	ms, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}, nil
	}
	return time.UnixMilli(ms), nil
}

// buildCutShort builds the search index and the sums that a first sync
// killed after it recorded its end (last_sync) but before it built them
// (deferred still set) left unbuilt: search found nothing until the next
// sync, without a word. A first sync cut short before its end is left to
// the next sync, which goes on filling the store the fast way. finishing,
// when set, is told as the build starts (Opening.Finishing).
//
// A first sync still running looks the same from its end on: the build
// is its own, and is left to it (the store answers whole meanwhile, its
// filters and sums reading the donations). Built here under the sync
// lock, it makes a sync started meanwhile wait rather than build it
// again beside it; a lock that cannot be had (not a file of the user's)
// leaves it to the sync too, which says what is wrong with it.
func (s *Store) buildCutShort(ctx context.Context, finishing func()) error {
	if left, err := s.leftUnbuilt(ctx); err != nil || !left {
		return err
	}
	unlock, ok, err := s.TryLockSync()
	if err != nil || !ok {
		return nil
	}
	defer unlock()
	// Asked again under the lock: the sync that held it may have ended.
	if left, err := s.leftUnbuilt(ctx); err != nil || !left {
		return err
	}
	if finishing != nil {
		finishing()
	}
	start := time.Now()
	defer func() { s.finished = time.Since(start) }()
	return s.Tidy(ctx, false)
}

// leftUnbuilt says whether a first sync recorded its end (last_sync)
// and left its build deferred.
func (s *Store) leftUnbuilt(ctx context.Context) (bool, error) {
	deferred, err := s.meta(ctx, metaDeferred)
	if err != nil || deferred == "" {
		return false, err
	}
	last, err := s.meta(ctx, metaLastSync)
	return last != "", err
}

// Finished is what opening the store took to finish the end of a first
// sync stopped before it built the search index and the sums; 0 when it
// had none to finish. A sync counts it in its time: the user waited for it.
func (s *Store) Finished() time.Duration { return s.finished }

// Info is what `donations cache info` shows of a store.
type Info struct {
	Path                   string
	Bytes                  int64 // the database and its -wal file; in memory, its pages
	Donations              int
	LastSync, LastFullSync time.Time // zero: never
}

// Info reads the store's size, count and sync times.
func (s *Store) Info(ctx context.Context) (Info, error) {
	in := Info{Path: s.path}
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM donations`).Scan(&in.Donations); err != nil {
		return in, s.explain(err)
	}
	var err error
	if in.LastSync, in.LastFullSync, err = s.Synced(ctx); err != nil {
		return in, err
	}
	if s.path == "" {
		err = s.db.QueryRowContext(ctx, `SELECT page_count * page_size FROM pragma_page_count, pragma_page_size`).Scan(&in.Bytes)
		return in, s.explain(err)
	}
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(s.path + suffix); err == nil {
			in.Bytes += fi.Size()
		}
	}
	return in, nil
}

// Synced is when a sync, and a full one, last finished; zero if none has.
// Unlike Info it does not count the donations, which reads every row.
func (s *Store) Synced(ctx context.Context) (last, full time.Time, err error) {
	if last, err = s.metaTime(ctx, metaLastSync); err != nil {
		return last, full, err
	}
	full, err = s.metaTime(ctx, metaLastFullSync)
	return last, full, err
}

// metaIn is the meta value of key in tx, "" when there is none.
func metaIn(ctx context.Context, tx *sql.Tx, key string) (string, error) {
	var v string
	err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}
