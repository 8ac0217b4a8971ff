package dataset

import (
	"context"
	"sync"
	"time"

	"donations/api"
	"donations/store"
)

// By says whose sync an Event tells of.
type By int

const (
	// ByMine is a sync run through the Watcher that tells it (Watcher.Sync,
	// Watcher.Fill): the browser's own, a command's.
	ByMine By = iota
	// ByHere is another sync of the store in this process (Live's).
	ByHere
	// ByElsewhere is a sync of another process, seen through the lock.
	ByElsewhere
)

// Event is one thing the store's syncs did, as a Watcher tells it: a
// running sync's progress after a batch is stored, its end, or (Status
// set) a change in the store's sync status read every WatchOptions.Every.
type Event struct {
	By       By
	Progress Progress // the sync's, after the batch; the last one told at its end
	// Stored is the donations the batch stored (new or changed), summed
	// over the progress a slow reader did not take in time.
	Stored int
	// Done says the sync ended, with Result, or Err when it failed.
	Done   bool
	Result SyncResult
	Err    error
	// Status is set on the events of the poll: another process's sync
	// began or ended (By ByElsewhere while it runs), or a sync finished.
	Status *SyncStatus
}

// WatchOptions say how a Watcher reads the status of other processes' syncs.
type WatchOptions struct {
	Every time.Duration    // how often (0: every 2 s)
	Ticks <-chan time.Time // when set, read at each tick instead: a clock of the caller's
}

// statusEvery is how often a Watcher reads the store's status by default.
const statusEvery = 2 * time.Second

// queueMost bounds the events a Watcher keeps for a reader that does not
// take them: progress is merged, so only ends and status changes pile up.
const queueMost = 64

// Watcher is the one stream of a store's sync events: its syncs in this
// process as they store, and those of other processes as the lock shows
// them. A slow reader never holds up a sync: progress waiting to be read
// is merged into the latest, and past queueMost the oldest events go.
type Watcher struct {
	s    *store.Store
	st   *syncState
	out  chan Event
	wake chan struct{}

	mu    sync.Mutex
	queue []Event
}

// Watch starts the stream of s's sync events, which ends (its channel
// closed, its goroutine gone) when ctx does.
func Watch(ctx context.Context, s *store.Store, o WatchOptions) *Watcher {
	st, release := state(s)
	w := &Watcher{s: s, st: st, out: make(chan Event), wake: make(chan struct{}, 1)}
	st.set(func(st *syncState) {
		if st.watchers == nil {
			st.watchers = map[*Watcher]struct{}{}
		}
		st.watchers[w] = struct{}{}
	})
	ticks, stop := o.Ticks, func() {}
	if ticks == nil {
		t := time.NewTicker(o.every())
		ticks, stop = t.C, t.Stop
	}
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		w.polls(ctx, ticks)
	}()
	go func() {
		defer release()
		defer close(w.out)
		defer st.set(func(st *syncState) { delete(st.watchers, w) })
		defer stop()
		w.deliver(ctx)
		<-polled
	}()
	return w
}

func (o WatchOptions) every() time.Duration {
	if o.Every > 0 {
		return o.Every
	}
	return statusEvery
}

// Events is the stream, closed when the Watch's context ends.
func (w *Watcher) Events() <-chan Event { return w.out }

// Sync runs a sync of the watched store whose events are told as ByMine,
// its end included even when it could not start.
func (w *Watcher) Sync(ctx context.Context, src Source, o SyncOptions) (SyncResult, error) {
	o.mine = w
	return Sync(ctx, w.s, src, o)
}

// Fill stores into the watched store every page walk yields, as a sync
// does, and closes walk: for a store in memory that answers one question
// (list, summary and report online). It is told as ByMine, as Sync is.
func (w *Watcher) Fill(ctx context.Context, walk api.Walker) (SyncResult, error) {
	return fill(ctx, w.s, walk, w)
}

// deliver hands the queue to the reader one event at a time, until ctx
// ends. It never waits on the store: a store in memory has one
// connection, which the end of a large first sync holds all along, and
// the progress told meanwhile (Ending) must still be heard.
func (w *Watcher) deliver(ctx context.Context) {
	var next Event
	have := false
	for {
		if !have {
			next, have = w.pop()
		}
		out := w.out
		if !have {
			out = nil // nothing to send: wait for more
		}
		select {
		case out <- next:
			have = false
		case <-w.wake:
		case <-ctx.Done():
			return
		}
	}
}

// polls reads the store's status at each tick, until ctx ends, queueing
// what changed for deliver.
func (w *Watcher) polls(ctx context.Context, ticks <-chan time.Time) {
	var seen SyncStatus
	for {
		select {
		case <-ticks:
			w.poll(ctx, &seen)
		case <-ctx.Done():
			return
		}
	}
}

// poll tells the store's status when it changed since seen. A sync of
// this process holding the lock while it was read is not another's: its
// turn was held, or taken meanwhile (the turn is held all the while a sync
// holds the file's lock).
func (w *Watcher) poll(ctx context.Context, seen *SyncStatus) {
	held, turns := w.st.busy()
	st, err := Status(ctx, w.s)
	_, after := w.st.busy()
	if err != nil || st.Running == seen.Running && st.LastSync.Equal(seen.LastSync) && st.LastFull.Equal(seen.LastFull) {
		return
	}
	*seen = st
	by := ByHere
	if st.Running && !st.Here && !held && turns == after {
		by = ByElsewhere
	}
	w.push(Event{By: by, Status: &st})
}

// push queues e for the reader without waiting: progress of the same sync
// behind progress not yet read replaces it, its Stored added.
func (w *Watcher) push(e Event) {
	if w == nil {
		return
	}
	w.mu.Lock()
	if n := len(w.queue); n > 0 && progressOnly(w.queue[n-1]) && progressOnly(e) && w.queue[n-1].By == e.By {
		e.Stored += w.queue[n-1].Stored
		w.queue[n-1] = e
	} else {
		if n == queueMost {
			w.queue = dropOldest(w.queue)
		}
		w.queue = append(w.queue, e)
	}
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func progressOnly(e Event) bool { return !e.Done && e.Status == nil }

// dropOldest makes room in a full queue by its oldest event but the end of
// a sync of the Watcher's own: the header says "syncing…" until it hears
// that end, and a reader that fell behind must not lose it.
func dropOldest(queue []Event) []Event {
	for i, e := range queue {
		if !(e.Done && e.By == ByMine) {
			return append(queue[:i:i], queue[i+1:]...)
		}
	}
	return queue[1:]
}

func (w *Watcher) pop() (Event, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.queue) == 0 {
		return Event{}, false
	}
	e := w.queue[0]
	w.queue = w.queue[1:]
	return e, true
}

// publish tells e to every watcher of the store, as ByMine to the one
// that runs the sync (st.mine) and ByHere to the others.
func (st *syncState) publish(e Event) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for w := range st.watchers {
		e.By = ByHere
		if w == st.mine {
			e.By = ByMine
		}
		w.push(e)
	}
}

// progressed records p, which stored stored donations, for Status and
// the watchers.
func (st *syncState) progressed(p Progress, stored int) {
	st.set(func(st *syncState) { st.progress = p })
	st.publish(Event{Progress: p, Stored: stored})
}

// last is the progress told last.
func (st *syncState) last() Progress {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.progress
}

// ended tells the watchers that the sync ended.
func (st *syncState) ended(res SyncResult, err error) {
	st.publish(Event{Progress: st.last(), Done: true, Result: res, Err: err})
}

// busy says whether a sync of this process holds the store's turn, and
// how many turns were taken so far.
func (st *syncState) busy() (held bool, turns int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.turn) > 0, st.turns
}
