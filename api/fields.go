package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The spec does not say which fields may be null or omitted, and servers of this
// kind are seen sending numbers as strings and strings as numbers. Each field
// therefore decodes through one of these tolerant types, which remember whether a
// value was present at all so the UI can tell "missing" from "empty".

// Text is a string field. A JSON number or boolean is kept as its literal text.
type Text struct {
	Value string
	Valid bool
}

// Int is an integer field that also accepts an integer written as a string.
type Int struct {
	Value int64
	Valid bool
}

// Flag is a boolean field that also accepts "true"/"false", "yes"/"no" and 1/0.
type Flag struct {
	Value bool
	Valid bool
}

// Number is a decimal field kept as the exact text the server sent, whether it
// came as a JSON number or as a string, so no float64 ever touches money.
type Number struct {
	Text  string
	Valid bool
}

func isNull(b []byte) bool { return len(b) == 0 || string(b) == "null" }

// unquote returns the string inside a JSON string literal, taking the fast path
// when nothing is escaped.
func unquote(b []byte) (string, error) {
	if plainString(b) {
		return string(b[1 : len(b)-1]), nil
	}
	var s string
	err := json.Unmarshal(b, &s)
	return s, err
}

// UnmarshalJSON reads a text value. A JSON number or boolean, or even a
// structure where text was expected, is kept as its literal text rather
// than failing the record.
func (t *Text) UnmarshalJSON(b []byte) error {
	s, ok, err := scalarText(b)
	t.set(s, ok)
	return err
}

// set takes a value as the decoder reads it: the text of a string or the
// literal of anything else, and ok false for null.
func (t *Text) set(s string, ok bool) {
	*t = Text{}
	if ok {
		*t = Text{s, true}
	}
}

// plainString says whether a JSON string literal holds its text verbatim:
// no escapes, and valid UTF-8 (encoding/json would replace invalid bytes).
func plainString(b []byte) bool {
	return len(b) >= 2 && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b)
}

func (t Text) MarshalJSON() ([]byte, error) {
	if !t.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(t.Value)
}

// scalarText is the text of a JSON scalar: a string's contents, or the
// literal of a number or boolean; ok is false for null (and on an error).
func scalarText(b []byte) (s string, ok bool, err error) {
	b = bytes.TrimSpace(b)
	if isNull(b) {
		return "", false, nil
	}
	if b[0] == '"' {
		s, err = unquote(b)
		return s, err == nil, err
	}
	return string(b), true, nil
}

// UnmarshalJSON reads a whole number, or leaves n missing when b is not
// one ("soon" for a year): one odd field must not cost the record, and with
// it the page; the raw bytes still show it.
func (n *Int) UnmarshalJSON(b []byte) error {
	s, ok, _ := scalarText(b)
	n.set(s, ok)
	return nil
}

func (n *Int) set(s string, ok bool) {
	v, _, ok := wholeNumber(s, ok)
	*n = Int{v, ok}
}

// wholeNumber reads an integer, or one written as a string (s and sent
// as set takes them); sent is false for null and empty text, ok false for
// anything else that is not a whole number.
func wholeNumber(s string, sent bool) (v int64, _, ok bool) {
	if s = strings.TrimSpace(s); !sent || s == "" {
		return 0, false, false
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return v, true, true
	}
	// 2025.0 or "12.0": an integer written with a fraction of zero.
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != float64(int64(f)) {
		return 0, true, false
	}
	return int64(f), true, true
}

func (n Int) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, n.Value, 10), nil
}

// UnmarshalJSON reads a yes or a no, and leaves f missing for anything
// else ("maybe"), as Int does.
func (f *Flag) UnmarshalJSON(b []byte) error {
	s, ok, _ := scalarText(b)
	f.set(s, ok)
	return nil
}

func (f *Flag) set(s string, ok bool) {
	*f = Flag{}
	if !ok {
		return
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "y", "1":
		*f = Flag{true, true}
	case "false", "no", "n", "0":
		*f = Flag{false, true}
	}
}

func (f Flag) MarshalJSON() ([]byte, error) {
	if !f.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendBool(nil, f.Value), nil
}

func (n *Number) UnmarshalJSON(b []byte) error {
	s, ok, err := scalarText(b)
	n.set(s, ok)
	return err
}

func (n *Number) set(s string, ok bool) {
	*n = Number{}
	if v := strings.TrimSpace(s); ok && v != "" {
		*n = Number{v, true}
	}
}

func (n Number) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(n.Text)
}

// Decimal parses the number exactly; ok is false when it is missing or not a
// plain decimal (a server could send "N/A").
func (n Number) Decimal() (Decimal, bool) {
	if !n.Valid {
		return Decimal{}, false
	}
	d, err := ParseDecimal(n.Text)
	return d, err == nil
}

// sent says whether the field came with a value, for the decoder to let a
// flat field win over the same field sent under another name. A blank text
// is no value: an empty flat e-mail must not hide the donor's nested one.
func (t Text) sent() bool { return t.Valid && strings.TrimSpace(t.Value) != "" }
func (n Int) sent() bool  { return n.Valid }
func (f Flag) sent() bool { return f.Valid }

// fill sets to from from when to was not sent and from was.
func fill[T interface{ sent() bool }](to *T, from T) {
	if !(*to).sent() && from.sent() {
		*to = from
	}
}
