package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Page is one decoded answer of the list endpoint.
type Page struct {
	Number    int
	Donations []Donation
	Meta      Meta
	Exchange  Exchange
}

// Meta is whatever paging metadata a wrapped list carried. The spec shows none,
// so every field is optional and only used when present.
type Meta struct {
	Wrapped    bool   // the list came inside an object
	Key        string // the key that held the list
	Total      Int    // total donations matching, if told
	TotalPages Int    // number of pages, if told
	HasMore    Flag   // whether another page follows, if told
}

// listKeys are the keys an envelope may hold the donations under, in the order
// they are tried.
var listKeys = []string{"donations", "data", "results", "items", "records"}

// metaKeys are the nested objects paging metadata may sit in.
var metaKeys = []string{"meta", "pagination", "paging", "page_info"}

// DecodePage reads a page body: a bare array of donations, or an object holding
// the array under one of listKeys, with or without paging metadata. Elements
// that are not objects are skipped; a body that is not such JSON is a decode
// error that quotes it, and so is a page past MaxRecords or MaxDepth, or one
// whose list holds values but no record at all.
func DecodePage(body []byte, page int) ([]Donation, Meta, error) {
	return decodePage(body, page, donationList, true)
}

// listing is how a page of one kind of record is read: the keys an
// envelope may hold its list under, in the order they are tried, the
// record's name in errors, and how one record is read.
type listing[T any] struct {
	keys []string
	name string // "donation"
	read func(r *reader, v *T)
}

var donationList = listing[Donation]{keys: listKeys, name: "donation", read: (*reader).record}

// decodePage is DecodePage for any listing; inner says whether {"data":
// {...}} may be opened as one more envelope, which is done once: each
// level would scan the rest of the body again.
func decodePage[T any](body []byte, page int, l listing[T], inner bool) ([]T, Meta, error) {
	fail := func(meta Meta, err error) ([]T, Meta, error) {
		return nil, meta, &Error{Kind: KindDecode, Page: page, Err: err, Excerpt: excerpt(body, 120),
			Truncated: truncated(err)}
	}
	list, meta, nested, err := findList(body, l.keys, l.name)
	switch {
	case err != nil:
		return fail(meta, err)
	case nested != nil && inner:
		// {"data": {"donations": [...]}}: one more level of envelope.
		out, m, err := decodePage(nested, page, l, false)
		m.Wrapped = true
		return out, m, err
	case nested != nil:
		return fail(meta, fmt.Errorf("no list of %ss in the object (looked for %v)", l.name, l.keys))
	}
	out, n, err := decodeList(body, list, page, l)
	var e *Error
	switch {
	case errors.As(err, &e):
		return nil, meta, e
	case err != nil:
		return fail(meta, err)
	case n > 0 && len(out) == 0:
		return fail(meta, fmt.Errorf("the list holds %d values and not one %s record (an object)", n, l.name))
	}
	return out, meta, nil
}

// findList finds the JSON array of records in a body: the body itself, or
// a member of the object wrapping it (under one of keys), with the paging
// metadata beside it. nested is set instead when the list sits one object
// further down.
func findList(body []byte, keys []string, name string) (list []byte, meta Meta, nested []byte, err error) {
	switch firstByte(body) {
	case '[':
		return body, meta, nil, nil
	case 0:
		return nil, meta, nil, fmt.Errorf("empty body")
	case '{':
	default:
		return nil, meta, nil, fmt.Errorf("not JSON")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(body, &obj); err != nil {
		return nil, meta, nil, err
	}
	meta.Wrapped = true
	for _, k := range keys {
		if raw, ok := obj[k]; ok && firstByte(raw) == '[' {
			meta.Key, list = k, raw
			break
		}
	}
	if meta.Key == "" {
		if raw, ok := obj["data"]; ok && firstByte(raw) == '{' {
			return nil, meta, raw, nil
		}
		return nil, meta, nil, fmt.Errorf("no list of %ss in the object (looked for %v)", name, keys)
	}
	readMeta(obj, &meta)
	for _, k := range metaKeys {
		var inner map[string]json.RawMessage
		if raw, ok := obj[k]; ok && json.Unmarshal(raw, &inner) == nil {
			readMeta(inner, &meta)
		}
	}
	return list, meta, nil, nil
}

// decodeList decodes each object of the array, one at a time so that a
// page of a million records is refused at MaxRecords rather than held;
// other elements are skipped. n counts the elements; body is quoted when
// the page holds more records than any page of the API. The records
// share one copy of the list.
func decodeList[T any](body, list []byte, page int, l listing[T]) (out []T, n int, err error) {
	r := newReader(bytes.Clone(list))
	r.next() // the '[' findList saw
	out = make([]T, 0, 100)
	r.array(func() {
		if n++; n > MaxRecords {
			r.err = errTooMany
			return
		}
		if r.next() != '{' {
			r.value()
			return
		}
		out = append(out, *new(T))
		l.read(r, &out[len(out)-1])
	})
	if r.space(); r.err == nil && r.i < len(r.s) {
		r.fail()
	}
	switch {
	case r.err == errTooMany && checkDepth(list) == nil:
		return nil, n, &Error{Kind: KindDecode, Page: page, Excerpt: excerpt(body, 120), Err: fmt.Errorf(
			"the page holds more than %d records, where a page holds at most %d; the server is not answering as the API does",
			MaxRecords, MaxPerPage)}
	case r.err != nil:
		return nil, n, listError(list, r.err)
	}
	return out, n, nil
}

var errTooMany = errors.New("too many records")

// listError says why a list the reader refused is not one, in the words
// encoding/json's Decoder used when it read the list: the depth first, as
// that was checked before anything else. own is the reader's, said if
// encoding/json finds nothing wrong.
func listError(list []byte, own error) error {
	if err := checkDepth(list); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(list))
	if _, err := dec.Token(); err != nil { // the '[' findList saw
		return err
	}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return endOf(err)
		}
	}
	if err := listEnd(dec); err != nil {
		return err
	}
	return own
}

// listEnd reads the array's closing bracket and makes sure nothing but
// space follows it.
func listEnd(dec *json.Decoder) error {
	if _, err := dec.Token(); err != nil {
		return endOf(err)
	}
	switch _, err := dec.Token(); err {
	case io.EOF:
		return nil
	case nil:
		return fmt.Errorf("more JSON after the list, at offset %d", dec.InputOffset())
	default:
		return err
	}
}

// errEnd is JSON that stops before it is complete, worded as json.Unmarshal
// words it: the Decoder says io.ErrUnexpectedEOF, as a cut connection does.
var errEnd = errors.New("unexpected end of JSON input")

func endOf(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errEnd
	}
	return err
}

// truncated says whether JSON ended before it was complete: a body cut off in
// transit, worth asking for again, unlike a body that is simply not JSON.
func truncated(err error) bool {
	var se *json.SyntaxError
	return errors.Is(err, errEnd) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end of JSON input")
}

func readMeta(obj map[string]json.RawMessage, m *Meta) {
	get := func(keys ...string) json.RawMessage {
		for _, k := range keys {
			if raw, ok := obj[k]; ok {
				return raw
			}
		}
		return nil
	}
	if raw := get("total", "total_count", "total_entries", "count_total"); raw != nil {
		_ = m.Total.UnmarshalJSON(raw)
	}
	if raw := get("total_pages", "last_page", "page_count", "pages"); raw != nil {
		_ = m.TotalPages.UnmarshalJSON(raw)
	}
	if raw := get("has_more", "has_next", "has_next_page"); raw != nil {
		_ = m.HasMore.UnmarshalJSON(raw)
	}
	if raw := get("next", "next_page", "next_page_url", "next_url"); raw != nil && !m.HasMore.Valid {
		// A next link or number that is null or empty means this is the last page.
		s := string(bytes.TrimSpace(raw))
		more := s != "null" && s != `""` && s != "false" && s != "0"
		m.HasMore = Flag{more, true}
	}
}

// Last says whether the metadata marks page n as the last one; known is false
// when the metadata says nothing about it.
func (m Meta) Last(n, perPage int) (last, known bool) {
	switch {
	case m.HasMore.Valid:
		return !m.HasMore.Value, true
	case m.TotalPages.Valid:
		return int64(n) >= m.TotalPages.Value, true
	case m.Total.Valid && perPage > 0:
		return int64(n)*int64(perPage) >= m.Total.Value, true
	}
	return false, false
}
