package demo

import "time"

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
	// Now is the server's clock (default time.Now): the time the rate
	// limit counts its windows by, and the date of the gifts Add adds and
	// of the changes SetStatus makes. A test gives the clock its client
	// waits by, or one that starts on a day of its own (apitest.Since).
	Now func() time.Time

	ResetRate float64 // share of requests whose connection is reset before any answer
	CutRate   float64 // share of pages whose connection drops half-way through the body

	Wrap       bool   // {"data": [...], "meta": {...}} instead of a bare array
	IgnorePage bool   // always serve page 1
	PageSize   int    // ignore per_page and use this size
	MaxPerPage int    // serve at most this many a page, fewer where asked for fewer
	PastEnd    string // past the last page: "empty" (default) or "last" (repeat it)
	Drift      bool   // vary field types as servers do (docs/reliability.md): numbers as text, nulls, missing and unknown fields, in the kinds' records too
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
	Hostile    bool    // every seventh donation carries escape sequences, controls, bidi, 10 kB text, invalid UTF-8; every seventh plan a next date day first
	Gzip       bool    // gzip pages for a client that accepts it, as most servers do

	// KindStatus answers every request of the kinds' endpoints with this
	// status, the donations' as usual: a key allowed to read the
	// donations only.
	KindStatus int

	// Script answers the first len(Script) requests with these statuses, or
	// the Fault* values below (0 serves normally), for tests of exact sequences.
	Script []int

	// Paging that changes under a walk (paging.go).
	PageSizes     []int // page n holds PageSizes[n-1] rows (the last size repeats), whatever per_page says
	NewestUntil   int   // newest first whatever order says for this many requests, then as the spec
	AscPageOne    bool  // newest first unless order=asc, which it honours on page 1 only
	NewestPageOne bool  // page 1 newest first, every later page oldest first, whatever order says

	// DateForm writes donation_date (in the spec's shape) and the kinds'
	// date-times in another form a server may use: DateNoColon, DateOnly;
	// "" the server's own.
	DateForm string
	// DecimalComma writes amount and converted_amount (in the spec's
	// shape) and the kinds' amounts with a decimal comma ("12,50",
	// "1.234,50"), as a server set to a European locale does.
	DecimalComma bool
	// LongFields, over 0, makes every donor's e-mail about LongFields kB
	// and every form's and campaign's name ten times that (hostile.go), each
	// still one per donor, form or campaign.
	LongFields int
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
