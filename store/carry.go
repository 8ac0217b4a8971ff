package store

import (
	"context"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// LegacyFile is where versions before File kept the account's store in
// dir: named after its profile, or after its user and host when no
// profile named it, whatever the base URL's path.
func LegacyFile(dir, profile, username, baseURL string) string {
	name := profile
	if name == "" {
		host := baseURL
		if u, err := url.Parse(baseURL); err == nil {
			host = u.Host
		}
		name = username + "@" + host
	}
	return filepath.Join(dir, safeName(name)+".db")
}

// Carry moves the store at old, which an earlier version kept for the
// account at baseURL as username (LegacyFile), to path, when path has none
// and the old store is proven to be that account's alone: it holds
// donations, and the request it keeps behind each one went to this
// account's base URL as this user. The old name ignored the base URL's
// path, so accounts at https://h/org-a and https://h/org-b (or two
// accounts under one profile) shared one file: a store that mixes them, or
// holds donations from before the requests were kept, cannot be
// attributed, and handing it to either would show one organisation's gifts
// as another's. It stays where it is (cache clear --all removes it) and
// the account's next sync starts a store of its own. It says whether it
// moved the store.
func Carry(ctx context.Context, old, path, baseURL, username string) (bool, error) {
	if old == path || exists(path) || !exists(old) {
		return false, nil
	}
	s, err := Open(ctx, old)
	if err != nil {
		return false, err
	}
	ok, err := s.onlyFrom(ctx, accountOf(baseURL, username))
	s.Close() // which hands its write-ahead log back to the file
	if !ok || err != nil {
		return false, err
	}
	// The companions first, the store last: until it moves, the old name
	// is the store, whole or (a log lost to a crash) a little behind.
	for _, suffix := range append(companions, lockSuffix, learnedSuffix) {
		if err := os.Rename(old+suffix, path+suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	}
	return true, os.Rename(old, path)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// onlyFrom says whether the store holds donations and every one was last
// brought by a request to account a.
func (s *Store) onlyFrom(ctx context.Context, a account) (bool, error) {
	var held, unknown bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM donations),
		EXISTS (SELECT 1 FROM donations d WHERE NOT EXISTS (SELECT 1 FROM exchange_of o WHERE o.id = d.id))`).Scan(&held, &unknown)
	if err != nil || !held || unknown {
		return false, s.explain(err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT CASE WHEN instr(url, '?') > 0 THEN substr(url, 1, instr(url, '?') - 1) ELSE url END, user FROM exchanges`)
	if err != nil {
		return false, s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var u, user string
		if err := rows.Scan(&u, &user); err != nil {
			return false, s.explain(err)
		}
		if accountOf(u, user) != a {
			return false, nil
		}
	}
	return true, s.explain(rows.Err())
}
