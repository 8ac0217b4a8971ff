package demo

import (
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"time"
)

// change is a status set on a donation after it was made, as a refund or a
// dispute is, with the time it happened.
type change struct {
	status string
	at     time.Time
}

// apply gives record i the changes made to it since the data set was built.
func (d *dataset) apply(i int, rec *Record) {
	if c, ok := d.changed[i]; ok {
		rec.Status, rec.LastUpdatedAt = c.status, iso(c.at)
	}
}

// Now is the time by the server's clock (Options.Now).
func (s *Server) Now() time.Time { return s.opts.Now() }

// Add appends n new donations, newer than every other, and returns their
// ids. They are dated now by the server's clock (or with the last ones
// added, should the clock have gone back), as gifts coming in while the
// server runs.
func (s *Server) Add(n int) []int64 {
	s.dataMu.Lock()
	defer s.dataMu.Unlock()
	s.changed()
	d := s.data
	if d.step == 0 {
		d.step = time.Hour
	}
	r := newRNG(d.seed, uint64(len(d.entries))<<20)
	id := int64(100000)
	if k := len(d.entries); k > 0 {
		id = d.entries[k-1].id
	}
	if d.added == nil {
		d.added = map[int]time.Time{}
	}
	at := s.opts.Now().UTC()
	if last, ok := d.added[len(d.entries)-1]; ok && last.After(at) {
		at = last
	}
	ids := make([]int64, n)
	for k := range ids {
		id += int64(1 + r.intn(3))
		d.added[len(d.entries)] = at
		d.entries = append(d.entries, entry{id: id, donor: int32(r.intn(d.pool)), form: uint8(r.intn(len(forms)))})
		ids[k] = id + s.shape.id
	}
	return ids
}

// SetStatus changes a donation's status (refunded, disputed...) and its
// last_updated_at, as a server does when a gift is refunded. It reports
// whether the id exists.
func (s *Server) SetStatus(id int64, status string) bool {
	s.dataMu.Lock()
	defer s.dataMu.Unlock()
	i, ok := s.index(id)
	if ok {
		if s.data.changed == nil {
			s.data.changed = map[int]change{}
		}
		s.data.changed[i] = change{status, s.opts.Now().UTC()}
		s.changed() // a campaign's and a donor's totals count paid gifts only
	}
	return ok
}

// Remove makes the server stop returning a donation, as a deleted test gift
// would. It reports whether the id existed.
func (s *Server) Remove(id int64) bool {
	s.dataMu.Lock()
	defer s.dataMu.Unlock()
	i, ok := s.index(id)
	if ok {
		s.changed()
		if s.data.removed == nil {
			s.data.removed = map[int]bool{}
		}
		s.data.removed[i] = true
	}
	return ok
}

// index finds the donation the server serves as id.
func (s *Server) index(id int64) (int, bool) {
	id -= s.shape.id
	for i, e := range s.data.entries {
		if e.id == id && !s.data.removed[i] {
			return i, true
		}
	}
	return 0, false
}

// admin serves POST /admin/add?n=K, /admin/status?id=N&status=refunded,
// /admin/remove?id=N and /admin/cancel?id=P (a plan), to loopback clients only, so that growth, refunds and
// removals can be tried by hand against a running demo.
func (s *Server) admin(w http.ResponseWriter, r *http.Request) {
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		http.Error(w, "admin is for loopback clients only", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "use POST", http.StatusMethodNotAllowed)
		return
	}
	q := r.URL.Query()
	id, _ := strconv.ParseInt(q.Get("id"), 10, 64)
	var out any
	switch r.URL.Path {
	case "/admin/add":
		n, err := strconv.Atoi(q.Get("n"))
		if err != nil || n < 1 || n > 1_000_000 {
			http.Error(w, "n must be a whole number from 1 to 1000000", http.StatusBadRequest)
			return
		}
		out = map[string]any{"added": s.Add(n)}
	case "/admin/status":
		if q.Get("status") == "" {
			http.Error(w, "status is missing", http.StatusBadRequest)
			return
		}
		out = map[string]any{"changed": s.SetStatus(id, q.Get("status"))}
	case "/admin/remove":
		out = map[string]any{"removed": s.Remove(id)}
	case "/admin/cancel":
		out = map[string]any{"cancelled": s.Cancel(id)}
	default:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}
