package api

import (
	"context"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
)

// wireHeaders are the headers of a request as the transport wrote them:
// those the client set and those Go's transport adds (Host,
// Accept-Encoding), which a developer comparing with `curl -v` looks for.
// The credentials of Authorization and Proxy-Authorization are never
// kept: their values are replaced as they are seen.
type wireHeaders struct {
	mu sync.Mutex
	h  http.Header
}

// trace is ctx with the transport telling w each header it writes. Each
// request of one Do (a redirect followed, or one Go's transport sends again
// on a fresh connection) writes them anew: w keeps the last one's, those of
// the request answered, not all of them run together.
func (w *wireHeaders) trace(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GetConn: w.restart, WroteHeaderField: w.wrote})
}

func (w *wireHeaders) restart(string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.h = nil
}

func (w *wireHeaders) wrote(key string, value []string) {
	switch {
	case key == ":authority": // HTTP/2's Host
		key = "Host"
	case strings.HasPrefix(key, ":"): // HTTP/2's method, path and scheme: the request line says them
		return
	}
	key = http.CanonicalHeaderKey(key)
	// A proxy's credentials (from HTTP_PROXY's URL) are the user's as much
	// as the key is.
	if key == "Authorization" || key == "Proxy-Authorization" {
		value = []string{"Basic " + redactedMark}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.h == nil {
		w.h = http.Header{}
	}
	w.h[key] = append(w.h[key], value...)
}

// sent is what was written, or set where the transport wrote nothing (it
// failed before a header went out).
func (w *wireHeaders) sent(set http.Header) http.Header {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.h) == 0 {
		return set
	}
	return w.h
}

// restoreEncoding puts back the Content-Encoding Go's transport removed
// from an answer it decompressed, so that the headers shown say how it
// came and the bytes counted are said to be decompressed
// (Exchange.Decompressed). The Content-Length it also removed, the
// compressed size, is not known to put back.
func restoreEncoding(resp *http.Response, h http.Header) {
	if resp.Uncompressed && h.Get("Content-Encoding") == "" {
		h.Set("Content-Encoding", "gzip")
	}
}

// Decompressed says whether Bytes counts the answer after Go's transport
// decompressed it: its headers say it came gzipped.
func (x Exchange) Decompressed() bool {
	return strings.EqualFold(x.Header.Get("Content-Encoding"), "gzip")
}

// BytesUnit is the word for Bytes: "bytes", or "bytes decompressed" where
// the server sent fewer (Decompressed).
func (x Exchange) BytesUnit() string {
	if x.Decompressed() {
		return "bytes decompressed"
	}
	return "bytes"
}
