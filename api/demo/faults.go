package demo

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"
)

// delay waits the configured latency; false when the client left meanwhile.
func (s *Server) delay(r *http.Request) bool {
	d := s.opts.Latency + s.jitter()
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-r.Context().Done():
		return false
	case <-t.C:
		return true
	}
}

// withinLimit sets the rate-limit headers and answers 429 past the budget.
func (s *Server) withinLimit(w http.ResponseWriter, r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	now := s.opts.Now()
	limit, remaining, reset, ok := s.spend(host, now)
	h := w.Header()
	h.Set("X-Ratelimit-Limit", strconv.Itoa(limit))
	h.Set("X-Ratelimit-Remaining", strconv.Itoa(remaining))
	h.Set("X-Ratelimit-Reset", strconv.FormatInt(reset.Unix(), 10))
	if !ok {
		if !s.opts.NoRetryAfter {
			h.Set("Retry-After", strconv.Itoa(int(max(reset.Sub(now).Seconds(), 0))+1))
		}
		s.fail(w, http.StatusTooManyRequests, "Too many requests")
	}
	return ok
}

// scriptedFault answers with the Script's fault for this request, if any
// comes before the request is looked at.
func (s *Server) scriptedFault(w http.ResponseWriter, scripted int) bool {
	h := w.Header()
	switch {
	case scripted == FaultBare429:
		for _, k := range []string{"X-Ratelimit-Limit", "X-Ratelimit-Remaining", "X-Ratelimit-Reset"} {
			h.Del(k)
		}
		s.fail(w, http.StatusTooManyRequests, "Too many requests")
	case scripted == FaultReset:
		resetConn(w)
	case scripted > 0:
		if scripted == http.StatusTooManyRequests && !s.opts.NoRetryAfter {
			h.Set("Retry-After", "1")
		}
		s.fail(w, scripted, http.StatusText(scripted))
	default:
		return false
	}
	return true
}

// refuse answers a request for another path, method or account.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request) bool {
	h := w.Header()
	switch {
	case !s.serves(r.URL.Path):
		s.fail(w, http.StatusNotFound, "Not found")
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		h.Set("Allow", "GET")
		s.fail(w, http.StatusMethodNotAllowed, "Method not allowed")
	case !s.authorized(r):
		h.Set("WWW-Authenticate", `Basic realm="Donations API"`)
		s.fail(w, http.StatusUnauthorized, "Authentication failed")
	case s.opts.KindStatus != 0 && s.isKind(r.URL.Path):
		s.fail(w, s.opts.KindStatus, http.StatusText(s.opts.KindStatus))
	default:
		return false
	}
	return true
}

// randomFault answers with one of the faults drawn by chance, or the
// Script's HTML page.
func (s *Server) randomFault(w http.ResponseWriter, n, scripted int) bool {
	switch {
	case s.chance(s.opts.ErrorRate):
		s.fail(w, pickStatus(n), "Internal server error")
	case s.chance(s.opts.ResetRate):
		resetConn(w)
	case scripted == FaultHTML200:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, "<!DOCTYPE html><html><body><h1>Please sign in to the Wi-Fi</h1></body></html>\n")
	default:
		return false
	}
	return true
}

// resetConn drops the connection with a TCP reset, before any answer.
func resetConn(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

// cut promises the whole body, sends half of it, and hangs up.
func cut(w http.ResponseWriter, body []byte) {
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
	_, _ = buf.Write(body[:len(body)/2])
	_ = buf.Flush()
	_ = conn.Close()
}

func pickStatus(n int) int {
	return []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}[n%3]
}

func (s *Server) fail(w http.ResponseWriter, status int, msg string) {
	var body []byte
	if s.opts.HTMLErrors {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		body = fmt.Appendf(nil, "<!DOCTYPE html>\n<html><head><title>%d %s</title></head>\n<body><h1>%s</h1><p>nginx</p></body></html>\n",
			status, http.StatusText(status), http.StatusText(status))
	} else {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		body, _ = json.Marshal(map[string]string{"error": msg})
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// gzipped is body compressed, as a server that gzips its answers sends it.
func gzipped(body []byte) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	_, _ = z.Write(body) // a bytes.Buffer takes every write
	_ = z.Close()
	return b.Bytes()
}
