package api

import (
	"encoding/base64"
	"net/http"
	"slices"
)

// redactedMark replaces whatever part of a secret a text holds.
const redactedMark = "[redacted]"

// minRun is the length below which a key is redacted only where it stands as
// a word of its own: a short key's bytes are not rare enough in ordinary text.
const minRun = 8

// redactor removes secrets from what a server sends back: the API key, and
// the base64 of the key and of user:key (the Authorization header), whole,
// each of their characters written as is or escaped as JSON or a URL writes
// it. Bodies are redacted before anything is made of them (decoding,
// excerpts), so no view, log or error can show them. Only a whole secret is
// redacted there: a postcode or an amount that shares a run of the key's
// digits is data, and is left as sent. The text of an error is redacted
// more loosely besides (see scrub).
type redactor struct {
	secrets []string
	// starts marks the pairs of bytes an occurrence of a secret can begin
	// with, so that the scan of a body passes over nearly every byte at once.
	starts [1 << 16 / 64]uint64
}

func newRedactor(username, key string) *redactor {
	r := &redactor{}
	if key == "" {
		return r
	}
	// Padded first, so the padding goes too; then unpadded, as a server
	// that cuts or re-pads what it echoes still shows that much.
	encs := []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding}
	for _, s := range []string{key, username + ":" + key} {
		for _, enc := range encs {
			if b := enc.EncodeToString([]byte(s)); !slices.Contains(r.secrets, b) {
				r.secrets = append(r.secrets, b)
			}
		}
	}
	r.secrets = append(r.secrets, key)
	for _, sec := range r.secrets {
		r.mayStart(sec)
	}
	return r
}

// mayStart marks the pairs of bytes sec can begin with, written as
// escapedAt reads it.
func (r *redactor) mayStart(sec string) {
	mark := func(a, b byte) { r.starts[pair(a, b)>>6] |= 1 << (pair(a, b) & 63) }
	next := []byte{'\\', '%', '+'}
	if len(sec) > 1 {
		next = append(next, sec[1])
	}
	for _, b := range next {
		mark(sec[0], b)
	}
	mark('\\', 'u')
	if c, ok := jsonShort[rune(sec[0])]; ok {
		mark('\\', c)
	}
	const hex = "0123456789abcdef0123456789ABCDEF"
	mark('%', hex[sec[0]>>4])
	mark('%', hex[16+sec[0]>>4])
	if sec[0] == ' ' {
		for b := range 256 {
			mark('+', byte(b))
		}
	}
}

func pair(a, b byte) uint32 { return uint32(a)<<8 | uint32(b) }

// bytes returns b with every secret replaced; b itself when it holds none.
func (r *redactor) bytes(b []byte) []byte { return r.replace(b, false) }

// replace returns b with every secret replaced, loosely or not (see
// escapedAt); b itself when it holds none.
func (r *redactor) replace(b []byte, loose bool) []byte {
	spans := r.find(b, loose)
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

// scrub redacts an error's text loosely: the key in any spacing or case,
// and a secret cut off by the end of an excerpt. Such text is the server's
// words about the request, where a key is nothing but a leak; records are
// data, and only a whole secret is taken out of them.
func (r *redactor) scrub(e *Error) *Error {
	e.Excerpt = string(r.replace([]byte(e.Excerpt), true))
	if e.Err != nil {
		t := e.Err.Error()
		if s := string(r.replace([]byte(t), true)); s != t {
			e.Err = &redactedError{s, e.Err}
		}
	}
	return e
}

// find returns the spans of b to redact, in order and apart. A loose
// search tries every byte: it runs over an error's few hundred.
func (r *redactor) find(b []byte, loose bool) [][2]int {
	var spans [][2]int
	if len(r.secrets) == 0 {
		return nil
	}
	for p := 0; p < len(b); p++ {
		if p+1 < len(b) && !loose {
			k := uint32(b[p])<<8 | uint32(b[p+1])
			if r.starts[k>>6]&(1<<(k&63)) == 0 {
				continue
			}
		}
		for _, sec := range r.secrets {
			n := escapedAt(b[p:], sec, loose)
			if n == 0 || len(sec) < minRun && !alone(b, p, p+n) {
				continue
			}
			spans = append(spans, [2]int{p, p + n})
			p += n - 1
			break
		}
	}
	return spans
}

// alone says whether b[lo:hi] stands as a word of its own.
func alone(b []byte, lo, hi int) bool {
	return (lo == 0 || !wordByte(b[lo-1])) && (hi == len(b) || !wordByte(b[hi]))
}

func wordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}
