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
		case c1Kind(r) != 0:
			i += size + bodyLen(c1Kind(r), s[i+size:])
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
	if k := s[1]; k == '[' || stringKind(k) {
		return 2 + bodyLen(k, s[2:])
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	return 1 + size
}

// c1Kind is the ESC sequence a C1 control opens, by the byte that follows
// ESC there ('[' for CSI, U+009B), or 0 for one that opens none: a
// server's "\u009b31m" lost its CSI and showed the 31m.
func c1Kind(r rune) byte {
	switch r {
	case 0x9b:
		return '['
	case 0x9d:
		return ']'
	case 0x90:
		return 'P'
	case 0x98:
		return 'X'
	case 0x9e:
		return '^'
	case 0x9f:
		return '_'
	}
	return 0
}

// stringKind says whether ESC k opens a string (OSC, DCS, SOS, PM, APC),
// which runs until BEL or ST.
func stringKind(k byte) bool { return k == ']' || k == 'P' || k == 'X' || k == '^' || k == '_' }

// bodyLen is the length of the body of a sequence of kind k at the start
// of s: a CSI's parameters and intermediates with its final byte
// (0x40-0x7e), a string's text with its BEL or ST (ESC \ or U+009C).
func bodyLen(k byte, s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case k == '[' && c >= 0x40 && c <= 0x7e:
			return i + 1
		case k == '[' && (c < 0x20 || c > 0x7e): // a broken sequence ends here
			return i
		case k != '[' && c == 0x07:
			return i + 1
		case k != '[' && c == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case k != '[' && c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
	}
	return len(s)
}
