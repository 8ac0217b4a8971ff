// Package textsafe makes untrusted text safe to draw on a terminal. Anyone can
// type into a donation form, so names and messages may carry escape sequences
// (colour, title, clipboard writes), control characters, bidi overrides,
// zero-width characters or invalid UTF-8. None of it may reach the terminal.
package textsafe

import (
	"strings"
	"unicode/utf8"
)

// Line makes s safe for a single-line cell: line breaks and tabs become spaces.
func Line(s string) string { return clean(s, false) }

// Block makes s safe for a multi-line area: line breaks are kept, tabs become spaces.
func Block(s string) string { return clean(s, true) }

// invisible reports runes that change how text is laid out or read without
// showing anything: bidi controls and zero-width characters.
func invisible(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, // zero-width space/joiners, LRM, RLM
		r >= 0x202A && r <= 0x202E, // bidi embeddings and overrides
		r >= 0x2060 && r <= 0x2069, // word joiner, invisible operators, bidi isolates
		r == 0x061C, r == 0xFEFF, r == 0x00AD, r == 0x180E:
		return true
	}
	return false
}

func clean(s string, multiline bool) string {
	if safe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteRune(utf8.RuneError)
		case r == 0x1b:
			i += escapeLen(s[i:])
			continue
		case r == '\n' && multiline:
			b.WriteByte('\n')
		case r == '\r':
			if !multiline && !(i+1 < len(s) && s[i+1] == '\n') {
				b.WriteByte(' ')
			}
		case r == '\n' || r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || invisible(r):
			// dropped
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// safe is the fast path: plain printable text needs no copy.
func safe(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			return false
		}
		if c >= 0x80 {
			for _, r := range s[i:] {
				if r == utf8.RuneError || r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || invisible(r) {
					return false
				}
			}
			return utf8.ValidString(s[i:])
		}
	}
	return true
}

// escapeLen is the length of the escape sequence at the start of s (which
// begins with ESC), so the whole sequence is dropped, not just its ESC.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[': // CSI: parameters and intermediates, then a final byte 0x40-0x7e
		for i := 2; i < len(s); i++ {
			if s[i] >= 0x40 && s[i] <= 0x7e {
				return i + 1
			}
			if s[i] < 0x20 || s[i] > 0x7e { // a broken sequence ends here
				return i
			}
		}
		return len(s)
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: until BEL or ST
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	return 1 + size
}
