package api

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// escapedAt is the length of sec at the start of b, each of its characters
// written as is, as a JSON escape (\u002d, \n, \/) or as a URL escape (%2D,
// + for a space), as servers differ in what they escape; 0 when b does not
// start with it. loose also takes each character in either case, spaces
// and line breaks between them, and sec cut off by the end of b (or by the
// "…" of an excerpt) once minRun of its bytes are there.
func escapedAt(b []byte, sec string, loose bool) int {
	q := 0
	for i := 0; i < len(sec); {
		if loose && i > 0 {
			q += spacing(b[q:])
			if i >= minRun && (q == len(b) || strings.HasPrefix(string(b[q:]), "…")) {
				return q
			}
		}
		r, size := utf8.DecodeRuneInString(sec[i:])
		ch := sec[i : i+size]
		n := literal(b[q:], ch, loose)
		if n == 0 && r != utf8.RuneError {
			n = jsonEscape(b[q:], r, loose)
		}
		if n == 0 {
			n = urlEscape(b[q:], ch, loose)
		}
		if n == 0 {
			return 0
		}
		q, i = q+n, i+size
	}
	return q
}

func literal(b []byte, s string, fold bool) int {
	if len(b) >= len(s) && (string(b[:len(s)]) == s || fold && strings.EqualFold(string(b[:len(s)]), s)) {
		return len(s)
	}
	return 0
}

// spacing is the length of the run of spaces at the start of b: blanks and
// line breaks, as is or JSON- or URL-escaped, and no-break spaces.
func spacing(b []byte) int {
	q := 0
	for q < len(b) {
		n := 0
		for _, sp := range [...]string{" ", "\t", "\n", "\r", "\\n", "\\t", "\\r", "\\u0020", "%20", "\u00a0"} {
			if strings.HasPrefix(string(b[q:]), sp) {
				n = len(sp)
				break
			}
		}
		if n == 0 {
			return q
		}
		q += n
	}
	return q
}

// sameByte compares two bytes, in either ASCII case when fold is set.
func sameByte(a, b byte, fold bool) bool {
	return a == b || fold && unicode.ToLower(rune(a)) == unicode.ToLower(rune(b)) && a < utf8.RuneSelf && b < utf8.RuneSelf
}

// jsonShort are JSON's two-character escapes, by the rune each writes.
var jsonShort = map[rune]byte{'"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// jsonEscape is the length of r written as a JSON escape at the start of b
// (a surrogate pair past the Basic Multilingual Plane), or 0.
func jsonEscape(b []byte, r rune, fold bool) int {
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
	case u == r || r < utf8.RuneSelf && u < utf8.RuneSelf && sameByte(byte(u), byte(r), fold):
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
func urlEscape(b []byte, s string, fold bool) int {
	if s == " " && len(b) > 0 && b[0] == '+' {
		return 1
	}
	q := 0
	for i := 0; i < len(s); i++ {
		if len(b) < q+3 || b[q] != '%' {
			return 0
		}
		v, err := strconv.ParseUint(string(b[q+1:q+3]), 16, 8)
		if err != nil || !sameByte(byte(v), s[i], fold) {
			return 0
		}
		q += 3
	}
	return q
}
