package dataset

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"donations/store"
)

// ErrSyncRunning is returned by a sync told not to wait (SyncOptions.NoWait)
// when another sync of the store runs, in this process or another.
var ErrSyncRunning = errors.New("a sync of this store is already running")

// syncState is what a process knows of one store's syncs: the lock its
// syncs take in turn, and the progress of the one running here. It is kept
// by the store's file (or, in memory, by the *Store), so two handles on one
// file share it; it lives while a handle uses it.
type syncState struct {
	turn chan struct{} // holds a token while a sync of this process runs
	refs int

	mu       sync.Mutex
	running  bool
	progress Progress
	turns    int                   // taken so far: a Watcher tells its own syncs from others' by it
	mine     *Watcher              // the Watcher of the sync running, which it tells as ByMine
	watchers map[*Watcher]struct{} // told of the syncs of this process (events.go)
}

var syncStates = struct {
	sync.Mutex
	m map[string]*syncState
}{m: map[string]*syncState{}}

func stateKey(s *store.Store) string {
	if s.Path() == "" {
		return fmt.Sprintf("memory %p", s)
	}
	return filepath.Clean(s.Path())
}

// state is the store's sync state, held until release is called.
func state(s *store.Store) (st *syncState, release func()) {
	k := stateKey(s)
	syncStates.Lock()
	defer syncStates.Unlock()
	st = syncStates.m[k]
	if st == nil {
		st = &syncState{turn: make(chan struct{}, 1)}
		syncStates.m[k] = st
	}
	st.refs++
	return st, func() {
		syncStates.Lock()
		defer syncStates.Unlock()
		if st.refs--; st.refs == 0 {
			delete(syncStates.m, k)
		}
	}
}

// peek is the store's sync state if a sync of this process holds one.
func peek(s *store.Store) *syncState {
	syncStates.Lock()
	defer syncStates.Unlock()
	return syncStates.m[stateKey(s)]
}

// lockSync takes the store's one sync lock: in this process (the browser's
// background sync, Live and the command line share one) and across
// processes (an advisory lock on a file beside the store, which the system
// lets go of when a process dies, even by kill -9). With wait false a sync
// running is ErrSyncRunning; else onWait is told once, and the sync waits.
// mine is the Watcher the sync's events are told to as its own (nil: none).
func lockSync(ctx context.Context, s *store.Store, wait bool, onWait func(), mine *Watcher) (*syncState, func(), error) {
	st, release := state(s)
	told := false
	tell := func() {
		if !told && onWait != nil {
			onWait()
		}
		told = true
	}
	select {
	case st.turn <- struct{}{}:
	default:
		if !wait {
			release()
			return nil, nil, ErrSyncRunning
		}
		tell()
		select {
		case st.turn <- struct{}{}:
		case <-ctx.Done():
			release()
			return nil, nil, ctx.Err()
		}
	}
	st.set(func(st *syncState) { st.turns++ })
	unlock, err := lockFile(ctx, s, wait, tell)
	if err != nil {
		<-st.turn
		release()
		return nil, nil, err
	}
	st.set(func(st *syncState) { st.running, st.progress, st.mine = true, Progress{}, mine })
	return st, func() {
		st.set(func(st *syncState) { st.running, st.mine = false, nil })
		unlock()
		<-st.turn
		release()
	}, nil
}

// lockFile takes the store's lock across processes (store.TryLockSync),
// polling while another holds it: with wait false that is ErrSyncRunning,
// else onWait is told and it waits.
func lockFile(ctx context.Context, s *store.Store, wait bool, onWait func()) (func(), error) {
	for {
		unlock, ok, err := s.TryLockSync()
		switch {
		case err != nil || ok:
			return unlock, err
		case !wait:
			return nil, ErrSyncRunning
		}
		onWait()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func (st *syncState) set(f func(*syncState)) {
	st.mu.Lock()
	defer st.mu.Unlock()
	f(st)
}
