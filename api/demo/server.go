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

// Options shape the data and the faults. The zero value is a well-behaved
// server over 5,000 donations.
type Options struct {
	Count int   // donations (default 5,000)
	Seed  int64 // data seed (default 1)
	// End is the moment the data set ends: its newest donation is at most
	// one step (three years over Count) before it. Zero is End, the fixed
	// end tests and golden screens pin.
	End time.Time

	Login, OrgID, APIKey string // credentials (defaults above)

	Latency time.Duration // added to every answer
	Jitter  time.Duration // up to this much more, at random

	ErrorRate     float64 // share of requests answered 500/502/503
	MalformedRate float64 // share of 200 answers cut off mid-JSON
	HTMLErrors    bool    // error bodies are HTML pages, as a proxy would send

	RateLimit    int           // requests per window and client address; 0 = unlimited
	RateWindow   time.Duration // default one minute
	NoRetryAfter bool          // 429 without Retry-After (only x-ratelimit-reset)
	// Now is the time the rate limit counts its windows by (default
	// time.Now): a test gives the clock its client waits by.
	Now func() time.Time

	ResetRate float64 // share of requests whose connection is reset before any answer
	CutRate   float64 // share of pages whose connection drops half-way through the body

	Wrap       bool   // {"data": [...], "meta": {...}} instead of a bare array
	IgnorePage bool   // always serve page 1
	PageSize   int    // ignore per_page and use this size
	MaxPerPage int    // serve at most this many a page, fewer where asked for fewer
	PastEnd    string // past the last page: "empty" (default) or "last" (repeat it)
	Drift      bool   // vary field types as servers do (docs/reliability.md): numbers as text, nulls, missing and unknown fields
	RepeatRows int    // each page after the first starts with the last N rows of the page before
	OrderDesc  bool   // honour order=desc (newest first), which the spec does not show
	// NewestOnly lists newest first whatever order says: a server of the
	// platform's kind that does not take order=asc.
	NewestOnly bool
	// Shape is how the list and its records look: ShapeSpec (the default),
	// or ShapeDonorbox, the platform the spec resembles: records with the
	// donor and campaign nested, newest first unless order=asc, 50 a page,
	// date filters that take dates only, and its filters donor_id and
	// campaign_name. Its ids have eight digits (Match gives them).
	Shape string
	// DateFilter honours date_from (inclusive) and date_to (exclusive),
	// ISO 8601 date-times or dates, which the spec does not show either.
	DateFilter bool
	Backdated  float64 // share of donations dated anywhere in the past, out of date order
	Hostile    bool    // every seventh donation carries escape sequences, controls, bidi, 10 kB text, invalid UTF-8
	Gzip       bool    // gzip pages for a client that accepts it, as most servers do

	// Script answers the first len(Script) requests with these statuses, or
	// the Fault* values below (0 serves normally), for tests of exact sequences.
	Script []int

	// Paging that changes under a walk (paging.go).
	PageSizes     []int // page n holds PageSizes[n-1] rows (the last size repeats), whatever per_page says
	NewestUntil   int   // newest first whatever order says for this many requests, then as the spec
	AscPageOne    bool  // newest first unless order=asc, which it honours on page 1 only
	NewestPageOne bool  // page 1 newest first, every later page oldest first, whatever order says

	// DateForm writes donation_date in another form a server may use (in
	// the spec's shape): DateNoColon, DateOnly; "" the spec's.
	DateForm string
	// DecimalComma writes amount and converted_amount with a decimal comma
	// ("12,50", "1.234,50"), as a server set to a European locale does.
	DecimalComma bool
	// LongFields makes every donor's e-mail about 1 kB and every form's
	// and campaign's name about 10 kB (hostile.go), each still one per donor,
	// form or campaign.
	LongFields bool
}

// Faults a Script can name besides HTTP statuses.
const (
	FaultReset     = -1 // reset the connection before answering
	FaultCut       = -2 // send the headers and half the body, then drop the connection
	FaultHTML200   = -3 // answer 200 with an HTML page, as a captive portal does
	FaultTruncated = -4 // answer 200 with the JSON cut in half (a well-formed HTTP answer)
	FaultBare429   = -5 // answer 429 with neither Retry-After nor rate-limit headers
)

func (o Options) withDefaults() Options {
	if o.Count == 0 {
		o.Count = 5000
	}
	if o.Count < 0 {
		o.Count = 0
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.End.IsZero() {
		o.End = End
	}
	if o.Login == "" {
		o.Login = DefaultLogin
	}
	if o.OrgID == "" {
		o.OrgID = DefaultOrgID
	}
	if o.APIKey == "" {
		o.APIKey = DefaultKey
	}
	if o.Shape == "" {
		o.Shape = ShapeSpec
	}
	if o.RateWindow <= 0 {
		o.RateWindow = time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Server is the demo API. It is an http.Handler.
type Server struct {
	opts  Options
	shape shape
	data  *dataset

	requests atomic.Int64
	dataMu   sync.RWMutex // the admin handler changes data while pages are served
	// all is what a request without filters matches, made once until the
	// data changes: made for each page, it made the demo quadratic (a sync
	// of a million asked for its 10,000 pages a list of a million each).
	allMu   sync.Mutex
	all     []int
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
	matched, err := s.selected(r)
	if err != nil {
		return nil, err
	}
	per := s.shape.pageSize(intParam(r, "per_page"))
	if s.opts.PageSize > 0 {
		per = s.opts.PageSize
	}
	if s.opts.MaxPerPage > 0 {
		per = min(per, s.opts.MaxPerPage)
	}
	page := int(max(intParam(r, "page"), 1)) // page=0 behaves like page 1
	if s.opts.IgnorePage {
		page = 1
	}
	matched = s.pageOrder(matched, page, r.URL.Query().Get("order"))
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
		b, err := s.encode(i)
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
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err = enc.Encode(out)
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
// encoding the list scanned and copied each again (a sixth of what the
// demo spent on a sync).
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

func (s *Server) encode(i int) (json.RawMessage, error) {
	rec := s.data.record(i)
	s.data.apply(i, &rec)
	if s.opts.Shape == ShapeSpec {
		localize(&rec, i, s.opts)
	}
	if s.opts.Hostile && i%7 == 3 {
		makeHostile(&rec, i)
	}
	if s.opts.LongFields {
		lengthen(&rec)
	}
	var out any = rec
	if s.opts.Shape == ShapeDonorbox {
		box := s.data.boxOf(i, &rec)
		if s.opts.LongFields {
			box.Campaign.Name = longText(box.Campaign.Name, longName)
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
		return drift(b, i, s.opts.Shape)
	}
	return b, nil
}
