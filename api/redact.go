package api

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// redactedMark replaces whatever part of a secret a text holds.
const redactedMark = "[redacted]"

// minRun is the shortest part of a secret that is redacted on its own. Cutting
// or folding a text (an excerpt of a body, say) can leave part of a secret; a
// run this long of a random key does not occur by chance.
const minRun = 8

// redactor removes secrets from what a server sends back: the API key as sent,
// as JSON and URLs write it, and the Authorization header's base64 of user:key, whole
// or any run of minRun bytes of them. Bodies are redacted before anything is
// made of them (decoding, excerpts), so no view, log or error can show it.
type redactor struct {
	secrets [][]byte
	grams   map[uint32][]gram // every 4-byte window of every secret
	// filter has a bit set for each window in grams, so that the scan of a
	// body skips nearly every window without a map lookup.
	filter [1 << 10]uint64
}

type gram struct{ secret, at int }

func newRedactor(username, key string) *redactor {
	r := &redactor{grams: map[uint32][]gram{}}
	if key == "" {
		return r
	}
	forms := []string{key, jsonString(key, false), jsonString(key, true), url.QueryEscape(key),
		base64.StdEncoding.EncodeToString([]byte(username + ":" + key))}
	for _, f := range forms {
		if !containsBytes(r.secrets, f) {
			r.secrets = append(r.secrets, []byte(f))
		}
	}
	for s, sec := range r.secrets {
		for at := 0; at+4 <= len(sec); at++ {
			k := binary.LittleEndian.Uint32(sec[at:])
			r.grams[k] = append(r.grams[k], gram{s, at})
			h := filterBit(k)
			r.filter[h>>6] |= 1 << (h & 63)
		}
	}
	return r
}

// jsonString is s as JSON writes it inside quotes, with or without the HTML
// escapes (\u003c for <) that Go and others add by default.
func jsonString(s string, html bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	_ = enc.Encode(s)
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(b.String()), `"`), `"`)
}

func containsBytes(list [][]byte, s string) bool {
	for _, b := range list {
		if string(b) == s {
			return true
		}
	}
	return false
}

// bytes returns b with every secret, and every run of minRun bytes of one,
// replaced; b itself when it holds none.
func (r *redactor) bytes(b []byte) []byte {
	spans := r.find(b)
	if len(spans) == 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	last := 0
	for _, s := range spans {
		out = append(out, b[last:s[0]]...)
		out = append(out, redactedMark...)
		last = s[1]
	}
	return append(out, b[last:]...)
}

func (r *redactor) text(s string) string { return string(r.bytes([]byte(s))) }

// header is a copy of h with every value redacted: a server may echo what
// it was sent, the Authorization header included.
func (r *redactor) header(h http.Header) http.Header {
	out := make(http.Header, len(h))
	for k, vs := range h {
		for _, v := range vs {
			out[k] = append(out[k], r.text(v))
		}
	}
	return out
}

// err is err with its text redacted. The result still unwraps to err, so
// errors.Is and errors.As see through it; only its text changes.
func (r *redactor) err(err error) error {
	if err == nil {
		return nil
	}
	if t := err.Error(); r.text(t) != t {
		return &redactedError{r.text(t), err}
	}
	return err
}

type redactedError struct {
	text string
	err  error
}

func (e *redactedError) Error() string { return e.text }
func (e *redactedError) Unwrap() error { return e.err }

// find returns the spans of b to redact, sorted and merged. Any run of minRun
// bytes holds a whole 4-byte window starting at a multiple of 4, so only those
// windows are looked up; a hit is then stretched both ways along the secret.
func (r *redactor) find(b []byte) [][2]int {
	var spans [][2]int
	for _, sec := range r.secrets {
		if len(sec) < minRun {
			// Too short for runs to mean anything, and for its bytes to be
			// rare: only the whole secret standing as a word of its own.
			for i := 0; ; {
				j := bytes.Index(b[i:], sec)
				if j < 0 {
					break
				}
				lo, hi := i+j, i+j+len(sec)
				if (lo == 0 || !wordByte(b[lo-1])) && (hi == len(b) || !wordByte(b[hi])) {
					spans = addSpan(spans, lo, hi)
				}
				i = hi
			}
		}
	}
	for p := 0; p+4 <= len(b); p += 4 {
		k := binary.LittleEndian.Uint32(b[p:])
		if h := filterBit(k); r.filter[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		hits, ok := r.grams[k]
		if !ok {
			continue
		}
		for _, g := range hits {
			sec := r.secrets[g.secret]
			if len(sec) < minRun {
				continue
			}
			lo, hi := p, p+4
			for k := g.at; k > 0 && lo > 0 && b[lo-1] == sec[k-1]; k-- {
				lo--
			}
			for k := g.at + 4; k < len(sec) && hi < len(b) && b[hi] == sec[k]; k++ {
				hi++
			}
			if hi-lo >= minRun {
				spans = addSpan(spans, lo, hi)
			}
		}
	}
	return spans
}

func wordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

func filterBit(k uint32) uint32 { return (k * 0x9E3779B1) >> 16 }

// addSpan adds [lo, hi) to sorted, merged spans. Spans arrive nearly in
// order, so the common case appends or extends the last one.
func addSpan(spans [][2]int, lo, hi int) [][2]int {
	i := len(spans)
	for i > 0 && spans[i-1][0] > lo {
		i--
	}
	spans = append(spans, [2]int{})
	copy(spans[i+1:], spans[i:])
	spans[i] = [2]int{lo, hi}
	// Merge around i.
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && s[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], s[1])
			continue
		}
		out = append(out, s)
	}
	return out
}
