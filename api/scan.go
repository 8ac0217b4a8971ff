package api

import (
	"errors"
	"fmt"
)

// A small single-pass JSON scanner for the donation record. encoding/json
// scans every value once to find its end and again to hand it to each field's
// UnmarshalJSON through reflection; walking the bytes once and switching on
// the key does the same work about three times faster.

var errEnd = errors.New("unexpected end of JSON input")

// errTooDeep refuses what nests past MaxDepth, before the recursion can
// exhaust the stack.
var errTooDeep = fmt.Errorf("nested too deeply (more than %d levels)", MaxDepth)

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// syntaxError mirrors encoding/json's wording so callers (and truncated) read
// both the same way.
func syntaxError(b []byte, i int) error {
	if i >= len(b) {
		return errEnd
	}
	return fmt.Errorf("invalid character %q at offset %d", b[i], i)
}

// valueEnd checks the JSON value starting at b[i], which nests depth levels
// deep, and returns where it ends.
func valueEnd(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, errEnd
	}
	switch c := b[i]; {
	case c == '"':
		return stringEnd(b, i)
	case (c == '{' || c == '[') && depth >= MaxDepth:
		return i, errTooDeep
	case c == '{':
		end, err := membersAt(b[i:], depth+1, nil)
		return i + end, err
	case c == '[':
		end, err := elementsAt(b[i:], depth+1, nil)
		return i + end, err
	case c == 't':
		return literalEnd(b, i, "true")
	case c == 'f':
		return literalEnd(b, i, "false")
	case c == 'n':
		return literalEnd(b, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return numberEnd(b, i)
	}
	return i, syntaxError(b, i)
}

func literalEnd(b []byte, i int, lit string) (int, error) {
	if len(b)-i < len(lit) {
		return len(b), errEnd
	}
	if string(b[i:i+len(lit)]) != lit {
		return i, syntaxError(b, i)
	}
	return i + len(lit), nil
}

func numberEnd(b []byte, i int) (int, error) {
	start := i
	if b[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	// JSON allows no leading zeros: "0" alone, or 1-9 then digits.
	if i < len(b) && b[i] == '0' {
		i++
	} else if digits() == 0 {
		return i, syntaxError(b, i)
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return i, syntaxError(b, i)
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return i, syntaxError(b, i)
		}
	}
	if i == start {
		return i, syntaxError(b, i)
	}
	return i, nil
}

// stringEnd returns the end of the string at b[i] (just past its quote).
func stringEnd(b []byte, i int) (int, error) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, nil
		case c == '\\':
			i++
			if i >= len(b) {
				return i, errEnd
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for k := 1; k <= 4; k++ {
					if i+k >= len(b) {
						return len(b), errEnd
					}
					if !isHex(b[i+k]) {
						return i + k, syntaxError(b, i+k)
					}
				}
				i += 4
			default:
				return i, syntaxError(b, i)
			}
		case c < 0x20:
			return i, syntaxError(b, i)
		}
	}
	return i, errEnd
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// members calls fn (when not nil) for each key and value span of the object
// at b, which must start with '{', and returns where the object ends. Keys
// are passed as they stand between their quotes.
func members(b []byte, fn func(key, value []byte) error) (int, error) {
	return membersAt(b, 1, fn)
}

func membersAt(b []byte, depth int, fn func(key, value []byte) error) (int, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return i, syntaxError(b, i)
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, syntaxError(b, i)
		}
		kEnd, err := stringEnd(b, i)
		if err != nil {
			return kEnd, err
		}
		key := b[i+1 : kEnd-1]
		i = skipSpace(b, kEnd)
		if i >= len(b) || b[i] != ':' {
			return i, syntaxError(b, i)
		}
		i = skipSpace(b, i+1)
		vEnd, err := valueEnd(b, i, depth)
		if err != nil {
			return vEnd, err
		}
		if fn != nil {
			if err := fn(key, b[i:vEnd]); err != nil {
				return vEnd, err
			}
		}
		var done bool
		if i, done, err = separator(b, vEnd, '}'); done || err != nil {
			return i, err
		}
	}
}

// separator reads what follows a member or element: a comma (more follow)
// or the closing bracket (done, and where the container ends).
func separator(b []byte, i int, closing byte) (int, bool, error) {
	i = skipSpace(b, i)
	switch {
	case i >= len(b):
		return i, true, errEnd
	case b[i] == ',':
		return skipSpace(b, i+1), false, nil
	case b[i] == closing:
		return i + 1, true, nil
	}
	return i, true, syntaxError(b, i)
}

// elements calls fn (when not nil) for each value span of the array at b and
// returns where the array ends.
func elements(b []byte, fn func(value []byte) error) (int, error) {
	return elementsAt(b, 1, fn)
}

func elementsAt(b []byte, depth int, fn func(value []byte) error) (int, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return i, syntaxError(b, i)
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for {
		vEnd, err := valueEnd(b, i, depth)
		if err != nil {
			return vEnd, err
		}
		if fn != nil {
			if err := fn(b[i:vEnd]); err != nil {
				return vEnd, err
			}
		}
		var done bool
		if i, done, err = separator(b, vEnd, ']'); done || err != nil {
			return i, err
		}
	}
}
