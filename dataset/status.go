package dataset

import (
	"context"
	"time"

	"donations/store"
)

// SyncStatus is what a store says of its syncs, read alike by the header,
// the request log and `cache info`. The times come from the store itself,
// so a sync that Live, the background or another process ran shows too.
type SyncStatus struct {
	// Running says a sync of this store runs, here or in another process;
	// Here that it runs in this one, whose Progress is then known.
	Running, Here bool
	Progress      Progress
	// LastSync and LastFull are when a sync, and one that read every page,
	// last finished; zero if none has.
	LastSync, LastFull time.Time
}

// Status is the sync status of s now.
func Status(ctx context.Context, s *store.Store) (SyncStatus, error) {
	var st SyncStatus
	if h := peek(s); h != nil {
		h.mu.Lock()
		st.Here, st.Progress = h.running, h.progress
		h.mu.Unlock()
	}
	st.Running = st.Here || s.SyncLockedElsewhere()
	var err error
	st.LastSync, st.LastFull, err = s.Synced(ctx)
	return st, err
}
