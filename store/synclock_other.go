//go:build !unix

package store

// TryLockSync: where advisory file locks are not to be had, syncs are one
// at a time within a process only (the dataset's turn), so it is always
// taken.
func (s *Store) TryLockSync() (unlock func(), ok bool, err error) { return func() {}, true, nil }

// SyncLockedElsewhere: never, where there is no lock to see.
func (s *Store) SyncLockedElsewhere() bool { return false }
