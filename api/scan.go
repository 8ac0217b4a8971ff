package api

import (
	"fmt"
	"unicode/utf8"
)

// A single-pass JSON reader for pages and records. encoding/json scans a
// record three or four times over (to find its end, to check it, to decode
// it, to hand each field to its UnmarshalJSON) and copies every string,
// several times the work of one pass (docs/performance.md, "Decoding and
// searching"). This reads each byte once and checks the syntax as it goes;
// strings are slices of one string copy of the bytes (no unsafe), and
// encoding/json still unescapes strings and words the error of a body this
// reader refuses.

// errTooDeep refuses JSON that nests past MaxDepth. encoding/json itself
// goes 10,000 levels deep; a record nested far past anything the API sends
// would cost every later reader of its raw bytes (the raw view, exports,
// answers decoded as values) that depth again.
var errTooDeep = fmt.Errorf("nested too deeply (more than %d levels)", MaxDepth)

// reader reads the JSON in s from i. b holds the same bytes as s, for the
// raw values a donation keeps (answers) and for encoding/json's slow paths;
// nobody may change them.
type reader struct {
	s     string
	b     []byte
	i     int
	depth int // of the container being read
	err   error
	// rec is the record being read, here rather than on the stack, where
	// the tables' calls would move it to the heap once a record.
	rec record
}

func newReader(b []byte) *reader { return &reader{s: string(b), b: b} }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (r *reader) space() {
	for r.i < len(r.s) && isSpace(r.s[r.i]) {
		r.i++
	}
}

// next is the byte at i past any space, 0 at the end or after an error.
func (r *reader) next() byte {
	r.space()
	if r.err != nil || r.i >= len(r.s) {
		return 0
	}
	return r.s[r.i]
}

// fail records the first error: the end of the input, or the byte at i.
func (r *reader) fail() {
	switch {
	case r.err != nil:
	case r.i >= len(r.s):
		r.err = errEnd
	default:
		r.err = fmt.Errorf("invalid character %q at offset %d", r.s[r.i], r.i)
	}
}

// expect reads the byte c, past any space.
func (r *reader) expect(c byte) bool {
	if r.next() != c {
		r.fail()
		return false
	}
	r.i++
	return true
}

// value reads any value and returns where it starts; it ends at r.i.
func (r *reader) value() int {
	c := r.next()
	start := r.i
	switch {
	case c == '"':
		r.str()
	case c == '{':
		r.object(func(string) { r.value() })
	case c == '[':
		r.array(func() { r.value() })
	case c == 't':
		r.literal("true")
	case c == 'f':
		r.literal("false")
	case c == 'n':
		r.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		r.number()
	default:
		r.fail()
	}
	return start
}

func (r *reader) literal(lit string) {
	if len(r.s)-r.i < len(lit) {
		r.i = len(r.s)
		r.fail()
		return
	}
	for k := 0; k < len(lit); k++ {
		if r.s[r.i] != lit[k] {
			r.fail()
			return
		}
		r.i++
	}
}

func (r *reader) digits() int {
	n := 0
	for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
		r.i++
		n++
	}
	return n
}

func (r *reader) number() {
	if r.s[r.i] == '-' {
		r.i++
	}
	// JSON allows no leading zeros: "0" alone, or 1-9 then digits.
	if r.i < len(r.s) && r.s[r.i] == '0' {
		r.i++
	} else if r.digits() == 0 {
		r.fail()
		return
	}
	if r.i < len(r.s) && r.s[r.i] == '.' {
		if r.i++; r.digits() == 0 {
			r.fail()
			return
		}
	}
	if r.i < len(r.s) && (r.s[r.i] == 'e' || r.s[r.i] == 'E') {
		r.i++
		if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			r.i++
		}
		if r.digits() == 0 {
			r.fail()
		}
	}
}

// str reads the string at i and returns its text: a slice of s when it
// holds its text verbatim, else what encoding/json makes of it (escapes
// read, invalid UTF-8 replaced).
func (r *reader) str() string {
	start := r.i
	plain, ascii := true, true
	for r.i++; r.i < len(r.s); r.i++ {
		switch c := r.s[r.i]; {
		case c == '"':
			r.i++
			if plain && (ascii || utf8.ValidString(r.s[start+1:r.i-1])) {
				return r.s[start+1 : r.i-1]
			}
			s, err := unquote(r.b[start:r.i])
			if err != nil {
				r.err = err
			}
			return s
		case c == '\\':
			plain = false
			r.escape()
			if r.err != nil {
				return ""
			}
		case c < 0x20:
			r.fail()
			return ""
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	r.fail()
	return ""
}

// escape checks the escape after the backslash at i and leaves i on its
// last byte.
func (r *reader) escape() {
	if r.i++; r.i >= len(r.s) {
		r.fail()
		return
	}
	switch r.s[r.i] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
	case 'u':
		for k := 0; k < 4; k++ {
			if r.i++; r.i >= len(r.s) || !isHex(r.s[r.i]) {
				r.fail()
				return
			}
		}
	default:
		r.fail()
	}
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// open enters the container whose opening bracket is at i.
func (r *reader) open() bool {
	if r.depth++; r.depth > MaxDepth {
		r.err = errTooDeep
		return false
	}
	r.i++
	return true
}

// more reads what follows a member or element: true after a comma, false
// after the closing bracket (or an error).
func (r *reader) more(closing byte) bool {
	switch c := r.next(); c {
	case ',':
		r.i++
		return true
	case closing:
		r.i++
		r.depth--
		return false
	}
	r.fail()
	return false
}

// object reads the object at i, calling member with each key (unescaped);
// member must read the value.
func (r *reader) object(member func(key string)) {
	if !r.open() {
		return
	}
	if r.next() == '}' {
		r.i++
		r.depth--
		return
	}
	for r.err == nil {
		if r.next() != '"' {
			r.fail()
			return
		}
		key := r.str()
		if !r.expect(':') {
			return
		}
		member(key)
		if r.err != nil || !r.more('}') {
			return
		}
	}
}

// array reads the array at i, calling element for each element, which
// must read it.
func (r *reader) array(element func()) {
	if !r.open() {
		return
	}
	if r.next() == ']' {
		r.i++
		r.depth--
		return
	}
	for r.err == nil {
		element()
		if r.err != nil || !r.more(']') {
			return
		}
	}
}

// checkDepth refuses b when its brackets nest more than MaxDepth deep. It
// only counts, skipping strings, so it says what the reader would have
// said first had the syntax been right.
func checkDepth(b []byte) error {
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			if depth++; depth > MaxDepth {
				return errTooDeep
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return nil
}
