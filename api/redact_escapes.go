package api

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// escapedAt is the length of sec at the start of b, each of its characters
// written as is, as a JSON escape (\u002d, \n, \/) or as a URL escape (%2D,
// + for a space), as servers differ in what they escape; 0 when b does not
// start with it.
func escapedAt(b []byte, sec string) int {
	q := 0
	for i := 0; i < len(sec); {
		r, size := utf8.DecodeRuneInString(sec[i:])
		ch := sec[i : i+size]
		n := literal(b[q:], ch)
		if n == 0 && r != utf8.RuneError {
			n = jsonEscape(b[q:], r)
		}
		if n == 0 {
			n = urlEscape(b[q:], ch)
		}
		if n == 0 {
			return 0
		}
		q, i = q+n, i+size
	}
	return q
}

func literal(b []byte, s string) int {
	if len(b) >= len(s) && string(b[:len(s)]) == s {
		return len(s)
	}
	return 0
}

// jsonShort are JSON's two-character escapes, by the rune each writes.
var jsonShort = map[rune]byte{'"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// jsonEscape is the length of r written as a JSON escape at the start of b
// (a surrogate pair past the Basic Multilingual Plane), or 0.
func jsonEscape(b []byte, r rune) int {
	if len(b) < 2 || b[0] != '\\' {
		return 0
	}
	if c, ok := jsonShort[r]; ok && b[1] == c {
		return 2
	}
	u, ok := hexRune(b)
	switch {
	case !ok:
		return 0
	case u == r:
		return 6
	}
	if hi, lo := utf16.EncodeRune(r); hi == u {
		if v, ok := hexRune(b[6:]); ok && v == lo {
			return 12
		}
	}
	return 0
}

// hexRune reads \uXXXX at the start of b.
func hexRune(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[2:6]), 16, 16)
	return rune(v), err == nil
}

// urlEscape is the length of the bytes of s written as %XX (or + for a
// space) at the start of b, or 0.
func urlEscape(b []byte, s string) int {
	if s == " " && len(b) > 0 && b[0] == '+' {
		return 1
	}
	q := 0
	for i := 0; i < len(s); i++ {
		if len(b) < q+3 || b[q] != '%' {
			return 0
		}
		v, err := strconv.ParseUint(string(b[q+1:q+3]), 16, 8)
		if err != nil || byte(v) != s[i] {
			return 0
		}
		q += 3
	}
	return q
}
