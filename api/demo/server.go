// Package demo is an in-process Donations Read API over generated data, for
// --demo, tests and benchmarks. It follows the spec and, where the spec is
// silent, does what servers of this kind are seen to do: a bare array with no
// paging metadata, 401 with a small JSON body, rate-limit headers on every answer.
package demo

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Default credentials: the demo accepts both username forms of the spec.
const (
	DefaultLogin = "demo@example.org"
	DefaultOrgID = "org_demo_4242"
	DefaultKey   = "demo-key-not-secret"
)

// Server is the demo API. It is an http.Handler.
type Server struct {
	opts  Options
	shape shape
	data  *dataset

	requests atomic.Int64
	dataMu   sync.RWMutex // the admin handler changes data while pages are served
	// all is what a request without filters matches, made once until the
	// data changes: made for each page, it would make the demo quadratic
	// (each of a sync's pages would list every donation).
	allMu sync.Mutex
	all   []int
	// kindsMade are the records of the other endpoints (kinds.go), made
	// once until the data changes, as all is; under a lock of their own,
	// so that pages of donations are not kept waiting while they are made.
	kindsMu   sync.Mutex
	kindsMade *kindRecords
	// drifted are the records drift rewrote, by index, each with the
	// encoding it was rewritten from: syncs read the same records again
	// (every small sync its window, every full sync all of them), and
	// drift decodes each into a map and encodes it again.
	driftMu sync.Mutex
	drifted map[int]driftedRecord
	mu      sync.Mutex
	rand    *rand.Rand
	windows map[string]*window
}

type window struct {
	end  time.Time
	used int
}

// New builds the data set and the handler. A shape it does not know is
// served as the spec's (Start refuses it).
func New(opts Options) *Server {
	opts = opts.withDefaults()
	return &Server{
		opts:    opts,
		shape:   shapeOf(opts.Shape),
		data:    newDataset(opts.Count, opts.Seed, opts.Backdated, opts.End),
		rand:    rand.New(rand.NewPCG(uint64(opts.Seed), 7)),
		windows: map[string]*window{},
	}
}

// Options are the server's options after defaults.
func (s *Server) Options() Options { return s.opts }

// Requests counts the requests answered so far, whatever their status.
func (s *Server) Requests() int { return int(s.requests.Load()) }

func (s *Server) chance(p float64) bool {
	if p <= 0 {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rand.Float64() < p
}

func (s *Server) jitter() time.Duration {
	if s.opts.Jitter <= 0 {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Duration(s.rand.Int64N(int64(s.opts.Jitter)))
}

// spend takes one request from the caller's window and returns the headers'
// values; ok is false when the budget is spent.
func (s *Server) spend(client string, now time.Time) (limit, remaining int, reset time.Time, ok bool) {
	limit = s.opts.RateLimit
	unlimited := limit <= 0
	if unlimited {
		// Headers are still sent, as real servers do, with a budget never reached.
		limit = 1_000_000
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// A client's window starts at its first request and lasts a whole
	// window: started on the clock's minute, a sync begun late in one had
	// its budget again seconds later, and ran faster than the budget
	// allows. It starts on the second of that request, so that it ends on
	// a whole second, as x-ratelimit-reset says it: ended on the next
	// whole second instead, a window of one second lasted nearly two for a
	// client that waits for the reset it is told, and a sync under 10
	// requests a second ran at 5.
	w := s.windows[client]
	if w == nil || !now.Before(w.end) {
		end := now.Truncate(time.Second).Add(s.opts.RateWindow)
		if !end.After(now) { // a window shorter than a second
			end = now.Add(s.opts.RateWindow)
		}
		w = &window{end: end}
		s.windows[client] = w
	}
	reset = w.end
	if w.used >= limit && !unlimited {
		return limit, 0, reset, false
	}
	w.used++
	return limit, limit - w.used, reset, true
}

func (s *Server) authorized(r *http.Request) bool {
	user, pass, ok := r.BasicAuth()
	if !ok {
		return false
	}
	same := func(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
	return (same(user, s.opts.Login) || same(user, s.opts.OrgID)) && same(pass, s.opts.APIKey)
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/admin/") {
		s.admin(w, r) // not an API request: not counted, paced or faulted
		return
	}
	n := int(s.requests.Add(1))
	if !s.delay(r) || !s.withinLimit(w, r) {
		return
	}
	scripted := 0
	if n <= len(s.opts.Script) {
		scripted = s.opts.Script[n-1]
	}
	if s.scriptedFault(w, scripted) || s.refuse(w, r) || s.randomFault(w, n, scripted) {
		return
	}
	body, err := s.page(r)
	if err != nil {
		s.fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if scripted == FaultCut || s.chance(s.opts.CutRate) {
		cut(w, body)
		return
	}
	if scripted == FaultTruncated || s.chance(s.opts.MalformedRate) {
		body = body[:len(body)/2]
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if s.opts.Gzip && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		body = gzipped(body)
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

func (s *Server) page(r *http.Request) ([]byte, error) {
	s.dataMu.RLock()
	defer s.dataMu.RUnlock()
	if k, ok := kindAt(r.URL.Path); ok {
		return s.kindPage(r, k)
	}
	matched, err := s.selected(r)
	if err != nil {
		return nil, err
	}
	matched = s.pageOrder(matched, s.askedPage(r), r.URL.Query().Get("order"))
	return s.listPage(r, matched, s.encode)
}

// listPage is the page a request asks for of the list matched, each
// element written by encode, with the paging faults the options ask for;
// called with dataMu held.
func (s *Server) listPage(r *http.Request, matched []int, encode func(int) (json.RawMessage, error)) ([]byte, error) {
	per := s.shape.pageSize(intParam(r, "per_page"))
	if s.opts.PageSize > 0 {
		per = s.opts.PageSize
	}
	if s.opts.MaxPerPage > 0 {
		per = min(per, s.opts.MaxPerPage)
	}
	page := s.askedPage(r)
	pages := (len(matched) + per - 1) / per
	if page > pages && s.opts.PastEnd == "last" && pages > 0 {
		page = pages
	}
	from := min((page-1)*per, len(matched))
	to := min(from+per, len(matched))
	if len(s.opts.PageSizes) > 0 {
		from, to, pages = sizedPage(s.opts.PageSizes, page, len(matched))
	}
	if page > 1 && s.opts.RepeatRows > 0 {
		from = max(from-s.opts.RepeatRows, 0)
	}
	recs := make([]json.RawMessage, 0, to-from)
	for _, i := range matched[from:to] {
		b, err := encode(i)
		if err != nil {
			return nil, err
		}
		recs = append(recs, b)
	}
	if !s.opts.Wrap {
		return joined(recs), nil
	}
	out := map[string]any{
		"data": recs,
		"meta": map[string]any{"page": page, "per_page": per, "total": len(matched), "total_pages": pages},
	}
	return encoded(out)
}

// askedPage is the page a request is served: page=0 behaves like page 1,
// and a server that ignores the page serves page 1.
func (s *Server) askedPage(r *http.Request) int {
	if s.opts.IgnorePage {
		return 1
	}
	return int(max(intParam(r, "page"), 1))
}

// encoded is v as JSON, with no HTML escapes, as servers send it.
func encoded(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// selected lists the donations a request asks for, in the order asked
// for; called with dataMu held.
func (s *Server) selected(r *http.Request) ([]int, error) {
	q := r.URL.Query()
	f, err := s.filterOf(r)
	if err != nil {
		return nil, err
	}
	matched := s.matching(f)
	if s.opts.DateFilter || s.opts.Shape == ShapeDonorbox {
		if matched, err = s.dated(matched, q.Get("date_from"), q.Get("date_to")); err != nil {
			return nil, err
		}
	}
	if s.opts.NewestOnly || s.newestFirst(q.Get("order")) {
		matched = slices.Clone(matched)
		slices.Reverse(matched)
	}
	return matched, nil
}

// joined is recs as a JSON array, a line of its own. They are JSON already:
// encoding the list would scan and copy each again, a noticeable part of
// what the demo spends on a sync.
func joined(recs []json.RawMessage) []byte {
	out := []byte{'['}
	for k, b := range recs {
		if k > 0 {
			out = append(out, ',')
		}
		out = append(out, b...)
	}
	return append(out, "]\n"...)
}

// recordAt is donation i as the server serves it, before its shape.
func (s *Server) recordAt(i int) Record {
	rec := s.data.record(i)
	s.data.apply(i, &rec)
	if s.opts.Shape == ShapeSpec {
		localize(&rec, i, s.opts)
	}
	if s.opts.Hostile && i%7 == 3 {
		makeHostile(&rec, i)
	}
	return rec
}

func (s *Server) encode(i int) (json.RawMessage, error) {
	rec := s.recordAt(i)
	if s.opts.LongFields > 0 {
		lengthen(&rec, s.opts.LongFields)
	}
	var out any = rec
	if s.opts.Shape == ShapeDonorbox {
		box := s.data.boxOf(i, &rec)
		if s.opts.LongFields > 0 {
			box.Campaign.Name = longText(box.Campaign.Name, s.opts.LongFields*longName)
		}
		out = box
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	b := bytes.TrimRight(buf.Bytes(), "\n")
	// JSON encoding would repair invalid UTF-8; a hostile server sends it raw.
	b = bytes.ReplaceAll(b, []byte(invalidUTF8Marker), []byte("\xff\xfe\xc3"))
	if s.opts.Drift {
		return s.driftedOnce(b, i)
	}
	return b, nil
}
