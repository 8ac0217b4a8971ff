package dataset

import (
	"cmp"
	"context"
	"sync"
	"time"

	"donations/api"
	"donations/store"
)

// fetched is one page a sync has read, on its way to be stored.
type fetched struct {
	store.Page
	page, pages int // its number; the pages in all when the server says, else 0
	requests    int // made by then
	per         int // the server's page size as learned by then (api.PageSizes), 0 if not yet
	wanted      wanted
}

// wanted is what a sync has read of the range it reads first for the browser.
type wanted struct {
	r           api.DateRange
	page, pages int
}

// bytes is the body the page came in: it and the page's records hold about
// twice that until the page is stored.
func (f *fetched) bytes() int {
	if f.Exchange == nil {
		return 0
	}
	return f.Exchange.Bytes
}

// batchPages bounds how many waiting pages one transaction stores: enough
// to share a commit's cost, few enough that a kill loses little.
const batchPages = 8

// queueBytes bounds the bodies of the pages sent to the writer and not yet
// stored, waiting or in the batch it writes. Pages as servers send them
// are bounded by their count first, 2 × batchPages waiting and batchPages
// written; pages of long records (many times larger) have fewer waiting,
// so that what a sync holds does not grow with its records' length.
const queueBytes = 4 << 20

// pageWriter stores a sync's pages on a goroutine of its own, so that the
// next pages are fetched while one is written (storing a page costs about
// what fetching it does). The pages that wait while it writes are then
// stored together, in order, in one transaction: the store always holds
// whole pages, which is what lets a sync resume.
type pageWriter struct {
	s      *store.Store
	prep   *store.Preparer
	in     chan fetched
	failed chan struct{} // closed when the writer stops on an error
	done   chan struct{}
	room   *room           // the bytes of the pages sent and not yet stored
	held   *fetched        // the page the next batch starts with, which gather kept back
	res    store.PutResult // stored so far; read after done
	per    int             // the server's page size as learned by the pages stored so far
	err    error
}

// startWriter starts the writer of a pass, which holds at most limit
// bytes of pages sent and not yet stored (see room.take).
func startWriter(ctx context.Context, s *store.Store, ps pass, limit int) *pageWriter {
	w := &pageWriter{s: s, prep: s.NewPreparer(), in: make(chan fetched, 2*batchPages),
		room: newRoom(limit), failed: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for f, ok := w.next(); ok; f, ok = w.next() {
			batch := w.gather(f)
			pages, size := make([]store.Page, len(batch)), 0
			for i := range batch {
				pages[i], size = batch[i].Page, size+batch[i].bytes()
			}
			r, err := s.PutPages(ctx, pages)
			if err != nil {
				w.err = err
				w.room.close()
				close(w.failed)
				for range w.in { // let the reader's last send and close go through
				}
				return
			}
			w.res.New, w.res.Updated = w.res.New+r.New, w.res.Updated+r.Updated
			if per := batch[len(batch)-1].per; per > 0 {
				w.per = per
			}
			if ps.done != nil {
				*ps.done += len(batch) // only this goroutine writes it while the pass runs
			}
			w.tell(ps, batch[len(batch)-1], r.New+r.Updated)
			// Freed once told: what the pass hears is stored is never behind
			// what the reader may send in its place.
			w.room.free(size)
		}
	}()
	return w
}

// tell reports the pages stored so far, the last batch's stored donations
// among them, to the pass and to Status and the store's watchers.
func (w *pageWriter) tell(ps pass, last fetched, stored int) {
	p := Progress{Page: last.page, Pages: last.pages, Requests: last.requests, New: w.res.New,
		Updated: w.res.Updated, Elapsed: time.Since(ps.start), Total: ps.total,
		Wanted: last.wanted.r, WantedPage: last.wanted.page, WantedPages: last.wanted.pages,
		Held: ps.held + w.res.New}
	if pages := cmp.Or(last.pages, ps.pages); pages > 0 {
		p.About = max(pages*cmp.Or(w.per, ps.per), p.Held)
	}
	if ps.done != nil {
		p.Done = *ps.done
	}
	if done, _ := p.Read(); ps.pace != nil {
		p.PagePace = ps.pace.add(time.Now(), done)
	}
	if ps.budget != nil {
		p.Budget, p.Budgeted = ps.budget()
	}
	if ps.state != nil {
		ps.state.progressed(p, stored)
	}
	if ps.progress != nil {
		ps.progress(p)
	}
}

// next is the page the next batch starts with: the one gather kept back,
// else the next to come; false once the pass has sent its last.
func (w *pageWriter) next() (fetched, bool) {
	if h := w.held; h != nil {
		w.held = nil
		return *h, true
	}
	f, ok := <-w.in
	return f, ok
}

// gather is f and the pages already waiting after it, as long as they are
// read for what f is read for: the range the browser wants first, or not.
// A batch tells the progress of its last page (tell): one that ran the
// range's pages into the walk's next said nothing of the range, and the
// header never showed it read first. The page of the other kind is kept
// for the next batch.
func (w *pageWriter) gather(f fetched) []fetched {
	batch := []fetched{f}
	for len(batch) < batchPages {
		select {
		case g, ok := <-w.in:
			if !ok {
				return batch
			}
			if (g.wanted.page > 0) != (f.wanted.page > 0) {
				w.held = &g
				return batch
			}
			batch = append(batch, g)
		default:
			return batch
		}
	}
	return batch
}

// send hands a page to the writer, its preparation begun, once there is
// room for it; false if the writer has stopped.
func (w *pageWriter) send(f fetched) bool {
	if !w.room.take(f.bytes()) {
		return false
	}
	w.prep.Prepare(&f.Page)
	select {
	case w.in <- f:
		return true
	case <-w.failed:
		return false
	}
}

// close waits for every page sent to be stored.
func (w *pageWriter) close() (store.PutResult, error) {
	close(w.in)
	<-w.done
	return w.res, w.err
}

// room counts the bytes of the pages between the reader and the store.
type room struct {
	mu    sync.Mutex
	freed sync.Cond // signalled when bytes are freed or the room is closed
	held  int
	limit int
	shut  bool
}

func newRoom(limit int) *room {
	r := &room{limit: limit}
	r.freed.L = &r.mu
	return r
}

// take waits until n more bytes fit, or until the room holds nothing: a
// page larger than the whole room goes alone, so what is held never passes
// the limit by more than one page. False once the room is closed.
func (r *room) take(n int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for !r.shut && r.held > 0 && r.held+n > r.limit {
		r.freed.Wait()
	}
	if r.shut {
		return false
	}
	r.held += n
	return true
}

// free gives back n bytes taken.
func (r *room) free(n int) {
	r.mu.Lock()
	r.held -= n
	r.mu.Unlock()
	r.freed.Broadcast()
}

// close wakes whoever waits, for good: the writer has stopped.
func (r *room) close() {
	r.mu.Lock()
	r.shut = true
	r.mu.Unlock()
	r.freed.Broadcast()
}
