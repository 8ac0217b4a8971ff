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
// The credentials of Authorization are never kept: its value is replaced
// as it is seen.
type wireHeaders struct {
	mu sync.Mutex
	h  http.Header
}

// trace is ctx with the transport telling w each header it writes.
func (w *wireHeaders) trace(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{WroteHeaderField: w.wrote})
}

func (w *wireHeaders) wrote(key string, value []string) {
	switch {
	case key == ":authority": // HTTP/2's Host
		key = "Host"
	case strings.HasPrefix(key, ":"): // HTTP/2's method, path and scheme: the request line says them
		return
	}
	key = http.CanonicalHeaderKey(key)
	if key == "Authorization" {
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
// from an answer it decompressed (with its Content-Length, the
// compressed size): the headers shown are then those received, and the
// bytes counted are said to be decompressed (Exchange.Decompressed).
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
