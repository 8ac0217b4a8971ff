package apitest

import (
	"net/http"
	"strconv"
	"sync"
)

// Waves serves through h and counts what a client waited for: a wave
// starts when a request comes with none in flight, so requests asked for
// together are one wave, and one after another as many waves as requests.
// Give it a server with latency, so that requests sent together overlap.
type Waves struct {
	h        http.Handler
	mu       sync.Mutex
	inflight int
	waves    int
	together map[int]int // page → the most requests in flight while it was
	active   map[int]bool
}

// NewWaves counts the waves of requests h serves.
func NewWaves(h http.Handler) *Waves {
	return &Waves{h: h, together: map[int]int{}, active: map[int]bool{}}
}

func (w *Waves) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	w.mu.Lock()
	if w.inflight == 0 {
		w.waves++
	}
	w.inflight++
	w.active[page] = true
	for p := range w.active {
		w.together[p] = max(w.together[p], w.inflight)
	}
	w.mu.Unlock()
	// A request is in flight until its answer starts, not until the
	// handler returns: the client may have the answer, and have sent the
	// next request, before then.
	var once sync.Once
	ended := func() {
		once.Do(func() {
			w.mu.Lock()
			w.inflight--
			delete(w.active, page)
			w.mu.Unlock()
		})
	}
	defer ended()
	w.h.ServeHTTP(answering{rw, ended}, r)
}

// answering calls started before the first byte of the answer is written.
type answering struct {
	http.ResponseWriter
	started func()
}

func (a answering) WriteHeader(code int) {
	a.started()
	a.ResponseWriter.WriteHeader(code)
}

func (a answering) Write(b []byte) (int, error) {
	a.started()
	return a.ResponseWriter.Write(b)
}

// Unwrap lets the demo's faults reach the connection (http.ResponseController).
func (a answering) Unwrap() http.ResponseWriter { return a.ResponseWriter }

// Count is the number of waves so far.
func (w *Waves) Count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.waves
}

// Together is the most requests that were in flight while page was.
func (w *Waves) Together(page int) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.together[page]
}
